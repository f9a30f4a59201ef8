import { Button, Group } from '@mantine/core';
import { IconDownload, IconFolderPlus, IconFolderShare, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import type { CabinetFile } from './types.ts';
import { UPLOAD_ACCEPT } from './upload.ts';

type Props = {
  /** The files selected in the listing (or the search results). */
  selected: CabinetFile[];
  uploading: boolean;
  zipping: boolean;
  onNewFolder: () => void;
  onUpload: (files: File[]) => void;
  onDownload: () => void;
  onMove: () => void;
  onDelete: () => void;
};

/**
 * The cabinet's own actions, for members who may use it: New Folder and Upload, and for the selected
 * files Download, Move and Delete, each offered only when every selected file allows it (the abilities
 * the server sends: a task's document cannot be deleted).
 */
export function CabinetActions(props: Props) {
  const { selected } = props;
  const fileInput = useRef<HTMLInputElement>(null);
  const none = selected.length === 0;
  return (
    <Group gap="xs">
      <Button variant="light" leftSection={<IconFolderPlus size={16} />} onClick={props.onNewFolder}>
        New Folder
      </Button>
      <Button
        variant="light"
        leftSection={<IconUpload size={16} />}
        loading={props.uploading}
        onClick={() => fileInput.current?.click()}
      >
        Upload
      </Button>
      <Button
        variant="light"
        leftSection={<IconDownload size={16} />}
        disabled={none}
        loading={props.zipping}
        onClick={props.onDownload}
      >
        Download
      </Button>
      <Button
        variant="light"
        leftSection={<IconFolderShare size={16} />}
        disabled={none || !selected.every((f) => f.abilities.move)}
        onClick={props.onMove}
      >
        Move
      </Button>
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} />}
        disabled={none || !selected.every((f) => f.abilities.delete)}
        onClick={props.onDelete}
      >
        Delete
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
          props.onUpload(chosen);
        }}
      />
    </Group>
  );
}
