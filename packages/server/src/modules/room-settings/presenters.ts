import type { RoomCodeView, RoomHistoryEntry, RoomUserView } from '@charter/domain';
import type { roomCodes, roomHistory, roomVisitors } from '../../db/schema/index.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

type CodeRow = typeof roomCodes.$inferSelect;
type Person = { id: number; name: string; email: string };

/** A personal link as the owner sees it: to whom, and what became of it; never its secret or hash. */
export const presentRoomCode = (code: CodeRow, user: Person | null): RoomCodeView => ({
  id: code.id,
  email: code.email,
  user,
  created_at: code.createdAt.toISOString(),
  redeemed_at: iso(code.redeemedAt),
  revoked_at: iso(code.revokedAt),
});

type VisitorRow = typeof roomVisitors.$inferSelect;

export const presentRoomUser = (visitor: VisitorRow, name: string, email: string | null): RoomUserView => ({
  id: visitor.id,
  name,
  email,
  user_id: visitor.userId,
  anonymous: visitor.userId === null && visitor.email === null,
  times_visited: visitor.timesVisited,
  doc_interactions: visitor.docInteractions,
  last_visited: iso(visitor.lastVisitedAt),
  created_at: visitor.createdAt.toISOString(),
  disconnected_at: iso(visitor.disconnectedAt),
  invite_rights: visitor.inviteRights,
});

type HistoryRow = typeof roomHistory.$inferSelect;

export const presentHistoryEntry = (
  row: HistoryRow,
  user: { name: string; email: string | null } | null,
): RoomHistoryEntry => ({
  id: row.id,
  action: row.action as RoomHistoryEntry['action'],
  label: row.label,
  sublabel: row.sublabel,
  file_id: row.fileId,
  page: row.page,
  seconds: row.seconds,
  created_at: row.createdAt.toISOString(),
  user: user && row.visitorId !== null ? { visitor_id: row.visitorId, ...user } : null,
  hidden_at: iso(row.hiddenAt),
});
