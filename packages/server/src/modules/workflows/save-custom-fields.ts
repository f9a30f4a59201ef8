import type { CustomDocumentView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customDocuments } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { presentCustomDocument } from './presenters.ts';
import { findCustomDocument, findCustomTask } from './scope.ts';

/** PUT /api/account/custom_document/{id}: the values of its tokens. */
export async function saveCustomFields(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  fields: Record<string, string>;
}): Promise<CustomDocumentView> {
  const { tx, actor, id, fields } = input;
  const row = await findCustomDocument(tx, actor, id);
  await findCustomTask(tx, actor, row.taskId);
  const unknown = Object.keys(fields).filter((token) => !row.tokens.includes(token));
  if (unknown.length) throw invalid({ fields: `Unknown fields: ${unknown.join(', ')}` });
  const merged = { ...row.fields };
  for (const [token, value] of Object.entries(fields)) merged[token] = value.trim();
  const [updated] = await tx
    .update(customDocuments)
    .set({ fields: merged, updatedAt: new Date() })
    .where(eq(customDocuments.id, id))
    .returning();
  return presentCustomDocument(updated);
}
