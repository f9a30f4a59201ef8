import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { type StampField, stampFields } from './stamp-fields.ts';
import { poppler, signaturePng, testPng, WANG, ZOE } from './test-fixtures.ts';

type Word = { text: string; xMin: number; yMin: number; xMax: number; yMax: number };

const field = (
  kind: StampField['kind'],
  box: [number, number, number, number],
  value: string | null = null,
) => {
  const [x, y, width, height] = box;
  return { kind, page: 0, x, y, width, height, value, image: null } satisfies StampField;
};

/** A Letter page (optionally with a crop box), stamped and saved. */
async function stamped(fields: StampField[], crop?: [number, number, number, number]) {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  if (crop) page.setCropBox(...crop);
  await stampFields(pdf, fields);
  return pdf.save({ useObjectStreams: false });
}

/** Each word and its box in top-left coordinates of the visible page, as pdftotext -bbox -cropbox gives them. */
async function wordsOf(pdf: Uint8Array): Promise<Word[]> {
  const html = await poppler('pdftotext', pdf, ['-bbox', '-cropbox']);
  return [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g),
  ].map(([, xMin, yMin, xMax, yMax, text]) => ({ text, xMin: +xMin, yMin: +yMin, xMax: +xMax, yMax: +yMax }));
}

const within = (words: Word[], [x, y, width, height]: [number, number, number, number]) =>
  words.every((w) => w.xMin >= x && w.xMax <= x + width + 0.01 && w.yMin >= y && w.yMax <= y + height + 0.01);

/** The first page's content streams, decoded and joined. */
async function contentOf(bytes: Uint8Array): Promise<string> {
  const page = (await PDFDocument.load(bytes)).getPage(0);
  const contents = page.node.get(PDFName.of('Contents'));
  if (!contents) return '';
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => {
      const stream = page.doc.context.lookup(ref as PDFRef);
      if (!(stream instanceof PDFRawStream)) throw new Error('Contents is not a stream');
      return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    })
    .join('\n');
}

/** Where each image was drawn, [width, height, x, y], from the matrices pdf-lib writes before its `Do`. */
const imagePlacements = (content: string) =>
  [
    ...content.matchAll(
      /1 0 0 1 ([\d.]+) ([\d.]+) cm\s+1 0 0 1 0 0 cm\s+([\d.]+) 0 0 ([\d.]+) 0 0 cm\s+1 0 0 1 0 0 cm\s+\/\S+ Do/g,
    ),
  ].map(([, x, y, width, height]) => [width, height, x, y].map(Number));

describe('stampFields', () => {
  it('draws text, names and dates inside their boxes, measured from the top-left corner', async () => {
    const boxes = {
      text: [100, 120, 200, 20],
      name: [100, 200, 200, 18],
      date: [350, 200, 120, 18],
      chinese: [100, 260, 120, 18],
    } satisfies Record<string, [number, number, number, number]>;
    const pdf = await stamped([
      field('text', boxes.text, 'Acme Robotics, Inc.'),
      field('name', boxes.name, ZOE),
      field('date', boxes.date, '01/05/2026'),
      field('name', boxes.chinese, WANG),
    ]);
    const words = await wordsOf(pdf);
    const at = (texts: string[]) => words.filter((w) => texts.includes(w.text));
    expect(within(at(['Acme', 'Robotics,', 'Inc.']), boxes.text)).toBe(true);
    expect(at(['Zoë', 'Dvořák-Łukasiewicz'])).toHaveLength(2);
    expect(within(at(['Zoë', 'Dvořák-Łukasiewicz']), boxes.name)).toBe(true);
    expect(within(at(['01/05/2026']), boxes.date)).toBe(true);
    expect(within(at([WANG]), boxes.chinese)).toBe(true);
  });

  it('shrinks text that is too long for its box', async () => {
    const box: [number, number, number, number] = [100, 100, 60, 14];
    const words = await wordsOf(
      await stamped([field('text', box, 'A rather long company name, Incorporated')]),
    );
    expect(words.length).toBe(6);
    expect(within(words, box)).toBe(true);
  });

  it('places fields relative to the crop box when the page has one', async () => {
    const box: [number, number, number, number] = [30, 40, 200, 20];
    const words = await wordsOf(await stamped([field('date', box, '2026-01-05')], [36, 50, 540, 700]));
    expect(words.map((w) => w.text)).toEqual(['2026-01-05']);
    expect(within(words, box)).toBe(true);
  });

  it('fits a signature picture in its box without stretching it, and rules a line under it', async () => {
    // 300 x 100 into 200 x 60: 180 x 60, centred across.
    const signature = { ...field('signature', [72, 500, 200, 60]), image: signaturePng() };
    const content = await contentOf(await stamped([signature]));
    const [[width, height, x, y]] = imagePlacements(content);
    expect(width / height).toBeCloseTo(3, 5);
    expect([width, height, x, y]).toEqual([180, 60, 82, 792 - 500 - 60]);
    expect(content).toContain(`72 232 m\n272 232 l\nS`);
  });

  it('fits a tall picture by its height and centres it', async () => {
    const initials = { ...field('initials', [100, 100, 80, 40]), image: testPng(20, 40, () => true) };
    const [[width, height, x, y]] = imagePlacements(await contentOf(await stamped([initials])));
    expect([width, height, x, y]).toEqual([20, 40, 130, 792 - 100 - 40]);
  });

  it('writes a typed signature in italics when there is no picture', async () => {
    const box: [number, number, number, number] = [72, 300, 220, 40];
    const pdf = await stamped([field('signature', box, ZOE)]);
    const words = await wordsOf(pdf);
    expect(words.map((w) => w.text).join(' ')).toBe(ZOE);
    expect(within(words, box)).toBe(true);
    expect(await contentOf(pdf)).toMatch(/\/NotoSans-Italic-\d+ [\d.]+ Tf/);
  });

  it('embeds a picture used in many fields once', async () => {
    const image = signaturePng();
    const pdf = await PDFDocument.create();
    for (let n = 0; n < 5; n++) pdf.addPage([612, 792]);
    const fields = [0, 1, 2, 3, 4].map((page) => ({ ...field('initials', [500, 740, 60, 30]), page, image }));
    await stampFields(pdf, fields);
    const text = Buffer.from(await pdf.save({ useObjectStreams: false })).toString('latin1');
    // One picture and its alpha mask.
    expect(text.match(/\/Subtype \/Image/g)).toHaveLength(2);
  });

  it('ticks a checked box and leaves an unchecked one empty', async () => {
    const box: [number, number, number, number] = [100, 100, 12, 12];
    const checked = await contentOf(await stamped([field('checkbox', box, 'true')]));
    const unchecked = await contentOf(await stamped([field('checkbox', box, 'false')]));
    expect(checked.match(/ l\n/g)).toHaveLength(2);
    expect(unchecked).not.toMatch(/ l\n/);
  });

  it('refuses a field on a page the document does not have', async () => {
    await expect(stamped([{ ...field('date', [0, 0, 10, 10], 'x'), page: 3 }])).rejects.toThrow(
      'A date field is on page 4 of a 1-page document',
    );
  });
});
