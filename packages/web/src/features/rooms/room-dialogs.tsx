import type { RoomDocumentView, RoomLinkView, RoomTableView } from '@charter/domain';
import { AddDocumentModal } from './add-document-modal.tsx';
import { LinkModal } from './link-modal.tsx';
import { ROOM_FAILURES } from './messages.ts';
import { RenameModal } from './rename-modal.tsx';
import { AddFieldsModal, AddRecordModal, AddTableModal } from './table-modals.tsx';
import type { RoomActions } from './use-room-actions.ts';

/** The dialog open on the room page, if any. */
export type RoomDialog =
  | null
  | { kind: 'add-document' }
  | { kind: 'link'; link: RoomLinkView | null }
  | { kind: 'rename-document'; doc: RoomDocumentView }
  | { kind: 'add-table' }
  | { kind: 'rename-table'; table: RoomTableView }
  | { kind: 'add-record'; table: RoomTableView }
  | { kind: 'add-fields'; table: RoomTableView };

export function RoomDialogs({
  companyId,
  dialog,
  actions,
  onClose,
}: {
  companyId: number;
  dialog: RoomDialog;
  actions: RoomActions;
  onClose: () => void;
}) {
  if (dialog === null) return null;
  switch (dialog.kind) {
    case 'add-document':
      return (
        <AddDocumentModal
          companyId={companyId}
          onPick={actions.addFile}
          onUpload={actions.upload}
          onClose={onClose}
          failure={ROOM_FAILURES.addDocument}
        />
      );
    case 'link': {
      const { link } = dialog;
      return (
        <LinkModal
          link={link}
          onSubmit={(body) =>
            link
              ? actions.editLink(link, { link: body.link, label: body.label ?? '' })
              : actions.addLink({ link: body.link, label: body.label ?? '' })
          }
          onClose={onClose}
          failure={link ? ROOM_FAILURES.updateLink : ROOM_FAILURES.createLink}
        />
      );
    }
    case 'rename-document':
      return (
        <RenameModal
          title="Rename Document"
          initial={dialog.doc.label}
          onSubmit={(label) => actions.renameDocument(dialog.doc, label)}
          onClose={onClose}
          failure={ROOM_FAILURES.updateDocument}
        />
      );
    case 'add-table':
      return (
        <AddTableModal
          companyId={companyId}
          onSubmit={actions.addTable}
          onClose={onClose}
          failure={ROOM_FAILURES.createFeature}
        />
      );
    case 'rename-table':
      return (
        <RenameModal
          title="Rename Table"
          initial={dialog.table.label}
          onSubmit={(label) => actions.renameTable(dialog.table, label)}
          onClose={onClose}
          failure={ROOM_FAILURES.updateFeature}
        />
      );
    case 'add-record':
      return (
        <AddRecordModal
          companyId={companyId}
          table={dialog.table}
          onSubmit={(resourceId) => actions.addRecord(dialog.table, resourceId)}
          onClose={onClose}
          failure={ROOM_FAILURES.createFeature}
        />
      );
    case 'add-fields':
      return (
        <AddFieldsModal
          companyId={companyId}
          table={dialog.table}
          onSubmit={(fields) => actions.addFields(dialog.table, fields)}
          onClose={onClose}
          failure={ROOM_FAILURES.createFeature}
        />
      );
  }
}
