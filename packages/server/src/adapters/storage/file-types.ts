/** Which uploads are accepted (spec 2 §5), checked by name and by content, and how their names are sent back. */

export const UPLOAD_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'rtf', 'odt', 'wpd'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

export const UNSUPPORTED_TYPE_MESSAGE = `Unable to upload file type. Please choose one of the following types: ${UPLOAD_EXTENSIONS.join(', ')}`;
export const CONTENT_MISMATCH_MESSAGE = "The file's contents do not match its extension.";
export const EMPTY_FILE_MESSAGE = 'The file is empty.';

export type UploadCheck =
  | { ok: true; extension: UploadExtension; contentType: string }
  | { ok: false; message: string };

const CONTENT_TYPES: Record<UploadExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  rtf: 'application/rtf',
  odt: 'application/vnd.oasis.opendocument.text',
  wpd: 'application/vnd.wordperfect',
};

const SNIFF_LIMIT = 64 * 1024;
const ODT_MIMETYPE = 'application/vnd.oasis.opendocument.text';
const latin1 = new TextDecoder('latin1');

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

const ZIP_LOCAL = ascii('PK\x03\x04');
const ZIP_CENTRAL = ascii('PK\x01\x02');
const ZIP_END = ascii('PK\x05\x06');

/** Entry names from the central directory, which every well-formed ZIP ends with; null when it cannot be found. */
function centralDirectoryNames(bytes: Uint8Array): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes plus a comment of at most 65535 bytes.
  for (let end = bytes.length - 22; end >= 0 && end >= bytes.length - 22 - 0xffff; end--) {
    if (!startsWith(bytes, ZIP_END, end)) continue;
    const count = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      if (at + 46 > end || !startsWith(bytes, ZIP_CENTRAL, at)) return null;
      const nameLength = view.getUint16(at + 28, true);
      names.push(latin1.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return names;
  }
  return null;
}

/** Entry names read by walking local headers from the start; the fallback for a ZIP cut short. */
function localHeaderNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names: string[] = [];
  let at = 0;
  while (at + 30 <= Math.min(bytes.length, SNIFF_LIMIT) && startsWith(bytes, ZIP_LOCAL, at)) {
    const nameLength = view.getUint16(at + 26, true);
    names.push(latin1.decode(bytes.subarray(at + 30, at + 30 + nameLength)));
    const size = view.getUint32(at + 18, true);
    // With a data descriptor (flag bit 3) the size follows the data, so the next header cannot be found.
    if (view.getUint16(at + 6, true) & 0x08 && size === 0) break;
    at += 30 + nameLength + view.getUint16(at + 28, true) + size;
  }
  return names;
}

function isDocx(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ZIP_LOCAL)) return false;
  const names = centralDirectoryNames(bytes) ?? localHeaderNames(bytes);
  return names.includes('[Content_Types].xml') && names.some((name) => name.startsWith('word/'));
}

/** ODF requires 'mimetype' as the first entry, stored uncompressed, so its text sits at a known place. */
function isOdt(bytes: Uint8Array): boolean {
  if (bytes.length < 30 || !startsWith(bytes, ZIP_LOCAL)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const nameLength = view.getUint16(26, true);
  const dataAt = 30 + nameLength + view.getUint16(28, true);
  return (
    latin1.decode(bytes.subarray(30, 30 + nameLength)) === 'mimetype' &&
    view.getUint16(8, true) === 0 &&
    view.getUint32(18, true) === ODT_MIMETYPE.length &&
    latin1.decode(bytes.subarray(dataAt, dataAt + ODT_MIMETYPE.length)) === ODT_MIMETYPE
  );
}

/** PDF readers accept the header anywhere in the first 1024 bytes; an executable with one inside is still refused. */
function isPdf(bytes: Uint8Array): boolean {
  if (startsWith(bytes, ascii('MZ')) || startsWith(bytes, ascii('\x7fELF'))) return false;
  const header = ascii('%PDF-');
  for (let at = 0; at <= 1024 && at + header.length <= bytes.length; at++) {
    if (startsWith(bytes, header, at)) return true;
  }
  return false;
}

/** UTF-8 (a BOM is fine) without NULs in the first 64 KB; a character cut at that boundary is not an error. */
function isText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, SNIFF_LIMIT);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: bytes.length > SNIFF_LIMIT });
    return true;
  } catch {
    return false;
  }
}

const MATCHES: Record<UploadExtension, (bytes: Uint8Array) => boolean> = {
  pdf: isPdf,
  doc: (bytes) => startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  docx: isDocx,
  txt: isText,
  rtf: (bytes) => startsWith(bytes, ascii('{\\rtf')),
  odt: isOdt,
  wpd: (bytes) => startsWith(bytes, [0xff, 0x57, 0x50, 0x43]),
};

const isUploadExtension = (value: string): value is UploadExtension =>
  (UPLOAD_EXTENSIONS as readonly string[]).includes(value);

/**
 * Accepts an upload only when its extension is allowed and its bytes are what that extension claims.
 * `bytes` may be the start of a larger file of `size` bytes (the first 64 KiB and one more byte).
 */
export function checkUpload(filename: string, bytes: Uint8Array, size = bytes.length): UploadCheck {
  const base = baseName(filename);
  const dot = base.lastIndexOf('.');
  const extension =
    dot === -1
      ? ''
      : base
          .slice(dot + 1)
          .trim()
          .toLowerCase();
  if (!isUploadExtension(extension)) return { ok: false, message: UNSUPPORTED_TYPE_MESSAGE };
  if (size === 0) return { ok: false, message: EMPTY_FILE_MESSAGE };
  if (!MATCHES[extension](bytes)) return { ok: false, message: CONTENT_MISMATCH_MESSAGE };
  return { ok: true, extension, contentType: CONTENT_TYPES[extension] };
}

const baseName = (name: string) => name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);

const MAX_NAME_LENGTH = 200;
const MAX_KEPT_EXTENSION = 20;
// C0/C1 controls, unpaired surrogates, and the bidi controls that can disguise 'cod.exe' as 'exe.doc'.
const UNSAFE = /[\p{Cc}\p{Cs}\u200e\u200f\u202a-\u202e\u2066-\u2069"]/gu;

/** A name safe for Content-Disposition and storage rows: base name, no controls or quotes, at most 200 characters. */
export function safeFilename(name: string): string {
  const cleaned = baseName(name).replace(UNSAFE, '').normalize('NFC').trim();
  if (/^\.*$/.test(cleaned)) return 'file';
  const chars = Array.from(cleaned);
  if (chars.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = chars.lastIndexOf('.');
  const extension = dot > 0 && chars.length - dot <= MAX_KEPT_EXTENSION ? chars.slice(dot) : [];
  const stem = chars
    .slice(0, MAX_NAME_LENGTH - extension.length)
    .join('')
    .trimEnd();
  return `${stem}${extension.join('')}`;
}

/** RFC 6266 header value: an ASCII `filename` for old clients and the exact name in `filename*` (RFC 8187). */
export function contentDisposition(filename: string, disposition: 'inline' | 'attachment'): string {
  const name = safeFilename(filename);
  // safeFilename has removed quotes and backslashes; '%' goes too, as some clients percent-decode this parameter.
  const fallback = name.replace(/[^\x20-\x7e]|%/gu, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
