// Custom documents (spec 2, §3 "Custom document", §4 "Custom document flow"): a DOCX whose text carries
// docxtemplater tokens ({name}, loops {#list}…{/list}). Inspecting lists the tokens and the template's
// problems as notes (token, level, message); filling renders the values into a new DOCX.
// Pure: bytes in, bytes out, no I/O. The bytes are untrusted: they are unpacked within ZIP_LIMITS (never
// by PizZip, which would inflate whatever the file claims), and callers run this in the worker
// (adapters/untrusted), off the request thread.
import Docxtemplater from 'docxtemplater';
import InspectModule from 'docxtemplater/js/inspect-module.js';
import PizZip from 'pizzip';
import { NotAZip, unzip } from '../../adapters/untrusted/zip.ts';

export type DocxNote = { token: string; level: 'error' | 'warning'; message: string };

type Part = Docxtemplater.DXT.Part;

export const NOT_A_DOCX = 'This file is not a Word document (.docx).';
const MAIN_PART = 'word/document.xml';

const notADocxNote = (): DocxNote => ({ token: '', level: 'error', message: NOT_A_DOCX });

/**
 * Opens the bytes as a zip holding a Word main document, or returns null. A zip past the limits throws
 * FileRefused: it is not a bad template but a file that is not opened at all.
 */
async function openDocx(bytes: Uint8Array): Promise<PizZip | null> {
  let files: Map<string, Buffer>;
  try {
    files = await unzip(bytes);
  } catch (error) {
    if (error instanceof NotAZip) return null;
    throw error;
  }
  if (!files.has(MAIN_PART)) return null;
  const zip = new PizZip();
  for (const [name, data] of files) zip.file(name, data, { binary: true, createFolders: false });
  return zip;
}

const OPTIONS = { paragraphLoop: true, linebreaks: true, errorLogging: false } as const;

type ErrorProps = {
  id?: unknown;
  xtag?: unknown;
  openingtag?: unknown;
  closingtag?: unknown;
  tag?: unknown;
  explanation?: unknown;
  errors?: unknown;
};

const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function propsOf(error: unknown): ErrorProps | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const props = (error as { properties?: unknown }).properties;
  return typeof props === 'object' && props !== null ? (props as ErrorProps) : undefined;
}

function noteOf(error: unknown): DocxNote {
  const props = propsOf(error);
  const token =
    asString(props?.xtag) ??
    asString(props?.openingtag) ??
    asString(props?.closingtag) ??
    asString(props?.tag) ??
    '';
  const message =
    asString(props?.explanation) ??
    (error instanceof Error ? error.message : String(error)) ??
    'Template error';
  return { token, level: 'error', message };
}

/**
 * Maps a docxtemplater failure to error notes: a `multi_error` gives one note per entry of
 * `properties.errors` (tag and explanation); any other error gives one note.
 */
function templateErrorNotes(error: unknown): DocxNote[] {
  const inner = propsOf(error)?.errors;
  if (Array.isArray(inner) && inner.length > 0) return inner.map(noteOf);
  return [noteOf(error)];
}

/** Unique tag names (loops included) in document order. */
function collectTags(parts: Part[], into: string[], seen: Set<string>): void {
  for (const part of parts) {
    if (part.type !== 'placeholder') continue;
    const name = part.value.trim();
    if (name && !seen.has(name)) {
      seen.add(name);
      into.push(name);
    }
    if (part.subparsed) collectTags(part.subparsed, into, seen);
  }
}

export type DocxInspection = { valid: boolean; tokens: string[]; notes: DocxNote[] };

export async function inspectDocx(bytes: Uint8Array): Promise<DocxInspection> {
  const zip = await openDocx(bytes);
  if (!zip) return { valid: false, tokens: [], notes: [notADocxNote()] };
  const inspect = new InspectModule();
  try {
    new Docxtemplater(zip, { ...OPTIONS, modules: [inspect] });
  } catch (error) {
    return { valid: false, tokens: [], notes: templateErrorNotes(error) };
  }
  // The main document first, then headers, footers and the other templated parts.
  const files = Object.keys(inspect.fullInspected).sort(
    (a, b) => Number(b === MAIN_PART) - Number(a === MAIN_PART),
  );
  const tokens: string[] = [];
  const seen = new Set<string>();
  for (const file of files) collectTags(inspect.getStructuredTags(file), tokens, seen);
  return { valid: true, tokens, notes: [] };
}

export async function fillDocx(
  bytes: Uint8Array,
  values: Record<string, string>,
): Promise<{ bytes: Uint8Array; notes: DocxNote[] }> {
  const zip = await openDocx(bytes);
  if (!zip) throw new Error(NOT_A_DOCX);
  const notes: DocxNote[] = [];
  const missing = new Set<string>();
  const nullGetter = (part: Part): string => {
    const token = part.value.trim();
    if (!missing.has(token)) {
      missing.add(token);
      notes.push({ token, level: 'warning', message: `No value for ${token}.` });
    }
    return '';
  };
  try {
    const doc = new Docxtemplater(zip, { ...OPTIONS, nullGetter });
    doc.render(values);
    const out = doc.getZip().generate({ type: 'uint8array', compression: 'DEFLATE' });
    return { bytes: out, notes };
  } catch (error) {
    const list = templateErrorNotes(error)
      .map((note) => (note.token ? `{${note.token}}: ${note.message}` : note.message))
      .join('; ');
    throw new Error(`The document template has errors: ${list}`, { cause: error });
  }
}
