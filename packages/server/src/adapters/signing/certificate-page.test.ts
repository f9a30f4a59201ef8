import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { appendCertificatePages } from './certificate-page.ts';
import { poppler, testCertificateInfo, WANG, ZOE } from './test-fixtures.ts';

/** A one-page document with the certificate appended; each page's text as pdftotext reads it. */
async function certify(info: ReturnType<typeof testCertificateInfo>) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText('The agreement', { x: 72, y: 700, size: 12, font });
  await appendCertificatePages(pdf, info);
  const bytes = await pdf.save();
  const text = await poppler('pdftotext', bytes);
  return { pdf, bytes, text, pages: text.split('\f').filter((page) => page.trim()) };
}

describe('appendCertificatePages', () => {
  it('records the document, the seal and each signer exactly as typed, after the document', async () => {
    const info = testCertificateInfo(6);
    const { pdf, pages, text } = await certify(info);
    expect(pages[0]).toContain('The agreement');
    expect(pages[1]).toMatch(/^Signing certificate\n/);
    expect(pdf.getPage(1).getSize()).toEqual({ width: 612, height: 792 });
    for (const expected of [
      info.title,
      String(info.documentId),
      'SHA-256 of the original',
      info.originalSha256,
      'SHA-256 of the signed pages',
      info.signedSha256,
      info.sealFingerprint,
      ZOE,
      WANG,
      'zoe@example.test',
      'wang@example.test',
      'Founder',
      'Investor',
      '203.0.113.7',
      '2001:db8::42',
      'AppleWebKit/605.1.15',
      '2026-01-05T09:01:00.000Z',
      '2026-01-05T09:03:00.000Z',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('lists the whole history, each entry hash shortened, and the last hash in full, across pages', async () => {
    const info = testCertificateInfo(300);
    const { pdf, pages, text } = await certify(info);
    const certificate = pages.slice(1);
    expect(certificate.length).toBeGreaterThan(3);
    expect(pdf.getPageCount()).toBe(1 + certificate.length);
    for (const [index, page] of certificate.entries()) {
      expect(page).toMatch(index ? /^Signing certificate \(continued\)\n/ : /^Signing certificate\n/);
      expect(page).toContain(`page ${index + 1} of ${certificate.length}`);
    }
    for (const [index, event] of info.events.entries()) {
      expect(text).toContain(event.hash.slice(0, 16));
      // Only the last entry's hash is printed in full, below the table.
      if (index < info.events.length - 1) expect(text).not.toContain(event.hash.slice(0, 17));
      expect(text).toContain(event.at.toISOString());
    }
    expect(text).toContain('The last entry of the signing history hashes to');
    expect(text).toContain(info.lastHash);
  });

  it('keeps its text searchable after the stamped pages were saved (fonts subset twice)', async () => {
    // Fresh modules, so the fonts are parsed anew: the other tests have already looked up every letter.
    vi.resetModules();
    const { stampFields } = await import('./stamp-fields.ts');
    const { appendCertificatePages } = await import('./certificate-page.ts');
    const pdf = await PDFDocument.create();
    pdf.addPage();
    // 'ř' is a composite glyph built on 'r': subsetting it once used to strip 'r' from later text layers.
    await stampFields(pdf, [
      { kind: 'name', page: 0, x: 72, y: 72, width: 200, height: 20, value: ZOE, image: null },
    ]);
    await pdf.save();
    await appendCertificatePages(pdf, testCertificateInfo(3));
    const text = await poppler('pdftotext', await pdf.save());
    expect(text).toContain('This certificate records how the document was signed');
    expect(text).toContain('Founder Stock Purchase Agreement');
  });
});
