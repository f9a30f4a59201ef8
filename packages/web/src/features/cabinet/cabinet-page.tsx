import { DOWNLOAD_STARTED } from '@charter/domain';
import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { saveBlob } from '../../ui/save-blob.ts';
import { DOWNLOAD_ERROR, PdfPreviewModal } from '../documents/pdf-preview-modal.tsx';
import { useAccountMe } from '../shell/queries.ts';
import { useStartSigning } from '../signing/use-start-signing.ts';
import { cabinetApi, useCabinetSearch, useFileInfo, useFolderListing } from './api.ts';
import { CabinetActions } from './cabinet-actions.tsx';
import { type CabinetDialog, CabinetDialogs } from './cabinet-dialogs.tsx';
import { CabinetTable } from './cabinet-table.tsx';
import { FolderBreadcrumbs } from './folder-breadcrumbs.tsx';
import { CABINET_TITLE, folderSearch, normalizePath, previewTitle } from './paths.ts';
import type { CabinetFile } from './types.ts';
import { UploadList } from './upload-list.tsx';
import { useUploads } from './use-uploads.ts';

export const CABINET_LOAD_ERROR = 'An error has occurred loading the file cabinet.';
export const EMPTY_FOLDER = 'This folder is empty.';
export const NO_MATCHES = 'No folder or file has that in its name.';
/** What a member without file-cabinet access sees instead of the folders (a document link still previews). */
export const NO_CABINET = 'You do not have access to the file cabinet.';
/** Spec 1 §3: the top bar's search box waits this long after typing. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The workspace's file cabinet: the folder in ?path= (root by default) with its folders and files, or
 * what a search of the whole cabinet finds; files selected to download, move or delete together; and the
 * file :fileId previewed over it on /cabinet/:parentId/:fileId. A member without the cabinet (the
 * server's abilities) reaches only the preview of a document they may open, with no cabinet actions.
 */
export function CabinetPage() {
  const params = useParams();
  const companyId = Number(params.companyId);
  const previewId = params.fileId ? Number(params.fileId) : null;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const path = normalizePath(searchParams.get('path'));
  const { push } = useNotices();
  const cabinet = useAccountMe(companyId).data?.abilities.filecabinet;
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const searching = query.length > 0;
  // Listed while the abilities load (the shell has them already, so this is at most the first load);
  // actions are offered only once the server says the cabinet is theirs.
  const listing = useFolderListing(companyId, path, cabinet !== false && !searching);
  const found = useCabinetSearch(companyId, cabinet !== false ? query : '');
  const shown = searching ? found : listing;
  const uploads = useUploads(companyId);
  const startSigning = useStartSigning(companyId);
  const api = cabinetApi(companyId);
  const [dialog, setDialog] = useState<CabinetDialog>(null);
  const [selection, setSelection] = useState({ path, ids: new Set<number>() });
  const [zipping, setZipping] = useState(false);

  const pages = shown.data?.pages ?? [];
  const folders = pages[0]?.folders ?? [];
  const files = pages.flatMap((page) => page.files);
  // A selection belongs to its folder (or search), and forgets files that are gone.
  const scope = searching ? `search:${query}` : path;
  const selected = new Set(
    selection.path === scope ? files.filter((f) => selection.ids.has(f.id)).map((f) => f.id) : [],
  );
  const selectedFiles = files.filter((f) => selected.has(f.id));
  const select = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelection({ path: scope, ids: next });
  };
  const clearSelection = () => setSelection({ path: scope, ids: new Set() });

  const listed = files.find((f) => f.id === previewId);
  // A preview opened by its link names a file the listing may not hold.
  const info = useFileInfo(
    companyId,
    cabinet !== false && previewId !== null && !shown.isPending && !listed ? previewId : null,
  );
  const previewName = listed?.filename ?? info.data?.filename ?? '';

  const base = `/c/${companyId}/cabinet`;
  const openFolder = (next: string) => {
    setSearch('');
    navigate(`${base}${folderSearch(next)}`);
  };

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
        {cabinet === true && (
          <CabinetActions
            selected={selectedFiles}
            uploading={uploads.busy}
            zipping={zipping}
            onNewFolder={() => setDialog({ kind: 'new-folder' })}
            onUpload={(chosen) => void uploads.start(path, chosen)}
            onDownload={() => void downloadSelected()}
            onMove={() => setDialog({ kind: 'move', files: selectedFiles })}
            onDelete={() => setDialog({ kind: 'delete-files', files: selectedFiles })}
          />
        )}
      </Group>
      {cabinet === false && <Alert color="gray">{NO_CABINET}</Alert>}
      {cabinet === true && (
        <Group justify="space-between" gap="sm">
          {searching ? (
            <Text size="sm" fw={600}>
              Search results
            </Text>
          ) : (
            <FolderBreadcrumbs path={path} onOpen={openFolder} />
          )}
          <TextInput
            aria-label="Search the file cabinet"
            placeholder="Search by name"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={280}
          />
        </Group>
      )}
      <UploadList entries={uploads.entries} busy={uploads.busy} onClear={uploads.clear} />
      {cabinet !== false && shown.isPending && <Loader aria-label="Loading folder" />}
      {cabinet !== false && shown.isError && (
        <Alert color="red">{errorMessage(shown.error, CABINET_LOAD_ERROR)}</Alert>
      )}
      {cabinet !== false && shown.data && folders.length === 0 && files.length === 0 && (
        <Card withBorder padding="xl">
          <Text ta="center" c="dimmed">
            {searching ? NO_MATCHES : EMPTY_FOLDER}
          </Text>
        </Card>
      )}
      {cabinet !== false && (folders.length > 0 || files.length > 0) && (
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
          onMove={(file) => setDialog({ kind: 'move', files: [file] })}
          onDelete={(item) => setDialog({ kind: 'delete', item })}
          showFolders={searching}
          folderActions={!searching}
        />
      )}
      {cabinet !== false && shown.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={shown.isFetchingNextPage}
            onClick={() => void shown.fetchNextPage()}
          >
            Load more
          </Button>
        </Group>
      )}
      <CabinetDialogs
        companyId={companyId}
        path={path}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onDone={clearSelection}
      />
      <PdfPreviewModal
        companyId={companyId}
        fileId={previewId}
        title={previewTitle(previewName)}
        onClose={() => navigate(`${base}${folderSearch(path)}`)}
      />
    </Stack>
  );
}
