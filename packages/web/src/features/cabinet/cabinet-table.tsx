import { ActionIcon, Anchor, Checkbox, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconFile, IconFileTypePdf, IconFolder } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { humanSize, isPdf } from './paths.ts';
import type { CabinetFile, CabinetFolder, CabinetItem } from './types.ts';

type Props = {
  folders: CabinetFolder[];
  files: CabinetFile[];
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  onOpenFolder: (folder: CabinetFolder) => void;
  onOpenFile: (file: CabinetFile) => void;
  onDownload: (file: CabinetFile) => void;
  /** A PDF becomes a document to send for signature. */
  onSendForSignature?: (file: CabinetFile) => void;
  onRename: (item: CabinetItem) => void;
  onMove: (file: CabinetFile) => void;
  onDelete: (item: CabinetItem) => void;
  /** Search results come from many folders: each file says which. */
  showFolders?: boolean;
  /** Folder rows have Rename and Delete only where they are listed (not among search results). */
  folderActions?: boolean;
};

const added = (iso: string) => new Date(iso).toLocaleDateString();

function RowMenu({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Group justify="flex-end">
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>{children}</Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** A folder's contents: its folders first, then its files, each with its actions; files can be selected. */
export function CabinetTable(props: Props) {
  const { folders, files, selected } = props;
  const allSelected = files.length > 0 && files.every((f) => selected.has(f.id));
  const someSelected = files.some((f) => selected.has(f.id));
  return (
    <Table.ScrollContainer minWidth={480} type="native">
      <Table highlightOnHover verticalSpacing="xs" aria-label="Folder contents">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} pos="relative">
              {files.length === 0 && <VisuallyHidden>Select</VisuallyHidden>}
              {files.length > 0 && (
                <Checkbox
                  aria-label="Select all files"
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={(e) =>
                    props.onSelect(
                      files.map((f) => f.id),
                      e.currentTarget.checked,
                    )
                  }
                />
              )}
            </Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Added</Table.Th>
            <Table.Th w={60} pos="relative">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {folders.map((folder) => (
            <Table.Tr key={`folder-${folder.id}`}>
              <Table.Td />
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => props.onOpenFolder(folder)}>
                  <Group gap="xs" wrap="nowrap">
                    <IconFolder size={18} aria-hidden />
                    <span>{folder.name}</span>
                  </Group>
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  —
                </Text>
              </Table.Td>
              <Table.Td>{added(folder.created_at)}</Table.Td>
              <Table.Td>
                {props.folderActions !== false && (
                  <RowMenu name={folder.name}>
                    <Menu.Item onClick={() => props.onRename({ kind: 'folder', folder })}>Rename</Menu.Item>
                    <Menu.Item color="red" onClick={() => props.onDelete({ kind: 'folder', folder })}>
                      Delete
                    </Menu.Item>
                  </RowMenu>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
          {files.map((file) => (
            <Table.Tr key={`file-${file.id}`}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${file.filename}`}
                  checked={selected.has(file.id)}
                  onChange={(e) => props.onSelect([file.id], e.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => props.onOpenFile(file)}>
                  <Group gap="xs" wrap="nowrap">
                    {isPdf(file) ? (
                      <IconFileTypePdf size={18} aria-hidden />
                    ) : (
                      <IconFile size={18} aria-hidden />
                    )}
                    <span>{file.filename}</span>
                  </Group>
                </Anchor>
                {props.showFolders && (
                  <Text size="xs" c="dimmed">
                    in {file.path}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{humanSize(file.size)}</Table.Td>
              <Table.Td>{added(file.created_at)}</Table.Td>
              <Table.Td>
                <RowMenu name={file.filename}>
                  {file.abilities.rename && (
                    <Menu.Item onClick={() => props.onRename({ kind: 'file', file })}>Rename</Menu.Item>
                  )}
                  {file.abilities.move && <Menu.Item onClick={() => props.onMove(file)}>Move</Menu.Item>}
                  <Menu.Item onClick={() => props.onDownload(file)}>Download</Menu.Item>
                  {props.onSendForSignature && isPdf(file) && (
                    <Menu.Item onClick={() => props.onSendForSignature?.(file)}>Send for signature</Menu.Item>
                  )}
                  {file.abilities.delete && (
                    <Menu.Item color="red" onClick={() => props.onDelete({ kind: 'file', file })}>
                      Delete
                    </Menu.Item>
                  )}
                </RowMenu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
