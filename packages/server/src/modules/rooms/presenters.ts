import type { RoomLinkView, RoomView, UserRoomView } from '@charter/domain';
import type { roomLinks, rooms } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { roomAbilities } from './policies.ts';

type RoomRow = typeof rooms.$inferSelect;

export const presentRoom = (actor: MemberActor, row: RoomRow): RoomView => ({
  id: row.id,
  account_id: row.accountId,
  label: row.label,
  type: row.type,
  status: row.status,
  open: row.open,
  require_auth: row.requireAuth,
  strict: row.strict,
  read_only: row.readOnly,
  watermark: row.watermark,
  nda_file_id: row.ndaFileId,
  project_id: row.projectId,
  transaction_id: row.transactionId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  abilities: roomAbilities(actor, row),
});

export const presentLink = (
  row: Pick<typeof roomLinks.$inferSelect, 'id' | 'label' | 'link'>,
): RoomLinkView => ({
  id: row.id,
  label: row.label,
  link: row.link,
});

export const presentUserRoom = (
  row: RoomRow,
  account: { id: number; name: string },
  counts: UserRoomView['counts'],
): UserRoomView => ({
  id: row.id,
  label: row.label,
  type: row.type,
  status: row.status,
  open: row.open,
  require_auth: row.requireAuth,
  strict: row.strict,
  account,
  counts,
  created_at: row.createdAt.toISOString(),
});
