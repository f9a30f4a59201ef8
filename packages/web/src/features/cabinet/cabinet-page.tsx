import { DOWNLOAD_STARTED } from '@charter/domain';
import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload, IconFolderPlus, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { saveBlob } from '../../ui/save-blob.ts';
import { DOWNLOAD_ERROR, PdfPreviewModal } from '../documents/pdf-preview-modal.tsx';
import { useStartSigning } from '../signing/use-start-signing.ts';
import { cabinetApi, useFileInfo, useFolderListing } from './api.ts';
import { type CabinetDialog, CabinetDialogs } from './cabinet-dialogs.tsx';
import { CabinetTable } from './cabinet-table.tsx';
import { FolderBreadcrumbs } from './folder-breadcrumbs.tsx';
import { CABINET_TITLE, folderSearch, normalizePath, previewTitle } from './paths.ts';
import type { CabinetFile } from './types.ts';
import { UPLOAD_ACCEPT } from './upload.ts';
import { UploadList } from './upload-list.tsx';
import { useUploads } from './use-uploads.ts';

export const CABINET_LOAD_ERROR = 'An error has occurred loading the file cabinet.';
export const EMPTY_FOLDER = 'This folder is empty.';

/**
 * The workspace's file cabinet: the folder in ?path= (root by default) with its folders and files, and
 * the file :fileId previewed over it on /cabinet/:parentId/:fileId.
 */
export function CabinetPage() {
  const params = useParams();
  const companyId = Number(params.companyId);
  const previewId = params.fileId ? Number(params.fileId) : null;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const path = normalizePath(searchParams.get('path'));
  const { push } = useNotices();
  const listing = useFolderListing(companyId, path);
  const uploads = useUploads(companyId);
  const startSigning = useStartSigning(companyId);
  const api = cabinetApi(companyId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<CabinetDialog>(null);
  const [selection, setSelection] = useState({ path, ids: new Set<number>() });
  const [zipping, setZipping] = useState(false);

  const pages = listing.data?.pages ?? [];
  const folders = pages[0]?.folders ?? [];
  const files = pages.flatMap((page) => page.files);
  // A selection belongs to its folder, and forgets files that are gone.
  const selected = new Set(
    selection.path === path ? files.filter((f) => selection.ids.has(f.id)).map((f) => f.id) : [],
  );
  const select = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelection({ path, ids: next });
  };

  const listed = files.find((f) => f.id === previewId);
  // A preview opened by its link names a file the listing may not hold.
  const info = useFileInfo(companyId, previewId !== null && !listing.isPending && !listed ? previewId : null);
  const previewName = listed?.filename ?? info.data?.filename ?? '';

  const base = `/c/${companyId}/cabinet`;
  const openFolder = (next: string) => navigate(`${base}${folderSearch(next)}`);

  async function download(file: CabinetFile) {
    push({ type: 'success', message: DOWNLOAD_STARTED });
    try {
      saveBlob(await api.downloadFile(file.id), file.filename);
    } catch {
      push({ type: 'error', message: DOWNLOAD_ERROR });
    }
  }

  async function downloadSelected() {
    push({ type: 'success', message: DOWNLOAD_STARTED });
    setZipping(true);
    try {
      saveBlob(await api.downloadZip([...selected]), 'Documents.zip');
    } catch (error) {
      push({ type: 'error', message: errorMessage(error, DOWNLOAD_ERROR) });
    } finally {
      setZipping(false);
    }
  }

  // Every file opens in the preview (office files as PDF when the server can convert them).
  const openFile = (file: CabinetFile) => navigate(`${base}/-1/${file.id}${folderSearch(path)}`);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <PageTitle>{CABINET_TITLE}</PageTitle>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconFolderPlus size={16} />}
            onClick={() => setDialog({ kind: 'new-folder' })}
          >
            New Folder
          </Button>
          <Button
            variant="light"
            leftSection={<IconUpload size={16} />}
            loading={uploads.busy}
            onClick={() => fileInput.current?.click()}
          >
            Upload
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            disabled={selected.size === 0}
            loading={zipping}
            onClick={() => void downloadSelected()}
          >
            Download
          </Button>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            accept={UPLOAD_ACCEPT}
            aria-label="Files to upload"
            onChange={(event) => {
              const chosen = Array.from(event.currentTarget.files ?? []);
              event.currentTarget.value = '';
              void uploads.start(path, chosen);
            }}
          />
        </Group>
      </Group>
      <FolderBreadcrumbs path={path} onOpen={openFolder} />
      <UploadList entries={uploads.entries} busy={uploads.busy} onClear={uploads.clear} />
      {listing.isPending && <Loader aria-label="Loading folder" />}
      {listing.isError && <Alert color="red">{errorMessage(listing.error, CABINET_LOAD_ERROR)}</Alert>}
      {listing.data && folders.length === 0 && files.length === 0 && (
        <Card withBorder padding="xl">
          <Text ta="center" c="dimmed">
            {EMPTY_FOLDER}
          </Text>
        </Card>
      )}
      {(folders.length > 0 || files.length > 0) && (
        <CabinetTable
          folders={folders}
          files={files}
          selected={selected}
          onSelect={select}
          onOpenFolder={(folder) => openFolder(folder.path)}
          onOpenFile={openFile}
          onDownload={(file) => void download(file)}
          onSendForSignature={(file) => startSigning.mutate({ fileId: file.id })}
          onRename={(item) => setDialog({ kind: 'rename', item })}
          onDelete={(item) => setDialog({ kind: 'delete', item })}
        />
      )}
      {listing.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={listing.isFetchingNextPage}
            onClick={() => void listing.fetchNextPage()}
          >
            Load more
          </Button>
        </Group>
      )}
      <CabinetDialogs companyId={companyId} path={path} dialog={dialog} onClose={() => setDialog(null)} />
      <PdfPreviewModal
        companyId={companyId}
        fileId={previewId}
        title={previewTitle(previewName)}
        onClose={() => navigate(`${base}${folderSearch(path)}`)}
      />
    </Stack>
  );
}
