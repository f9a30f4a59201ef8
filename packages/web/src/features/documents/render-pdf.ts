import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Page `number` drawn into a canvas `width` CSS pixels wide, sharp on high-density screens. */
async function renderPage(pdf: PDFDocumentProxy, number: number, width: number) {
  const page = await pdf.getPage(number);
  const base = page.getViewport({ scale: 1 });
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: (width / base.width) * ratio });
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${width}px`;
  canvas.style.display = 'block';
  canvas.setAttribute('aria-label', `Page ${number}`);
  await page.render({ canvas, viewport }).promise;
  return canvas;
}

async function withPdf<T>(bytes: ArrayBuffer, use: (pdf: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  try {
    return await use(pdf);
  } finally {
    await pdf.destroy();
  }
}

/** Draws every page of a PDF into canvases of `width` CSS pixels (loaded lazily: pdf.js is large). */
export function renderPdfPages(bytes: ArrayBuffer, width: number): Promise<HTMLCanvasElement[]> {
  return withPdf(bytes, async (pdf) => {
    const canvases: HTMLCanvasElement[] = [];
    for (let number = 1; number <= pdf.numPages; number++)
      canvases.push(await renderPage(pdf, number, width));
    return canvases;
  });
}

/** The first page as a PNG data URL `width` CSS pixels wide, for thumbnails. */
export function renderPdfThumbnail(bytes: ArrayBuffer, width: number): Promise<string> {
  return withPdf(bytes, async (pdf) => (await renderPage(pdf, 1, width)).toDataURL('image/png'));
}
