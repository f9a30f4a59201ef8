import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { findTextTags } from './text-tags.ts';

const LETTER: [number, number] = [612, 792];
const SIZE = 12;

/**
 * A document with tags drawn the ways other tools write them: whole, in two runs of two fonts, two runs a
 * hair apart, among ordinary text, at the page's edge and on a second page. Returns where each was drawn
 * (x and the baseline, from the top-left like a field).
 */
async function taggedPdf() {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const drawn = new Map<string, { x: number; baseline: number }>();
  const draw = (page: PDFPage, parts: Array<[string, PDFFont]>, x: number, y: number, gap = 0) => {
    let at = x;
    for (const [text, font] of parts) {
      page.drawText(text, { x: at, y, size: SIZE, font });
      at += font.widthOfTextAtSize(text, SIZE) + gap;
    }
    drawn.set(parts.map(([text]) => text).join(''), { x, baseline: LETTER[1] - y });
  };
  const first = pdf.addPage(LETTER);
  draw(first, [['Signed for the company: {{sign:Company}}', regular]], 72, 700);
  draw(
    first,
    [
      ['{{initials:Coun', regular],
      ['terparty}}', bold],
    ],
    300,
    600,
  );
  draw(
    first,
    [
      ['{{date:Com', regular],
      ['pany}}', regular],
    ],
    72,
    500,
    1.5,
  );
  draw(first, [['Agree {{check:Company}} and {{company_name}} {{signature:Company}}', regular]], 72, 400);
  draw(first, [['{{sign:Edge}}', regular]], 540, 300);
  const second = pdf.addPage(LETTER);
  draw(second, [['Name: {{ name : Counterparty }}', regular]], 100, 200);
  return { bytes: await pdf.save(), drawn, regular };
}

describe('findTextTags', () => {
  it('finds each tag on its page, where it was drawn, as large as its kind needs', async () => {
    const { bytes, drawn, regular } = await taggedPdf();
    const fields = await findTextTags(bytes);
    expect(fields.map((f) => [f.kind, f.role, f.page])).toEqual([
      ['signature', 'Company', 0],
      ['initials', 'Counterparty', 0],
      ['date', 'Company', 0],
      ['checkbox', 'Company', 0],
      ['signature', 'Edge', 0],
      ['name', 'Counterparty', 1],
    ]);
    const [signature, initials, date, checkbox, edge, name] = fields;
    /** Within a few points of the tag's top-left corner: its x, and the top of its letters. */
    const near = (field: (typeof fields)[number], x: number, baseline: number) => {
      expect(Math.abs(field.x - x)).toBeLessThan(3);
      expect(field.y).toBeGreaterThan(baseline - SIZE - 1);
      expect(field.y).toBeLessThan(baseline - SIZE / 2);
    };
    const line = drawn.get('Signed for the company: {{sign:Company}}');
    near(
      signature,
      (line?.x ?? 0) + regular.widthOfTextAtSize('Signed for the company: ', SIZE),
      line?.baseline ?? 0,
    );
    expect(signature).toMatchObject({ width: 150, height: 30, required: true });
    const split = drawn.get('{{initials:Counterparty}}');
    near(initials, split?.x ?? 0, split?.baseline ?? 0);
    // As wide as the tag, which is wider than initials need.
    expect(initials.width).toBeGreaterThan(100);
    const apart = drawn.get('{{date:Company}}');
    near(date, apart?.x ?? 0, apart?.baseline ?? 0);
    expect(checkbox).toMatchObject({ required: false });
    expect(checkbox.width).toBe(checkbox.height);
    // Widened to 150 points from x 540, it would leave the page: it is moved back onto it.
    expect(edge.x + edge.width).toBeCloseTo(612, 5);
    expect(edge.width).toBe(150);
    const other = drawn.get('Name: {{ name : Counterparty }}');
    near(name, (other?.x ?? 0) + regular.widthOfTextAtSize('Name: ', SIZE), other?.baseline ?? 0);
  });

  it('finds nothing in a document without tags', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf
      .addPage(LETTER)
      .drawText('Sign {{here}} or {{sign}} or {{sign:}}', { x: 72, y: 700, size: SIZE, font });
    expect(await findTextTags(await pdf.save())).toEqual([]);
  });
});
