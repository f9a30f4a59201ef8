import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { documentText, docx, paragraph } from '../../../test/support/docx.ts';
import { fillDocx, inspectDocx, NOT_A_DOCX } from './docx-template.ts';

const HELLO = docx(paragraph('Hello {name}, welcome to {company}.'));

// Word often splits a tag across runs.
const SPLIT = docx(
  '<w:p><w:r><w:t xml:space="preserve">Hello </w:t></w:r><w:r><w:t>{na</w:t></w:r><w:r><w:t>me}</w:t></w:r>' +
    '<w:r><w:t xml:space="preserve">, welcome to {company}.</w:t></w:r></w:p>',
);

describe('inspectDocx', () => {
  it('lists the tokens in document order', async () => {
    expect(await inspectDocx(HELLO)).toEqual({ valid: true, tokens: ['name', 'company'], notes: [] });
  });

  it('finds a tag that Word split across runs', async () => {
    expect(await inspectDocx(SPLIT)).toEqual({ valid: true, tokens: ['name', 'company'], notes: [] });
  });

  it('reports loop names and each token once', async () => {
    const loops = docx(paragraph('{name} {#signers}{signer_name} for {name}{/signers} {company} {name}'));
    expect((await inspectDocx(loops)).tokens).toEqual(['name', 'signers', 'signer_name', 'company']);
  });

  it('reports an unclosed tag as an error note naming the tag', async () => {
    const result = await inspectDocx(docx(paragraph('Hello {name')));
    expect(result.valid).toBe(false);
    expect(result.tokens).toEqual([]);
    expect(result.notes).toHaveLength(1);
    expect(result.notes[0]).toMatchObject({ token: 'name', level: 'error' });
    expect(result.notes[0].message).toContain('{name');
  });

  it('gives one note per template error', async () => {
    const result = await inspectDocx(docx(paragraph('{{name}} and {#a}x{/b}')));
    expect(result.valid).toBe(false);
    expect(result.notes.length).toBeGreaterThanOrEqual(2);
    expect(result.notes.every((note) => note.level === 'error' && note.message.length > 0)).toBe(true);
    expect(result.notes.map((note) => note.token)).toContain('a');
  });

  it('rejects a file that is not a Word document', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');
    const expected = {
      valid: false,
      tokens: [],
      notes: [{ token: '', level: 'error', message: NOT_A_DOCX }],
    };
    expect(await inspectDocx(pdf)).toEqual(expected);
    expect(NOT_A_DOCX).toBe('This file is not a Word document (.docx).');

    const zipWithoutDocument = new PizZip();
    zipWithoutDocument.file('hello.txt', 'hi');
    expect(await inspectDocx(zipWithoutDocument.generate({ type: 'uint8array' }))).toEqual(expected);
  });
});

describe('fillDocx', () => {
  it('renders the values into a new DOCX', async () => {
    const result = await fillDocx(HELLO, { name: 'Ada', company: 'Acme' });
    expect(result.notes).toEqual([]);
    expect(documentText(result.bytes)).toContain('Hello Ada, welcome to Acme.');
    // The output is itself a valid template-free DOCX.
    expect(await inspectDocx(result.bytes)).toEqual({ valid: true, tokens: [], notes: [] });
  });

  it('fills a tag that Word split across runs', async () => {
    expect(documentText((await fillDocx(SPLIT, { name: 'Ada', company: 'Acme' })).bytes)).toContain(
      'Hello Ada, welcome to Acme.',
    );
  });

  it('renders a missing value as empty with one warning', async () => {
    const twice = docx(paragraph('Hello {name}, welcome to {company}, {name}.'));
    const result = await fillDocx(twice, { name: 'Ada' });
    expect(documentText(result.bytes)).toContain('Hello Ada, welcome to , Ada.');
    expect(result.notes).toEqual([{ token: 'company', level: 'warning', message: 'No value for company.' }]);
  });

  it('throws on template errors, listing them', async () => {
    await expect(fillDocx(docx(paragraph('Hello {name')), { name: 'Ada' })).rejects.toThrow(
      /\{name\}.*unclosed/,
    );
  });

  it('throws on a file that is not a Word document', async () => {
    await expect(fillDocx(new Uint8Array([1, 2, 3]), {})).rejects.toThrow(NOT_A_DOCX);
  });
});
