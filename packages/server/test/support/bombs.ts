import zlib from 'node:zlib';

/**
 * Zip files built byte by byte, so a test can make what no zip library would: an entry that inflates a
 * thousandfold, a directory that lies about sizes, thousands of entries. Data is deflated here; sizes
 * and CRCs are what the entry says, which may differ from what its data holds.
 */
export type RawEntry = {
  name: string;
  /** The entry's data as stored (deflated unless `stored`). */
  data: Buffer;
  stored?: boolean;
  /** What the headers declare; the real size and CRC unless a test makes them lie. */
  size: number;
  crc: number;
};

const MB = 1024 * 1024;

/** An entry of real content, deflated. */
export function entry(name: string, content: string | Buffer): RawEntry {
  const bytes = Buffer.from(content);
  return { name, data: zlib.deflateRawSync(bytes), size: bytes.length, crc: zlib.crc32(bytes) };
}

/**
 * An entry of `head`, then `piece` repeated for about `megabytes` MB, then `tail`, deflated to a few
 * hundredths of a percent of that without ever holding it: a block of up to 1 MB of whole pieces is
 * deflated once with a full flush (a self-contained, byte-aligned run of deflate blocks), and that run is
 * repeated.
 */
export function repeatedEntry(name: string, megabytes: number, head: string, piece: string, tail: string) {
  const pieces = Math.max(1, Math.floor((Math.min(1, megabytes) * MB) / piece.length));
  const block = Buffer.from(piece.repeat(pieces), 'latin1');
  const blocks = Math.max(1, Math.round((megabytes * MB) / block.length));
  const full = { finishFlush: zlib.constants.Z_FULL_FLUSH };
  const runs = [zlib.deflateRawSync(Buffer.from(head), full)];
  const blockRun = zlib.deflateRawSync(block, full);
  let crc = zlib.crc32(head);
  for (let i = 0; i < blocks; i++) {
    runs.push(blockRun);
    crc = zlib.crc32(block, crc);
  }
  runs.push(zlib.deflateRawSync(Buffer.from(tail)));
  crc = zlib.crc32(tail, crc);
  return { name, data: Buffer.concat(runs), size: head.length + blocks * block.length + tail.length, crc };
}

/** The zip of these entries: local headers and data, then the central directory, then its end record. */
export function zipOf(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    // The fields both headers share, in the same order: from `version needed` (at 4 in the local
    // header, at 6 in the central one, after its `version made by`) to the name's length.
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(e.stored ? 0 : 8, at + 4);
      header.writeUInt32LE(e.crc >>> 0, at + 10);
      header.writeUInt32LE(e.data.length, at + 14);
      header.writeUInt32LE(e.size, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    shared(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    shared(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';

/**
 * The Word file of the report: a few hundred KB whose word/document.xml unpacks to `megabytes` MB of
 * paragraphs with a token in each. `declare` makes the directory (and local header) claim another
 * size for it, as a bomb that lies to get past a check of declared sizes does.
 */
export function docxBomb(megabytes: number, declare?: number): Buffer {
  const document = repeatedEntry(
    'word/document.xml',
    megabytes,
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
    '<w:p><w:r><w:t>{bomb}</w:t></w:r></w:p>',
    '</w:body></w:document>',
  );
  return zipOf([
    entry('[Content_Types].xml', CONTENT_TYPES),
    { ...document, size: declare ?? document.size },
  ]);
}

/**
 * A zlib stream (RFC 1950) of `megabytes` MB of spaces, made as repeatedEntry makes its data; its
 * checksum is left zero, as the readers under test inflate long before they reach it.
 */
function zlibBomb(megabytes: number): Buffer {
  const { data } = repeatedEntry('', megabytes, '', ' ', '');
  return Buffer.concat([Buffer.from([0x78, 0x9c]), data, Buffer.alloc(4)]);
}

/**
 * A one-page PDF whose object stream (which pdf-lib inflates whole when it loads a file) unpacks to
 * `megabytes` MB of spaces: a few hundred KB on disk.
 */
export function pdfBomb(megabytes: number): Buffer {
  const stream = zlibBomb(megabytes);
  const head = Buffer.from(
    '%PDF-1.7\n' +
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n' +
      `4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`,
    'latin1',
  );
  const tail = Buffer.from('\nendstream\nendobj\ntrailer << /Root 1 0 R /Size 5 >>\n%%EOF\n', 'latin1');
  return Buffer.concat([head, stream, tail]);
}

/**
 * A PNG of `width` x `height` (RGBA) whose image data inflates to `megabytes` MB of zeros, far past the
 * pixels it declares: a few hundred KB that a decoder bound only by the header keeps inflating. One
 * deflate stream without flushes (no stored blocks a decoder could stumble on early), so it is made by
 * deflating the zeros for real, a second or so.
 */
export async function pngBomb(width: number, height: number, megabytes: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(MB);
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(out)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
