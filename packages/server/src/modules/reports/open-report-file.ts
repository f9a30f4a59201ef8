import { REPORT_MESSAGES } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { TokenService } from '../../adapters/tokens.ts';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { visibleUserReports } from './list-user-reports.ts';
import { reportFileIds } from './report-file-links.ts';

/**
 * GET /api/user/report/file/{a}/jwt/{b}: the file a report link names, for the user it was signed for.
 * The token must be ours, unexpired, for this file and this user; and the file must still be a value of a
 * row of that report the user sees now (a row unshared or an answer changed since ends the link). Any
 * failure is the same 404, so a token says nothing about what it could have opened.
 */
export async function openReportFile({
  tx,
  actor,
  tokens,
  fileId,
  token,
}: {
  tx: Tx;
  actor: UserActor;
  tokens: TokenService;
  fileId: number;
  token: string;
}) {
  const claims = await tokens.verify(token, 'report_file').catch(() => null);
  if (!claims || claims.sub !== String(actor.userId) || claims.file !== fileId)
    throw notFound(REPORT_MESSAGES.fileLinkGone);
  const visible = (await visibleUserReports(tx, actor)).find((r) => r.report.id === claims.report);
  if (!visible || !reportFileIds(visible.definition, visible.rows).has(fileId))
    throw notFound(REPORT_MESSAGES.fileLinkGone);
  const [file] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.accountId, visible.report.accountId)))
    .limit(1);
  if (!file) throw notFound(REPORT_MESSAGES.fileLinkGone);
  return file;
}
