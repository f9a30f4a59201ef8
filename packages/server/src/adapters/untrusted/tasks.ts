import { PDFDocument } from 'pdf-lib';
import { fillDocx, inspectDocx } from '../../modules/documents/docx-template.ts';
import { pageSizes } from '../pdf/poppler.ts';
import { tagsFromLayout } from '../pdf/text-tags.ts';
import type { SealPagesInput } from '../signing/seal-pages.ts';
import { PDF_DECODE_LIMIT, withDecodeBudget } from './pdf-budget.ts';
import { checkPngData } from './png.ts';
import { isFileRefused } from './refusal.ts';

/**
 * What runs in the worker (pool.ts): every parser of a file someone gave us. Each takes and returns
 * plain data (bytes, strings, objects), since arguments and answers are copied between threads.
 */
export const tasks = {
  /** A custom document's tokens and notes (modules/workflows/pick-custom-document.ts). */
  inspectDocx: (bytes: Uint8Array) => inspectDocx(bytes),
  /** A custom document filled with its values (modules/workflows/generate-document.ts). */
  fillDocx: (bytes: Uint8Array, values: Record<string, string>) => fillDocx(bytes, values),
  /** The pages of a PDF to sign (modules/signing/original-pages.ts). */
  pageSizes: (pdf: Uint8Array) => withDecodeBudget(() => pageSizes(pdf)),
  /** A room's PDF with the viewer across every page (modules/room-nda/maybe-watermark.ts). */
  watermarkPdf: async (pdf: Uint8Array, text: string) => {
    // Loaded on first use: its fonts (fontkit) are a fifth of what a worker loads, for rooms only.
    const { watermarkPdf } = await import('../pdf/watermark.ts');
    return withDecodeBudget(() => watermarkPdf(pdf, text));
  },
  /** The signing tags in pdftotext's layout of a PDF, on pages sized by pdf-lib when it can read it. */
  textTags: (xhtml: string, pdf: Uint8Array) =>
    withDecodeBudget(async () => tagsFromLayout(xhtml, await pageSizes(pdf).catch(rethrowRefusal))),
  /**
   * A signed document's pages stamped, its certificate appended and its seal prepared, for the key to
   * sign (modules/signing/seal-job.ts). pdf-lib loads the file three times over (the original, the
   * stamped file, the certified one), each holding the same objects: three budgets.
   */
  sealPages: async (input: SealPagesInput) => {
    // Loaded on first use, as the watermark is: the seal draws with the same fonts.
    const { sealPages } = await import('../signing/seal-pages.ts');
    return withDecodeBudget(() => sealPages(input), 3 * PDF_DECODE_LIMIT);
  },
  /** A signature image: its data inflates within its size, and pdf-lib can draw it (sign-document.ts). */
  signaturePng: async (png: Uint8Array) => {
    checkPngData(png);
    await (await PDFDocument.create()).embedPng(png);
    return true;
  },
};

export type Tasks = typeof tasks;

/** A PDF pdf-lib cannot read still has the sizes pdftotext gave; a refused one is refused. */
function rethrowRefusal(error: unknown): [] {
  if (isFileRefused(error)) throw error;
  return [];
}
