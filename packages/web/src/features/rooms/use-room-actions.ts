import type {
  RoomDetail,
  RoomDocumentView,
  RoomLinkView,
  RoomTableView,
  UpdateRoomBody,
} from '@charter/domain';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { roomKeys, roomsApi } from './api.ts';
import { ROOM_FAILURES, ROOM_TOASTS } from './messages.ts';

/**
 * The room page's calls, each followed by its toast (spec 3 §8) and a refresh of the room's queries.
 * Calls made from dialogs throw, so the dialog shows the refusal; one-click calls toast it.
 */
export function useRoomActions(companyId: number, detail: RoomDetail) {
  const queryClient = useQueryClient();
  const { push } = useNotices();
  const api = roomsApi(companyId);
  const id = detail.room.id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: roomKeys.all(companyId) });
  /** A call from a dialog: toast on success, refresh, and rethrow a failure for the dialog to show. */
  const inDialog = async <T>(call: Promise<T>, toast: string) => {
    const result = await call;
    push({ type: 'success', message: toast });
    await refresh();
    return result;
  };
  /** A one-click call: toast its success or its failure. */
  const oneClick = async (call: () => Promise<unknown>, toast: string, failure: string) => {
    try {
      await call();
      push({ type: 'success', message: toast });
    } catch (caught) {
      push({ type: 'error', message: errorMessage(caught, failure) });
    } finally {
      await refresh();
    }
  };
  const neighbour = <T extends { id: number }>(list: T[], item: T, direction: -1 | 1) =>
    list[list.findIndex((x) => x.id === item.id) + direction];

  return {
    update: (body: UpdateRoomBody, toast: string = ROOM_TOASTS.updated) =>
      oneClick(() => api.update(id, body), toast, ROOM_FAILURES.update),
    rename: (label: string) => inDialog(api.update(id, { label }), ROOM_TOASTS.nameUpdated),
    addLink: (body: { link: string; label: string }) =>
      inDialog(api.addLink(id, body), ROOM_TOASTS.linkAdded),
    editLink: (link: RoomLinkView, body: { link: string; label: string }) =>
      inDialog(api.updateLink(id, link.id, body), ROOM_TOASTS.linkUpdated),
    removeLink: (link: RoomLinkView) =>
      oneClick(() => api.removeLink(id, link.id), ROOM_TOASTS.linkDeleted, ROOM_FAILURES.deleteLink),
    moveLink: (link: RoomLinkView, direction: -1 | 1) => {
      const other = neighbour(detail.overview.links, link, direction);
      if (!other) return Promise.resolve();
      return oneClick(
        () => api.swapLinks(id, link.id, other.id),
        ROOM_TOASTS.linksSwapped,
        ROOM_FAILURES.swapLinks,
      );
    },
    addFile: (fileId: number) =>
      inDialog(api.addDocument(id, { file_id: fileId }), ROOM_TOASTS.documentAdded),
    upload: (files: File[]) => inDialog(api.uploadDocuments(id, files), ROOM_TOASTS.fileUploaded),
    renameDocument: (doc: RoomDocumentView, label: string) =>
      inDialog(api.renameDocument(id, doc.id, label), ROOM_TOASTS.documentUpdated),
    removeDocument: (doc: RoomDocumentView) =>
      oneClick(
        () => api.removeDocument(id, doc.id),
        ROOM_TOASTS.documentRemoved,
        ROOM_FAILURES.removeDocument,
      ),
    moveDocument: (doc: RoomDocumentView, direction: -1 | 1) => {
      const other = neighbour(detail.overview.documents, doc, direction);
      if (!other) return Promise.resolve();
      return oneClick(
        () => api.swapDocuments(id, doc.id, other.id),
        ROOM_TOASTS.documentUpdated,
        ROOM_FAILURES.swapDocuments,
      );
    },
    addTable: (body: { resource_type_id: number; label: string; fields: RoomTableView['fields'] }) =>
      inDialog(api.addFeature(id, { kind: 'table', ...body }), ROOM_TOASTS.fieldAdded),
    addRecord: (table: RoomTableView, resourceId: number) =>
      inDialog(
        api.addFeature(id, { kind: 'record', table_id: table.id, resource_id: resourceId }),
        ROOM_TOASTS.resourceAdded,
      ),
    addFields: (table: RoomTableView, fields: RoomTableView['fields']) =>
      inDialog(api.addFeature(id, { kind: 'fields', table_id: table.id, fields }), ROOM_TOASTS.fieldsAdded),
    renameTable: (table: RoomTableView, label: string) =>
      inDialog(api.renameFeature(id, table.id, label), ROOM_TOASTS.nameUpdated),
    removeTable: (table: RoomTableView) =>
      oneClick(() => api.removeFeature(id, table.id), ROOM_TOASTS.tableRemoved, ROOM_FAILURES.deleteFeature),
    removeRecord: (table: RoomTableView, resourceId: number) =>
      oneClick(
        () => api.removeFeature(id, table.id, `?resource_id=${resourceId}`),
        ROOM_TOASTS.recordRemoved,
        ROOM_FAILURES.deleteFeature,
      ),
    removeField: (table: RoomTableView, key: string) =>
      oneClick(
        () => api.removeFeature(id, table.id, `?field=${encodeURIComponent(key)}`),
        ROOM_TOASTS.fieldRemoved,
        ROOM_FAILURES.deleteFeature,
      ),
  };
}

export type RoomActions = ReturnType<typeof useRoomActions>;
