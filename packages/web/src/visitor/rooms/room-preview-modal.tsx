import type { GuestRoomDocumentView } from '@charter/domain';
import { ROOM_MESSAGES } from '@charter/domain';
import { Anchor, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { drawPage } from '../../features/documents/pdf-canvas.ts';
import { closePdf, openPdf } from '../../features/documents/render-pdf.ts';
import { fileLink, recordRoomHistory } from './room-api.ts';

/** Spec 3 §2: the preview modal is 600 wide. */
const MODAL_WIDTH = 600;
const PAGE_WIDTH = MODAL_WIDTH - 40;

type Props = { code: string; document: GuestRoomDocumentView; onClose: () => void };

/**
 * A room document's PDF, one page at a time with page controls. Each page seen is recorded as a 'view'
 * with the seconds spent on it (when the visitor turns the page or closes the preview).
 */
export default function RoomPreviewModal({ code, document, onClose }: Props) {
  const fileId = document.file_id as number;
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [openUrl, setOpenUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const canvas = useRef<HTMLCanvasElement>(null);
  const shownSince = useRef(Date.now());

  useEffect(() => {
    let loaded: PDFDocumentProxy | null = null;
    let stopped = false;
    fileLink(code, fileId)
      .then(async (link) => {
        setOpenUrl(link.url);
        const response = await fetch(link.url, { credentials: 'omit' });
        if (!response.ok) throw new Error(String(response.status));
        loaded = await openPdf(await response.arrayBuffer());
        if (stopped) await closePdf(loaded);
        else setPdf(loaded);
      })
      .catch(() => !stopped && setFailed(true));
    return () => {
      stopped = true;
      if (loaded) void closePdf(loaded);
    };
  }, [code, fileId]);

  useEffect(() => {
    if (!pdf || !canvas.current) return;
    let task: RenderTask | null = null;
    let stopped = false;
    pdf.getPage(page).then((loaded) => {
      if (stopped || !canvas.current) return;
      task = drawPage(loaded, canvas.current, PAGE_WIDTH);
      task.promise.catch(() => {});
    });
    shownSince.current = Date.now();
    // Leaving a page (turning it, closing the preview) records the time spent on it.
    return () => {
      stopped = true;
      task?.cancel();
      const seconds = Math.round((Date.now() - shownSince.current) / 1000);
      // Ids and numbers only: the entry's words are the server's (the document's label, "Page N").
      void recordRoomHistory(code, { action: 'view', file_id: fileId, page, seconds }).catch(() => {});
    };
  }, [pdf, page, code, fileId]);

  const count = pdf?.numPages ?? 0;
  return (
    <Modal opened onClose={onClose} title={document.label} size={MODAL_WIDTH} centered>
      <Stack gap="sm">
        {failed && <Text role="alert">{ROOM_MESSAGES.previewFailed}</Text>}
        {!failed && !pdf && (
          <Center h={300}>
            <Loader aria-label="Loading document" />
          </Center>
        )}
        {pdf && (
          // Drawn 560 px wide, shown at most that wide: on a phone it shrinks to the screen.
          <canvas
            ref={canvas}
            aria-label={`Page ${page} of ${count}`}
            style={{ width: '100%', maxWidth: PAGE_WIDTH, height: 'auto', display: 'block' }}
          />
        )}
        {pdf && (
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <Button
                size="compact-sm"
                variant="default"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Previous page
              </Button>
              <Text size="sm" aria-live="polite">
                Page {page} of {count}
              </Text>
              <Button
                size="compact-sm"
                variant="default"
                disabled={page >= count}
                onClick={() => setPage(page + 1)}
              >
                Next page
              </Button>
            </Group>
            {openUrl && (
              <Anchor href={openUrl} target="_blank" rel="noopener noreferrer" size="sm">
                Open in new tab
              </Anchor>
            )}
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
