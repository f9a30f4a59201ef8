import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { visibleDocuments } from '../workflows/policies.ts';
import { presentAllForOwner } from './get-signing-document.ts';

/**
 * GET /api/account/pandadoc/documents (spec 2 §7): the workspace's documents out for signature (or one
 * task's), newest first, with their recipients' states; at most 50.
 */
export async function listSigningDocuments(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  taskId?: number;
}) {
  const { ctx, tx, actor, taskId } = input;
  const rows = await tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.accountId, actor.accountId),
        isNotNull(documents.signingState),
        taskId === undefined ? undefined : eq(documents.taskId, taskId),
        visibleDocuments(actor),
      ),
    )
    .orderBy(desc(documents.id))
    .limit(50);
  return presentAllForOwner(ctx, tx, rows);
}
