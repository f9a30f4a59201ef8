import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Draws every page of a PDF into canvases of `width` CSS pixels (loaded lazily: pdf.js is large). */
export async function renderPdfPages(bytes: ArrayBuffer, width: number): Promise<HTMLCanvasElement[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const canvases: HTMLCanvasElement[] = [];
  try {
    for (let number = 1; number <= pdf.numPages; number++) {
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
      canvases.push(canvas);
    }
  } finally {
    await pdf.destroy();
  }
  return canvases;
}
