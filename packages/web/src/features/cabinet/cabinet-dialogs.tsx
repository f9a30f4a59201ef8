import { validateFileName } from '@charter/domain';
import { useNotices } from '../../app/notices.tsx';
import { cabinetApi, useCabinetMutation } from './api.ts';
import { DeleteModal } from './delete-modal.tsx';
import { MoveModal } from './move-modal.tsx';
import { NameModal } from './name-modal.tsx';
import { itemName, joinPath } from './paths.ts';
import type { CabinetFile, CabinetItem } from './types.ts';

/** The modal open on the page, if any. */
export type CabinetDialog =
  | { kind: 'new-folder' }
  | { kind: 'rename'; item: CabinetItem }
  | { kind: 'delete'; item: CabinetItem }
  | { kind: 'move'; files: CabinetFile[] }
  | { kind: 'delete-files'; files: CabinetFile[] }
  | null;

type Props = {
  companyId: number;
  path: string;
  dialog: CabinetDialog;
  onClose: () => void;
  /** After a move or a delete of several files: the selection is done with. */
  onDone?: () => void;
};

const noun = (item: CabinetItem) => (item.kind === 'folder' ? 'Folder' : 'File');
const files = (count: number) => (count === 1 ? 'File' : 'Files');

/** New Folder, Rename and Delete, each refreshing the cabinet when the server agrees. */
export function CabinetDialogs({ companyId, path, dialog, onClose, onDone }: Props) {
  const { push } = useNotices();
  const api = cabinetApi(companyId);
  const create = useCabinetMutation(companyId, (name: string) => api.createFolder(joinPath(path, name)));
  const rename = useCabinetMutation(
    companyId,
    async ({ item, name }: { item: CabinetItem; name: string }): Promise<unknown> =>
      item.kind === 'folder' ? api.renameFolder(item.folder.id, name) : api.renameFile(item.file.id, name),
  );
  const remove = useCabinetMutation(companyId, (item: CabinetItem) =>
    item.kind === 'folder' ? api.deleteFolder(item.folder.id) : api.deleteFile(item.file.id),
  );
  const move = useCabinetMutation(companyId, ({ ids, to }: { ids: number[]; to: string }) =>
    api.moveFiles(ids, to),
  );
  const removeAll = useCabinetMutation(companyId, (ids: number[]) => api.deleteFiles(ids));

  if (dialog === null) return null;
  if (dialog.kind === 'move') {
    const ids = dialog.files.map((f) => f.id);
    return (
      <MoveModal
        companyId={companyId}
        files={dialog.files}
        from={path}
        onClose={onClose}
        onMove={async (to) => {
          await move.mutateAsync({ ids, to });
          push({ type: 'success', message: `${files(ids.length)} moved.` });
          onDone?.();
        }}
      />
    );
  }
  if (dialog.kind === 'delete-files') {
    const ids = dialog.files.map((f) => f.id);
    return (
      <DeleteModal
        title={`Delete ${files(ids.length)}`}
        name={ids.length === 1 ? dialog.files[0].filename : `${ids.length} files`}
        onClose={onClose}
        onConfirm={async () => {
          await removeAll.mutateAsync(ids);
          push({ type: 'success', message: `${files(ids.length)} deleted.` });
          onDone?.();
        }}
      />
    );
  }
  if (dialog.kind === 'new-folder') {
    return (
      <NameModal
        title="New Folder"
        label="Folder name"
        submitLabel="Create"
        onClose={onClose}
        onSubmit={async (name) => {
          await create.mutateAsync(name);
          push({ type: 'success', message: 'Folder created.' });
        }}
      />
    );
  }
  const { item } = dialog;
  if (dialog.kind === 'rename') {
    return (
      <NameModal
        title={`Rename ${noun(item)}`}
        label={item.kind === 'folder' ? 'Folder name' : 'File name'}
        submitLabel="Rename"
        initial={itemName(item)}
        validate={item.kind === 'file' ? validateFileName : undefined}
        onClose={onClose}
        onSubmit={async (name) => {
          await rename.mutateAsync({ item, name });
          push({ type: 'success', message: `${noun(item)} renamed.` });
        }}
      />
    );
  }
  return (
    <DeleteModal
      title={`Delete ${noun(item)}`}
      name={itemName(item)}
      onClose={onClose}
      onConfirm={async () => {
        await remove.mutateAsync(item);
        push({ type: 'success', message: `${noun(item)} deleted.` });
      }}
    />
  );
}
