import { DATA_ROOM_FOLDER, ROOM_ADMIN_MESSAGES } from '@charter/domain';
import {
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  NavLink,
  ScrollArea,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { IconArrowUp, IconFile, IconFolder } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { useFolderListing } from '../cabinet/api.ts';
import { UPLOAD_ACCEPT } from '../cabinet/upload.ts';

const parentOf = (path: string) => (path === '/' ? '/' : path.slice(0, path.lastIndexOf('/')) || '/');

/** Add Document: a file chosen from the File Cabinet, or files uploaded (to /Miscellaneous/Data Room). */
export function AddDocumentModal({
  companyId,
  onPick,
  onUpload,
  onClose,
  failure,
}: {
  companyId: number;
  onPick: (fileId: number) => Promise<unknown>;
  onUpload: (files: File[]) => Promise<unknown>;
  onClose: () => void;
  failure: string;
}) {
  const [path, setPath] = useState('/');
  const [picked, setPicked] = useState<number | null>(null);
  const [uploads, setUploads] = useState<File[]>([]);
  const [tab, setTab] = useState<string | null>('cabinet');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listing = useFolderListing(companyId, path);
  const folders = listing.data?.pages[0]?.folders ?? [];
  const files = (listing.data?.pages ?? []).flatMap((p) => p.files);

  const submit = async () => {
    const fromCabinet = tab === 'cabinet';
    if (fromCabinet ? picked === null : uploads.length === 0)
      return setError(ROOM_ADMIN_MESSAGES.documentRequired);
    setPending(true);
    setError(null);
    try {
      await (fromCabinet ? onPick(picked as number) : onUpload(uploads));
      onClose();
    } catch (caught) {
      setError(errorMessage(caught, failure));
      setPending(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Add Document" size="lg">
      <Stack>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="cabinet">From File Cabinet</Tabs.Tab>
            <Tabs.Tab value="upload">Upload</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="cabinet" pt="sm">
            <Text size="sm" c="dimmed" mb={4}>
              {path}
            </Text>
            <ScrollArea h={260}>
              {path !== '/' ? (
                <NavLink
                  component="button"
                  type="button"
                  label="Up"
                  leftSection={<IconArrowUp size={16} />}
                  onClick={() => setPath(parentOf(path))}
                />
              ) : null}
              {listing.isPending ? <Loader size="sm" /> : null}
              {folders.map((folder) => (
                <NavLink
                  component="button"
                  type="button"
                  key={folder.id}
                  label={folder.name}
                  leftSection={<IconFolder size={16} />}
                  onClick={() => setPath(folder.path)}
                />
              ))}
              {files.map((file) => (
                <NavLink
                  component="button"
                  type="button"
                  key={file.id}
                  label={file.filename}
                  leftSection={<IconFile size={16} />}
                  active={picked === file.id}
                  onClick={() => setPicked(file.id)}
                />
              ))}
              {!listing.isPending && folders.length + files.length === 0 ? (
                <Text size="sm" c="dimmed">
                  This folder is empty.
                </Text>
              ) : null}
            </ScrollArea>
          </Tabs.Panel>
          <Tabs.Panel value="upload" pt="sm">
            <FileInput
              label="Files"
              description={`Saved to ${DATA_ROOM_FOLDER} in the File Cabinet`}
              placeholder="Choose files"
              multiple
              accept={UPLOAD_ACCEPT}
              value={uploads}
              onChange={setUploads}
            />
          </Tabs.Panel>
        </Tabs>
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={pending} onClick={() => void submit()}>
            Add Document
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
