import { REPORT_MESSAGES } from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomReports } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { findRoom } from '../rooms/scope.ts';
import { findDefinition } from './catalogue.ts';
import { assertCanManageReports } from './policies.ts';
import { presentRoomReport } from './presenters.ts';
import { loadReportRows, rowsOf } from './rows.ts';

/**
 * POST /api/account/admin/room/{id}/report: puts one of the workspace's report tables in a room, last.
 * "Only the viewing user's rows" needs an email column to match the viewer on (spec 3 §5).
 */
export async function addRoomReport({
  tx,
  actor,
  roomId,
  key,
  userOnly,
}: {
  tx: Tx;
  actor: MemberActor;
  roomId: number;
  key: string;
  userOnly: boolean;
}) {
  assertCanManageReports(actor);
  const room = await findRoom(tx, actor, roomId, true);
  const definition = await findDefinition(tx, actor.accountId, key);
  if (!definition) throw invalid({ feature_type_id: REPORT_MESSAGES.selectReport });
  if (userOnly && definition.emailKeys.length === 0)
    throw invalid({ user_only: 'This report has no email field to match viewers on.' });
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${roomReports.position}), 0) + 1` })
    .from(roomReports)
    .where(eq(roomReports.roomId, room.id));
  const [row] = await tx
    .insert(roomReports)
    .values({ roomId: room.id, reportKey: key, userOnly, position: Number(next) })
    .returning();
  const rows = rowsOf(await loadReportRows(tx, [definition]), definition);
  return presentRoomReport(row, definition, rows);
}
