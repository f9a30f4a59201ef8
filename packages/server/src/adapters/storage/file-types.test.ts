import { crc32, deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownToPdf } from '../pdf/markdown-pdf.ts';
import {
  CONTENT_MISMATCH_MESSAGE,
  checkUpload,
  contentDisposition,
  EMPTY_FILE_MESSAGE,
  safeFilename,
  UNSUPPORTED_TYPE_MESSAGE,
} from './file-types.ts';

type ZipEntry = { name: string; data: string; deflate?: boolean };

/** A ZIP as Word, LibreOffice or a streaming writer (`descriptors`: sizes after the data) would write it. */
function zip(entries: ZipEntry[], { descriptors = false } = {}): Uint8Array {
  const u16 = (n: number) => Buffer.from([n & 0xff, n >>> 8]);
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n >>> 0);
    return b;
  };
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = Buffer.from(entry.data);
    const data = entry.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(entry.name);
    const sums = [u32(crc32(raw)), u32(data.length), u32(raw.length)];
    const fields = [u16(20), u16(descriptors ? 0x08 : 0), u16(entry.deflate ? 8 : 0), u16(0), u16(0x21)];
    const local = Buffer.concat([
      Buffer.from('PK\x03\x04', 'latin1'),
      ...fields,
      ...(descriptors ? [u32(0), u32(0), u32(0)] : sums),
      u16(name.length),
      u16(0),
      name,
      data,
      ...(descriptors ? [Buffer.from('PK\x07\x08', 'latin1'), ...sums] : []),
    ]);
    centrals.push(
      Buffer.concat([
        Buffer.from('PK\x01\x02', 'latin1'),
        u16(20),
        ...fields,
        ...sums,
        u16(name.length),
        ...[u16(0), u16(0), u16(0), u16(0), u32(0)],
        u32(offset),
        name,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.concat([
    Buffer.from('PK\x05\x06', 'latin1'),
    ...[u16(0), u16(0), u16(entries.length), u16(entries.length)],
    ...[u32(directory.length), u32(offset), u16(0)],
  ]);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const bytes = (text: string, encoding: BufferEncoding = 'utf8') =>
  new Uint8Array(Buffer.from(text, encoding));
const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const contentTypes = { name: '[Content_Types].xml', data: `${xml}<Types/>`, deflate: true };
const docxEntries: ZipEntry[] = [
  contentTypes,
  { name: '_rels/.rels', data: `${xml}<Relationships/>`, deflate: true },
  { name: 'word/document.xml', data: `${xml}<w:document><w:body>Hello</w:body></w:document>`, deflate: true },
];
const odtEntries: ZipEntry[] = [
  { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
  { name: 'content.xml', data: `${xml}<office:document-content/>`, deflate: true },
  { name: 'META-INF/manifest.xml', data: `${xml}<manifest:manifest/>`, deflate: true },
];
const docx = zip(docxEntries);
const odt = zip(odtEntries);
const pdf = bytes('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);
const wpd = new Uint8Array([0xff, 0x57, 0x50, 0x43, 0x10, 0x00, 0x00, 0x00, 0x01, 0x0a]);
const exe = new Uint8Array([
  ...bytes('MZ\x90\x00\x03\x00', 'latin1'),
  ...new Array(58).fill(0),
  ...bytes('%PDF-'),
]);
const refused = (message: string) => ({ ok: false, message });

describe('checkUpload', () => {
  it.each([
    ['report.pdf', pdf, 'pdf', 'application/pdf'],
    ['Letter.DOC', ole, 'doc', 'application/msword'],
    [
      'C:\\Users\\ana\\Offer.docx',
      docx,
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['notes.txt', bytes('Café déjà vu — naïve résumé\n'), 'txt', 'text/plain; charset=utf-8'],
    ['memo.rtf', bytes('{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}} Hello}'), 'rtf', 'application/rtf'],
    ['minutes.odt', odt, 'odt', 'application/vnd.oasis.opendocument.text'],
    ['legacy.wpd', wpd, 'wpd', 'application/vnd.wordperfect'],
  ])('accepts %s', (name, content, extension, contentType) => {
    expect(checkUpload(name, content)).toEqual({ ok: true, extension, contentType });
  });

  it('accepts a PDF made by our own renderer, and one with junk before the header as readers allow', async () => {
    expect(
      checkUpload('made.pdf', (await markdownToPdf('# Title\n\nBody', { title: 'Title' })).bytes),
    ).toMatchObject({ ok: true });
    expect(checkUpload('junk.pdf', new Uint8Array([...new Array(1024).fill(32), ...pdf]))).toMatchObject({
      ok: true,
    });
    expect(checkUpload('junk.pdf', new Uint8Array([...new Array(1025).fill(32), ...pdf]))).toEqual(
      refused(CONTENT_MISMATCH_MESSAGE),
    );
  });

  it('accepts a docx from a streaming writer and one whose central directory was cut off', () => {
    expect(checkUpload('a.docx', zip(docxEntries, { descriptors: true }))).toMatchObject({ ok: true });
    const stored = zip(docxEntries.map((entry) => ({ ...entry, deflate: false })));
    const cut = stored.subarray(0, stored.length - 200);
    expect(checkUpload('a.docx', cut)).toMatchObject({ ok: true });
  });

  it('accepts text with a BOM, and a character cut at the 64 KB sniffing boundary', () => {
    expect(checkUpload('bom.txt', bytes('\ufeffÀ bientôt'))).toMatchObject({ ok: true });
    const long = bytes(`${'a'.repeat(64 * 1024 - 1)}é and more`);
    expect(checkUpload('long.txt', long)).toMatchObject({ ok: true });
  });

  it.each([
    ['a Windows executable renamed .pdf', 'setup.pdf', exe],
    [
      'a spreadsheet (zip without word/) renamed .docx',
      'book.docx',
      zip([contentTypes, { name: 'xl/workbook.xml', data: '<workbook/>' }]),
    ],
    ['an odt renamed .docx', 'minutes.docx', odt],
    ['a docx renamed .odt', 'offer.odt', docx],
    [
      'an odt whose mimetype entry is compressed',
      'minutes.odt',
      zip([{ ...odtEntries[0], deflate: true }, ...odtEntries.slice(1)]),
    ],
    ['binary with NULs named .txt', 'data.txt', new Uint8Array([0x68, 0x69, 0x00, 0x01, 0x02])],
    ['Latin-1 text named .txt', 'old.txt', bytes('caf\xe9', 'latin1')],
    ['text ending mid-character named .txt', 'cut.txt', bytes('caf\xc3', 'latin1')],
    ['a PDF renamed .doc', 'report.doc', pdf],
    ['plain text renamed .rtf', 'memo.rtf', bytes('rtf1 hello')],
    ['a PDF renamed .wpd', 'legacy.wpd', pdf],
  ])('refuses %s', (_, name, content) => {
    expect(checkUpload(name, content)).toEqual(refused(CONTENT_MISMATCH_MESSAGE));
  });

  it.each(['virus.exe', 'README', 'archive.tar.gz', 'trailing.', 'folder.pdf/notes'])(
    'refuses %s by its extension',
    (name) => {
      expect(checkUpload(name, pdf)).toEqual(refused(UNSUPPORTED_TYPE_MESSAGE));
    },
  );

  it('names the allowed types in the spec message and refuses empty files', () => {
    expect(UNSUPPORTED_TYPE_MESSAGE).toBe(
      'Unable to upload file type. Please choose one of the following types: pdf, doc, docx, txt, rtf, odt, wpd',
    );
    expect(checkUpload('empty.txt', new Uint8Array())).toEqual(refused(EMPTY_FILE_MESSAGE));
    expect(EMPTY_FILE_MESSAGE).toBe('The file is empty.');
  });
});

const awkwardName = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.string({
    unit: fc.constantFrom(
      '/',
      '\\',
      '"',
      "'",
      '.',
      ' ',
      '%',
      '\u0000',
      '\n',
      '\u007f',
      '\u202e',
      '\ud800',
      '\udc00',
      '\u0301',
      'é',
      '😀',
      'a',
    ),
    maxLength: 300,
  }),
);

describe('safeFilename', () => {
  it('keeps the base name and strips what would break a header or a path', () => {
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('C:\\Users\\ana\\"Offer"\r\n.pdf')).toBe('Offer.pdf');
    expect(safeFilename("  John's contract\u202eexe.pdf  ")).toBe("John's contractexe.pdf");
    expect(safeFilename('cafe\u202e\u0301.txt')).toBe('caf\u00e9.txt');
    expect(safeFilename('')).toBe('file');
    expect(safeFilename('dir/')).toBe('file');
    expect(safeFilename('..')).toBe('file');
  });

  it('keeps the extension when it shortens a long name', () => {
    const name = safeFilename(`${'é'.repeat(300)}.docx`);
    expect(Array.from(name)).toHaveLength(200);
    expect(name.endsWith('é.docx')).toBe(true);
  });

  it('never returns an empty name, a separator, a quote or a control character, and is stable', () => {
    fc.assert(
      fc.property(awkwardName, (name) => {
        const safe = safeFilename(name);
        expect(safe.length).toBeGreaterThan(0);
        expect(Array.from(safe).length).toBeLessThanOrEqual(200);
        expect(safe).not.toMatch(/[/\\"\p{Cc}\p{Cs}]/u);
        expect(safeFilename(safe)).toBe(safe);
      }),
    );
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact name encoded', () => {
    expect(contentDisposition('Résumé "final" 100%.pdf', 'attachment')).toBe(
      `attachment; filename="R_sum_ final 100_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20final%20100%25.pdf`,
    );
    expect(contentDisposition("John's (draft).txt", 'inline')).toBe(
      `inline; filename="John's (draft).txt"; filename*=UTF-8''John%27s%20%28draft%29.txt`,
    );
  });

  it('is always a printable ASCII header whose filename* decodes to the safe name', () => {
    fc.assert(
      fc.property(
        awkwardName,
        fc.constantFrom('inline' as const, 'attachment' as const),
        (name, disposition) => {
          const header = contentDisposition(name, disposition);
          expect(header).toMatch(/^[\x20-\x7e]+$/);
          const match =
            /^(inline|attachment); filename="([^"\\]+)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.exec(
              header,
            );
          expect(match?.[1]).toBe(disposition);
          expect(decodeURIComponent(match?.[3] ?? '')).toBe(safeFilename(name));
        },
      ),
    );
  });
});
