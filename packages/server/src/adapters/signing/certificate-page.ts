import type { PDFDocument } from 'pdf-lib';
import { embedFonts } from '../pdf/fonts.ts';
import { CertificateSheet, type Column, SHEET_WIDTH } from './certificate-sheet.ts';

export type CertificateSigner = {
  /** Exactly as the signer typed it: any script. */
  name: string;
  email: string;
  role: string;
  ip: string | null;
  userAgent: string | null;
  consentedAt: Date | null;
  viewedAt: Date | null;
  signedAt: Date | null;
};

export type CertificateEvent = { at: Date; kind: string; who: string; ip: string | null; hash: string };

export type CertificateInfo = {
  title: string;
  documentId: number;
  originalSha256: string;
  /** SHA-256 of the stamped document before the certificate pages were added. */
  signedSha256: string;
  sealFingerprint: string;
  signers: CertificateSigner[];
  events: CertificateEvent[];
  /** The hash of the last entry of the signing history: what anchors the whole chain. */
  lastHash: string;
};

export const CERTIFICATE_TITLE = 'Signing certificate';
const NONE = '—';
/** UTC, to the millisecond, as the signing history hashes it: a reader can check an entry against it. */
const utc = (date: Date | null) => date?.toISOString() ?? NONE;

// Widths that fit a full ISO time, a 16-hex-digit hash and an IPv4 address on one line at 8 pt (a
// long IPv6 address wraps); "By" takes what is left.
const HISTORY_COLUMNS: Column[] = [
  { title: 'Time (UTC)', width: 108 },
  { title: 'Event', width: 92 },
  { title: 'By', width: SHEET_WIDTH - 108 - 92 - 80 - 84 },
  { title: 'IP address', width: 80 },
  { title: 'Entry hash', width: 84 },
];

/** Every string the pages will draw, so the fonts embedded cover them (Chinese names included). */
function textOf(info: CertificateInfo): string {
  const signers = info.signers.flatMap((s) => [s.name, s.email, s.role, s.ip ?? '', s.userAgent ?? '']);
  const events = info.events.flatMap((e) => [e.kind, e.who, e.ip ?? '']);
  return [info.title, ...signers, ...events].join(' ');
}

/**
 * Appends the signing certificate: what was signed (the hashes of the original and of the signed pages,
 * the seal's certificate), who signed and from where, and the signing history, whose last hash ties the
 * pages to the tamper-evident event chain. Drawn in the bundled Noto fonts, so every name appears as
 * typed. The caller seals the document afterwards, which covers these pages too.
 */
export async function appendCertificatePages(pdf: PDFDocument, info: CertificateInfo): Promise<void> {
  const fonts = await embedFonts(pdf, textOf(info));
  const sheet = new CertificateSheet(pdf, fonts, CERTIFICATE_TITLE);
  sheet.text(
    'This certificate records how the document was signed electronically. It was added to the document ' +
      'after every party had signed, and the whole file was then sealed: any later change to it breaks the seal.',
    { size: 9 },
  );

  sheet.heading('Document');
  sheet.field('Title', info.title);
  sheet.field('Document ID', String(info.documentId));
  sheet.field('SHA-256 of the original', info.originalSha256);
  sheet.field('SHA-256 of the signed pages', info.signedSha256);
  sheet.field('Seal certificate (SHA-256)', info.sealFingerprint);

  sheet.heading('Signers');
  for (const signer of info.signers) {
    sheet.heading(signer.name, 10.5);
    sheet.field('Email', signer.email);
    sheet.field('Role', signer.role);
    sheet.field('IP address', signer.ip ?? NONE);
    sheet.field('Browser (user agent)', signer.userAgent ?? NONE);
    sheet.field('Consented to e-signing', utc(signer.consentedAt));
    sheet.field('Viewed', utc(signer.viewedAt));
    sheet.field('Signed', utc(signer.signedAt));
    sheet.space(4);
  }

  sheet.heading('Signing history');
  sheet.table(
    HISTORY_COLUMNS,
    info.events.map((event) => [
      utc(event.at),
      event.kind,
      event.who,
      event.ip ?? NONE,
      event.hash.slice(0, 16),
    ]),
  );
  sheet.space(8);
  sheet.text(`The last entry of the signing history hashes to ${info.lastHash}.`);
  sheet.finish();
}
