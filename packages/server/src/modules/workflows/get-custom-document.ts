import type { CustomDocumentView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customDocuments } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { presentCustomDocument } from './presenters.ts';
import { findTask } from './scope.ts';

/** GET /api/account/custom_document?task_id=: the task's custom document, or null before one is picked. */
export async function getCustomDocument(input: {
  tx: Tx;
  actor: MemberActor;
  taskId: number;
}): Promise<CustomDocumentView | null> {
  const { tx, actor, taskId } = input;
  await findTask(tx, actor, taskId);
  const [row] = await tx.select().from(customDocuments).where(eq(customDocuments.taskId, taskId));
  return row ? presentCustomDocument(row) : null;
}
