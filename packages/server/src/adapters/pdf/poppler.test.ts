import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pageSizes, renderPagePng, runPoppler, slots } from './poppler.ts';
import { findTextTags } from './text-tags.ts';

/** A letter page, the same page turned a quarter, and a page cropped to 400 x 600, each with a tag. */
async function threePages() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const plain = pdf.addPage([612, 792]);
  plain.drawText('{{sign:Plain}}', { x: 72, y: 700, size: 12, font });
  pdf.addPage([612, 792]).setRotation(degrees(90));
  const cropped = pdf.addPage([612, 792]);
  cropped.setCropBox(50, 50, 400, 600);
  cropped.drawText('{{sign:Cropped}}', { x: 100, y: 100, size: 12, font });
  return pdf.save();
}

/** A PNG's width and height, from its header chunk (IHDR, right after the 8-byte signature). */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('poppler', () => {
  it('measures pages as a viewer shows them: cropped, and turned', async () => {
    expect(await pageSizes(await threePages())).toEqual([
      { width: 612, height: 792 },
      { width: 792, height: 612 },
      { width: 400, height: 600 },
    ]);
  });

  it('draws a page as a PNG of the width asked, its height in proportion', async () => {
    const pdf = await threePages();
    // pdftoppm rounds a fraction of a pixel up or down.
    const expectSize = async (page: number, width: number, height: number) => {
      const size = pngSize(await renderPagePng(pdf, page, width));
      expect(size.width).toBe(width);
      expect(Math.abs(size.height - height)).toBeLessThanOrEqual(1);
    };
    await expectSize(0, 300, (300 * 792) / 612);
    await expectSize(1, 300, (300 * 612) / 792);
    await expectSize(2, 200, 300);
  });

  it('refuses a page that is not there and a width out of bounds', async () => {
    const pdf = await threePages();
    await expect(renderPagePng(pdf, 3, 300)).rejects.toThrow(/pdftoppm failed.*page/i);
    await expect(renderPagePng(pdf, -1, 300)).rejects.toThrow(RangeError);
    await expect(renderPagePng(pdf, 0, 0)).rejects.toThrow(RangeError);
    await expect(renderPagePng(pdf, 0, 100_000)).rejects.toThrow(RangeError);
  });

  it('places tags on a cropped page from its crop box, as its image shows it', async () => {
    const fields = await findTextTags(await threePages());
    expect(fields.map((f) => [f.role, f.page])).toEqual([
      ['Plain', 0],
      ['Cropped', 2],
    ]);
    // Drawn at (100, 100) from the bottom-left of the page; the crop box starts at (50, 50) and is 600 tall.
    expect(fields[1].x).toBeCloseTo(50, 0);
    expect(fields[1].y).toBeGreaterThan(600 - 50 - 12 - 1);
    expect(fields[1].y).toBeLessThan(600 - 50);
  });

  it('says poppler-utils is needed when a tool is missing', async () => {
    await expect(runPoppler('pdftoppm', ['-v'], '/nonexistent')).rejects.toThrow(
      'pdftoppm was not found: signing needs poppler-utils installed (apt-get install poppler-utils)',
    );
  });
});

describe('slots', () => {
  it('runs at most `size` pieces of work at once, the others in turn, each once', async () => {
    const queue = slots(2);
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const work = (n: number) =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5 + (n % 3)));
        running--;
        done.push(n);
        if (n === 3) throw new Error('three');
        return n;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(work));
    expect(most).toBe(2);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(queue.busy).toBe(0);
  });
});
