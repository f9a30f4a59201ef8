import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { drawPage } from './pdf-canvas.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

/** How long the worker outlives its last open document: thumbnails drawn in turn, then a preview, share it. */
const WORKER_IDLE_MS = 30_000;

// One pdf.js worker (a 1.2 MB script to start) for every document of the page, not one per document.
let worker: PDFWorker | null = null;
/** Documents open or being opened on it. */
let users = 0;
const openDocuments = new Set<PDFDocumentProxy>();
let idleTimer: number | undefined;

function release() {
  users -= 1;
  if (users > 0) return;
  idleTimer = window.setTimeout(() => {
    worker?.destroy();
    worker = null;
  }, WORKER_IDLE_MS);
}

/** Opens a PDF on the shared worker; hand it back with closePdf. */
export async function openPdf(bytes: ArrayBuffer): Promise<PDFDocumentProxy> {
  users += 1;
  window.clearTimeout(idleTimer);
  worker ??= new PDFWorker();
  try {
    const pdf = await getDocument({ data: new Uint8Array(bytes), worker, isEvalSupported: false }).promise;
    openDocuments.add(pdf);
    return pdf;
  } catch (error) {
    release();
    throw error;
  }
}

/** Frees a document (once, however often called); the worker stops when none has used it for a while. */
export async function closePdf(pdf: PDFDocumentProxy) {
  if (!openDocuments.delete(pdf)) return;
  try {
    await pdf.destroy();
  } finally {
    release();
  }
}

/** The first page, and only it, as a PNG data URL `width` CSS pixels wide, for thumbnails. */
export async function renderPdfThumbnail(bytes: ArrayBuffer, width: number): Promise<string> {
  const pdf = await openPdf(bytes);
  try {
    const canvas = document.createElement('canvas');
    await drawPage(await pdf.getPage(1), canvas, width).promise;
    return canvas.toDataURL('image/png');
  } finally {
    await closePdf(pdf);
  }
}
