import type { NoticeKind, NoticeView } from '@charter/domain';
import type { notices } from '../../db/schema/index.ts';

export const presentNotice = (row: typeof notices.$inferSelect): NoticeView => ({
  id: row.id,
  kind: row.kind as NoticeKind,
  message: row.message,
  link: row.link,
  created_at: row.createdAt.toISOString(),
  read: row.readAt !== null,
});
