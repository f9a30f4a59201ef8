import { DOWNLOAD_STARTED, type FileLink } from '@charter/domain';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { apiFetch } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { saveBlob } from '../../ui/save-blob.ts';
import { fetchDownload, fetchPreview } from './fetch-file.ts';
import { pageRatio } from './pdf-canvas.ts';
import { PAGE_BORDER, PdfPages } from './pdf-pages.tsx';

/** Spec 2 §9: the preview modal is 740 wide. */
export const PREVIEW_MODAL_WIDTH = 740;
/** The modal's width less its padding. */
const PAGE_WIDTH = PREVIEW_MODAL_WIDTH - 64;
export const PREVIEW_ERROR = 'Unable to preview file at this time.';
export const DOWNLOAD_ERROR = 'Unable to download file at this time.';

type Props = { companyId: number; fileId: number | null; title: string; onClose: () => void };

/** A short-lived link to the preview (the new tab cannot send the workspace token), in a new tab. */
async function openInNewTab(companyId: number, fileId: number | null) {
  if (fileId === null) return;
  // Opened before the request so the browser does not treat it as an unrequested popup.
  const tab = window.open('', '_blank');
  const link = await apiFetch<FileLink>('/api/account/storage/token', {
    method: 'POST',
    body: { file_id: fileId },
    accountId: companyId,
  });
  if (tab) {
    tab.opener = null;
    tab.location.href = `${link.url}?preview=1`;
  } else window.open(`${link.url}?preview=1`, '_blank', 'noopener');
}

/** The file itself (a Word file stays a Word file), under the name the cabinet gives it. */
async function download(companyId: number, fileId: number | null, title: string) {
  if (fileId === null) return;
  const { blob, filename } = await fetchDownload(companyId, fileId);
  saveBlob(blob, filename ?? title);
}

type OpenPdf = { pdf: PDFDocumentProxy; firstPageRatio: number };

/** The file's preview opened in pdf.js, closed again when the file changes or the modal closes. */
function usePreviewPdf(companyId: number, fileId: number | null) {
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [open, setOpen] = useState<OpenPdf | null>(null);
  useEffect(() => {
    setOpen(null);
    if (fileId === null) return;
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    setState('loading');
    (async () => {
      // pdf.js (400 KB) loads with the first preview or thumbnail, not with the page, beside the file.
      const [blob, { openPdf, closePdf }] = await Promise.all([
        fetchPreview(companyId, fileId),
        import('./render-pdf.ts'),
      ]);
      if (cancelled) return;
      const pdf = await openPdf(await blob.arrayBuffer());
      if (cancelled) return closePdf(pdf);
      opened = pdf;
      const firstPageRatio = pageRatio(await pdf.getPage(1));
      if (cancelled) return;
      setOpen({ pdf, firstPageRatio });
      setState('ready');
    })().catch(() => {
      if (!cancelled) setState('error');
    });
    return () => {
      cancelled = true;
      const pdf = opened;
      if (pdf) void import('./render-pdf.ts').then(({ closePdf }) => closePdf(pdf));
    };
  }, [companyId, fileId]);
  return { state, open };
}

/**
 * A workspace file's pages drawn with pdf.js as they scroll into view (office files as the PDF the server
 * converts them to), with page controls, open in new tab and a download of the file itself, also when it
 * cannot be shown.
 */
export function PdfPreviewModal({ companyId, fileId, title, onClose }: Props) {
  const { push } = useNotices();
  const { state, open } = usePreviewPdf(companyId, fileId);
  // Pages, with their border, are as wide as the modal allows: its full width, or a narrow screen's.
  const { ref: frame, width: available } = useElementSize();
  const pageWidth = available ? Math.min(PAGE_WIDTH, Math.floor(available) - PAGE_BORDER) : PAGE_WIDTH;
  // Remembered per file, so the next file opens without the last one's failure.
  const [downloadFailedFor, setDownloadFailedFor] = useState<number | null>(null);
  const downloadFailed = fileId !== null && downloadFailedFor === fileId;

  return (
    <Modal opened={fileId !== null} onClose={onClose} title={title} size={PREVIEW_MODAL_WIDTH}>
      <Stack ref={frame}>
        {state === 'loading' && (
          <Group gap="xs">
            <Loader size="sm" aria-label="Loading preview" />
            <Text size="sm" c="dimmed">
              Preparing preview…
            </Text>
          </Group>
        )}
        {state === 'error' && <Alert color="red">{PREVIEW_ERROR}</Alert>}
        {downloadFailed && <Alert color="red">{DOWNLOAD_ERROR}</Alert>}
        {open && <PdfPages pdf={open.pdf} width={pageWidth} firstPageRatio={open.firstPageRatio} />}
        <Group justify="flex-end">
          {state === 'ready' && (
            <Button variant="subtle" onClick={() => void openInNewTab(companyId, fileId)}>
              Open in new tab
            </Button>
          )}
          <Button
            variant="light"
            onClick={() => {
              push({ type: 'success', message: DOWNLOAD_STARTED });
              download(companyId, fileId, title).catch(() => setDownloadFailedFor(fileId));
            }}
          >
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
