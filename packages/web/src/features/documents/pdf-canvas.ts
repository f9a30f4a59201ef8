import type { PDFPageProxy, RenderTask } from 'pdfjs-dist';

/** Height over width of a page as it is shown (its rotation applied). */
export function pageRatio(page: PDFPageProxy) {
  const { width, height } = page.getViewport({ scale: 1 });
  return height / width;
}

/**
 * Draws `page` into `canvas` at `width` CSS pixels, sharp on high-density screens. Only pdf.js's types
 * are imported here: the library itself stays in its lazily loaded chunk (render-pdf.ts).
 */
export function drawPage(page: PDFPageProxy, canvas: HTMLCanvasElement, width: number): RenderTask {
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: (width / base.width) * (window.devicePixelRatio || 1) });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  return page.render({ canvas, viewport });
}
