import { Alert, Button, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { apiFetch } from '../../api/client.ts';
import { fetchFile } from './fetch-file.ts';

/** Spec 2 §9: the preview modal is 740 wide. */
export const PREVIEW_MODAL_WIDTH = 740;
export const PREVIEW_ERROR = 'Unable to preview file at this time.';

type Props = { companyId: number; fileId: number | null; title: string; onClose: () => void };

/** A short-lived link (the new tab cannot send the workspace token), opened in a new tab. */
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
    tab.location.href = link.url;
  } else window.open(link.url, '_blank', 'noopener');
}

/** A workspace file's pages drawn with pdf.js, with a download of the file itself. */
export function PdfPreviewModal({ companyId, fileId, title, onClose }: Props) {
  const pages = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(1);
  const go = (next: number) => {
    setPage(next);
    pages.current?.children[next - 1]?.scrollIntoView({ block: 'start' });
  };

  useEffect(() => {
    if (fileId === null) return;
    let cancelled = false;
    let url: string | null = null;
    setState('loading');
    (async () => {
      try {
        const blob = await fetchFile(companyId, fileId);
        url = URL.createObjectURL(blob);
        if (cancelled) return;
        setBlobUrl(url);
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
      if (url) URL.revokeObjectURL(url);
    };
  }, [companyId, fileId]);

  return (
    <Modal opened={fileId !== null} onClose={onClose} title={title} size={PREVIEW_MODAL_WIDTH}>
      <Stack>
        {state === 'loading' && <Loader aria-label="Loading preview" />}
        {state === 'error' && <Alert color="red">{PREVIEW_ERROR}</Alert>}
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
        {blobUrl && (
          <Group justify="flex-end">
            <Button variant="subtle" onClick={() => void openInNewTab(companyId, fileId)}>
              Open in new tab
            </Button>
            <Button component="a" href={blobUrl} download={`${title}.pdf`} variant="light">
              Download
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
