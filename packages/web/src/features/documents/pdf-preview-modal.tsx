import { Alert, Button, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { apiFetch } from '../../api/client.ts';
import { saveBlob } from '../../ui/save-blob.ts';
import { fetchDownload, fetchPreview } from './fetch-file.ts';

/** Spec 2 §9: the preview modal is 740 wide. */
export const PREVIEW_MODAL_WIDTH = 740;
export const PREVIEW_ERROR = 'Unable to preview file at this time.';
export const DOWNLOAD_ERROR = 'Unable to download file at this time.';

type Props = { companyId: number; fileId: number | null; title: string; onClose: () => void };

/** A short-lived link to the preview (the new tab cannot send the workspace token), in a new tab. */
async function openInNewTab(companyId: number, fileId: number | null) {
  if (fileId === null) return;
  // Opened before the request so the browser does not treat it as an unrequested popup.
  const tab = window.open('', '_blank');
  const link = await apiFetch<{ url: string }>('/api/account/storage/token', {
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

/**
 * A workspace file's pages drawn with pdf.js (office files as the PDF the server converts them to),
 * with page controls, open in new tab and a download of the file itself, also when it cannot be shown.
 */
export function PdfPreviewModal({ companyId, fileId, title, onClose }: Props) {
  const pages = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(1);
  const go = (next: number) => {
    setPage(next);
    pages.current?.children[next - 1]?.scrollIntoView({ block: 'start' });
  };

  useEffect(() => {
    if (fileId === null) return;
    let cancelled = false;
    setState('loading');
    setDownloadFailed(false);
    pages.current?.replaceChildren();
    (async () => {
      try {
        const blob = await fetchPreview(companyId, fileId);
        if (cancelled) return;
        const { renderPdfPages } = await import('./render-pdf.ts');
        const canvases = await renderPdfPages(await blob.arrayBuffer(), PREVIEW_MODAL_WIDTH - 64);
        if (cancelled || !pages.current) return;
        pages.current.replaceChildren(...canvases);
        setPageCount(canvases.length);
        setPage(1);
        setState('ready');
      } catch {
        if (!cancelled) setState('error');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [companyId, fileId]);

  return (
    <Modal opened={fileId !== null} onClose={onClose} title={title} size={PREVIEW_MODAL_WIDTH}>
      <Stack>
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
        <ScrollArea.Autosize mah="70vh">
          <Stack gap="sm" ref={pages} aria-label="Document pages" />
        </ScrollArea.Autosize>
        {state === 'ready' && pageCount > 1 && (
          <Group justify="center" gap="xs">
            <Button size="compact-sm" variant="default" disabled={page <= 1} onClick={() => go(page - 1)}>
              Previous page
            </Button>
            <Text size="sm" aria-live="polite">
              Page {page} of {pageCount}
            </Text>
            <Button
              size="compact-sm"
              variant="default"
              disabled={page >= pageCount}
              onClick={() => go(page + 1)}
            >
              Next page
            </Button>
          </Group>
        )}
        <Group justify="flex-end">
          {state === 'ready' && (
            <Button variant="subtle" onClick={() => void openInNewTab(companyId, fileId)}>
              Open in new tab
            </Button>
          )}
          <Button
            variant="light"
            onClick={() => download(companyId, fileId, title).catch(() => setDownloadFailed(true))}
          >
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
