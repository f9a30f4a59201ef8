import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentRecipients } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { findRecipient } from './scope.ts';

/** DELETE /api/account/document_history/email_recipient/{id} */
export async function removeRecipient({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  await findRecipient(tx, actor, id);
  await tx.delete(documentRecipients).where(eq(documentRecipients.id, id));
}
