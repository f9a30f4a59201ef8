/**
 * The signing job's PDF work on a long document: stamp every signer's fields, append the signing
 * certificate and seal, on a 100-page agreement. Part of `npm run bench`; `npx tsx bench/seal.ts` runs it
 * alone.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { drawLine, embedFonts } from '../packages/server/src/adapters/pdf/fonts.ts';
import { appendCertificatePages } from '../packages/server/src/adapters/signing/certificate-page.ts';
import { sealPdf } from '../packages/server/src/adapters/signing/pades.ts';
import {
  fingerprintOf,
  generateSealIdentity,
  type SealIdentity,
} from '../packages/server/src/adapters/signing/seal-identity.ts';
import { type StampField, stampFields } from '../packages/server/src/adapters/signing/stamp-fields.ts';
import { signaturePng, testCertificateInfo } from '../packages/server/src/adapters/signing/test-fixtures.ts';

const LINE =
  'The Purchaser agrees to buy, and the Company agrees to sell, the Shares on the terms set out below.';

export type SealTiming = {
  pages: number;
  fields: number;
  stampMs: number;
  certificateMs: number;
  sealMs: number;
  totalMs: number;
  kilobytes: number;
};

/** An agreement of text in the bundled fonts, as generated documents are. */
async function agreement(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = await embedFonts(pdf, LINE);
  for (let n = 0; n < pages; n++) {
    const page = pdf.addPage([612, 792]);
    for (let line = 0; line < 46; line++)
      drawLine(page, fonts, LINE, { x: 72, y: 720 - line * 14, size: 10 });
  }
  return pdf.save();
}

/** Two signers: initials (one drawn picture) on every page; signatures, names and dates on the last. */
function fieldsFor(pages: number): StampField[] {
  const image = signaturePng();
  const initials = Array.from({ length: pages }, (_, page) => ({
    kind: 'initials' as const,
    page,
    x: 520,
    y: 740,
    width: 50,
    height: 24,
    value: null,
    image,
  }));
  const last = pages - 1;
  const box = { page: last, width: 200, height: 20, image: null };
  return [
    ...initials,
    { ...box, kind: 'signature', x: 72, y: 600, height: 50, value: null, image },
    { ...box, kind: 'signature', x: 320, y: 600, height: 50, value: 'Zoë Dvořák-Łukasiewicz' },
    { ...box, kind: 'name', x: 72, y: 660, value: 'Antonín Dvořák' },
    { ...box, kind: 'name', x: 320, y: 660, value: '王小明' },
    { ...box, kind: 'date', x: 72, y: 690, value: '01/05/2026' },
    { ...box, kind: 'checkbox', x: 320, y: 690, width: 12, height: 12, value: 'true' },
  ];
}

/** The bench's agreement is 100 pages (the budget's); the quick run's fewer. */
export async function timeSealing(pages = 100): Promise<SealTiming> {
  const { certificatePem, privateKeyPem } = generateSealIdentity('Charter Bench Seal');
  const identity: SealIdentity = {
    privateKeyPem,
    certificatePems: [certificatePem],
    fingerprint: fingerprintOf(certificatePem),
    source: 'installation',
  };
  const source = await agreement(pages);
  const fields = fieldsFor(pages);

  const start = performance.now();
  const pdf = await PDFDocument.load(source);
  await stampFields(pdf, fields);
  const stamped = await pdf.save();
  const stampedAt = performance.now();
  await appendCertificatePages(pdf, {
    ...testCertificateInfo(60),
    originalSha256: createHash('sha256').update(source).digest('hex'),
    signedSha256: createHash('sha256').update(stamped).digest('hex'),
    sealFingerprint: identity.fingerprint,
  });
  const certified = await pdf.save();
  const certifiedAt = performance.now();
  const sealed = await sealPdf(certified, identity, {
    reason: 'All parties signed',
    name: 'Charter',
    signingTime: new Date(),
  });
  const end = performance.now();
  const ms = (value: number) => Math.round(value);
  return {
    pages,
    fields: fields.length,
    stampMs: ms(stampedAt - start),
    certificateMs: ms(certifiedAt - stampedAt),
    sealMs: ms(end - certifiedAt),
    totalMs: ms(end - start),
    kilobytes: Math.round(sealed.length / 1024),
  };
}

export const describeSealing = (t: SealTiming) =>
  `Target: stamp + certificate + seal of a ${t.pages}-page PDF < 10 s: ${t.totalMs < 10_000 ? 'met' : 'MISSED'} ` +
  `(${(t.totalMs / 1000).toFixed(2)} s: stamp ${t.stampMs} ms, certificate ${t.certificateMs} ms, ` +
  `seal ${t.sealMs} ms; ${t.fields} fields, ${t.kilobytes} KB)`;

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(describeSealing(await timeSealing()));
