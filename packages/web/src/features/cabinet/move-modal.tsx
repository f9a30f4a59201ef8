import { Alert, Button, Group, Loader, Modal, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { useFolderListing } from './api.ts';
import { FolderBreadcrumbs } from './folder-breadcrumbs.tsx';
import { ROOT } from './paths.ts';
import type { CabinetFile } from './types.ts';

type Props = {
  companyId: number;
  files: CabinetFile[];
  /** Where the picker starts: the folder the files were chosen in. */
  from: string;
  onMove: (path: string) => Promise<unknown>;
  onClose: () => void;
};

const MOVE_FAILED = 'An error has occurred.';

const what = (files: CabinetFile[]) => (files.length === 1 ? files[0].filename : `${files.length} files`);

/**
 * Moves files to a folder chosen by walking the cabinet: the breadcrumbs go up, a folder goes in, and
 * Move here moves them to the folder shown. A refusal stays in the modal.
 */
export function MoveModal({ companyId, files, from, onMove, onClose }: Props) {
  const [path, setPath] = useState(from);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const listing = useFolderListing(companyId, path);
  const folders = listing.data?.pages[0]?.folders ?? [];
  const alreadyThere = files.every((file) => file.path === path);

  async function move() {
    setPending(true);
    setError(null);
    try {
      await onMove(path);
      onClose();
    } catch (caught) {
      setError(errorMessage(caught, MOVE_FAILED));
      setPending(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Move ${what(files)}`}>
      <Stack>
        <FolderBreadcrumbs path={path} onOpen={setPath} />
        <ScrollArea.Autosize mah={280} type="auto">
          <nav aria-label="Folders">
            {listing.isPending && <Loader size="sm" aria-label="Loading folders" />}
            {listing.data && folders.length === 0 && (
              <Text size="sm" c="dimmed">
                {path === ROOT ? 'The cabinet has no folders.' : 'This folder has no folders inside.'}
              </Text>
            )}
            {folders.map((folder) => (
              <NavLink
                key={folder.id}
                label={folder.name}
                leftSection={<IconFolder size={16} aria-hidden />}
                onClick={() => setPath(folder.path)}
              />
            ))}
          </nav>
        </ScrollArea.Autosize>
        {listing.isError && <Alert color="red">{errorMessage(listing.error, MOVE_FAILED)}</Alert>}
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={pending} disabled={alreadyThere} onClick={() => void move()}>
            Move here
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
