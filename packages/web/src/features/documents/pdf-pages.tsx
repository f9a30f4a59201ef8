import { Button, Group, ScrollArea, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { drawPage, pageRatio } from './pdf-canvas.ts';

const PAGE_GAP = 12;
/** Each page's border, left and right (or top and bottom) together. */
export const PAGE_BORDER = 2;

type PageProps = { pdf: PDFDocumentProxy; number: number; width: number; ratio: number };

/**
 * One page: a placeholder of the page's size at once, the drawing when pdf.js has it; scrolled away, the
 * drawing is cancelled or dropped with the canvas.
 */
function PdfPage({ pdf, number, width, ratio }: PageProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [height, setHeight] = useState(Math.round(width * ratio));
  useEffect(() => {
    let stopped = false;
    let page: PDFPageProxy | null = null;
    let task: RenderTask | null = null;
    pdf
      .getPage(number)
      .then((loaded) => {
        if (stopped || !canvas.current) return;
        page = loaded;
        setHeight(Math.round(width * pageRatio(loaded)));
        task = drawPage(loaded, canvas.current, width);
        return task.promise;
      })
      // Cancelled by scrolling away or closing; a page that cannot be drawn keeps its placeholder.
      .catch(() => {});
    return () => {
      stopped = true;
      task?.cancel();
      page?.cleanup();
    };
  }, [pdf, number, width]);
  return (
    <div
      style={{ border: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-1)' }}
    >
      <canvas ref={canvas} aria-label={`Page ${number}`} style={{ display: 'block', width, height }} />
    </div>
  );
}

type Props = {
  pdf: PDFDocumentProxy;
  /** Width of each page in CSS pixels. */
  width: number;
  /** Height over width of the first page, the size every page is assumed to have until drawn. */
  firstPageRatio: number;
};

/**
 * A PDF's pages in a scrolling list that mounts and draws only the pages in view (and one each side), so
 * a long document opens as fast as a short one and keeps a few canvases in memory; Previous and Next
 * page go through it.
 */
export function PdfPages({ pdf, width, firstPageRatio }: Props) {
  const viewport = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState(1);
  const count = pdf.numPages;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => viewport.current,
    estimateSize: () => Math.round(width * firstPageRatio) + PAGE_BORDER + PAGE_GAP,
    overscan: 1,
  });
  const go = (next: number) => {
    setPage(next);
    virtualizer.scrollToIndex(next - 1, { align: 'start' });
  };

  return (
    <>
      {/* Focusable, so the pages can be scrolled with the keyboard. */}
      <ScrollArea.Autosize
        mah="70vh"
        viewportRef={viewport}
        viewportProps={{ tabIndex: 0, 'aria-label': 'Document pages' }}
      >
        <div
          role="group"
          aria-label="Document pages"
          style={{ position: 'relative', height: virtualizer.getTotalSize(), width: width + PAGE_BORDER }}
        >
          {virtualizer.getVirtualItems().map((item) => (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                paddingBottom: PAGE_GAP,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <PdfPage pdf={pdf} number={item.index + 1} width={width} ratio={firstPageRatio} />
            </div>
          ))}
        </div>
      </ScrollArea.Autosize>
      {count > 1 && (
        <Group justify="center" gap="xs">
          <Button size="compact-sm" variant="default" disabled={page <= 1} onClick={() => go(page - 1)}>
            Previous page
          </Button>
          <Text size="sm" aria-live="polite">
            Page {page} of {count}
          </Text>
          <Button size="compact-sm" variant="default" disabled={page >= count} onClick={() => go(page + 1)}>
            Next page
          </Button>
        </Group>
      )}
    </>
  );
}
