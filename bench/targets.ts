import type { DatabaseRun } from './charter-run.ts';
import { CONNECTIONS, type Row } from './measure.ts';
import type { Sizes } from './options.ts';
import { describeRoomOverview } from './room-overview.ts';
import { QUESTION_COUNT } from './workflow-library.ts';

/** The budgets of docs and DESIGN, on one database (the full run only: they are for its sizes). */
export function describeTargets(run: DatabaseRun, fastify: Row | undefined, sizes: Sizes) {
  const on = `on the ${run.database === 'embedded' ? 'embedded database' : 'PostgreSQL'}`;
  const lines: string[] = [];
  const find = (prefix: string) => run.rows.find((r) => r.name.startsWith(prefix));
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  const authenticated = find('GET /api/account/me');
  if (authenticated) {
    lines.push(
      `Target: authenticated GET p99 < 25 ms ${on}: ${verdict(authenticated.p99 < 25)} (${authenticated.p99} ms)`,
    );
    if (fastify) {
      const share = authenticated.reqPerSec / fastify.reqPerSec;
      lines.push(
        `Target: authenticated GET >= 50% of Fastify hello world ${on}: ${verdict(share >= 0.5)} (${Math.round(share * 100)}%)`,
      );
    }
  }
  const questionnaire = find('GET questionnaire');
  if (questionnaire)
    lines.push(
      `Target: ${QUESTION_COUNT}-question questionnaire at ${CONNECTIONS} connections p99 < 500 ms, 0 errors ${on}: ${verdict(questionnaire.p99 < 500 && questionnaire.errors === 0)} (${questionnaire.p99} ms, ${questionnaire.errors} errors)`,
    );
  const folder = find('GET /api/account/storage/folder');
  if (folder)
    lines.push(
      `Target: folder of ${sizes.folderFiles} files p99 < 150 ms ${on}: ${verdict(folder.p99 < 150)} (${folder.p99} ms)`,
    );
  const list = find('GET /api/account/transaction?');
  if (list)
    lines.push(
      `Target: transaction list of ${sizes.transactions} rows p99 < 150 ms ${on}: ${verdict(list.p99 < 150)} (${list.p99} ms)`,
    );
  if (run.largeUploadSeconds !== null)
    lines.push(
      `Target: ${sizes.largeMegabytes} MB PDF upload acknowledged < 5 s ${on}: ${verdict(run.largeUploadSeconds < 5)} (${run.largeUploadSeconds.toFixed(2)} s)`,
    );
  if (run.live)
    lines.push(
      `Target: one live event to ${run.live.sockets} sockets p99 < 100 ms ${on}: ${verdict(run.live.received === run.live.sockets && run.live.spreadP99Ms < 100)} (p99 ${run.live.spreadP99Ms} ms after the first)`,
    );
  if (run.roomOverview) lines.push(describeRoomOverview(run.roomOverview));
  return lines.join('\n');
}
