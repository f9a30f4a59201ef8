import type { RecipientView } from '@charter/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentRecipients } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { presentRecipient } from './presenters.ts';
import { findDocument } from './scope.ts';

/** GET /api/account/document_history/{id}/email_recipient */
export async function listRecipients(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
}): Promise<RecipientView[]> {
  const { tx, actor, id } = input;
  await findDocument(tx, actor, id);
  const rows = await tx
    .select()
    .from(documentRecipients)
    .where(eq(documentRecipients.documentId, id))
    .orderBy(asc(documentRecipients.id));
  return rows.map(presentRecipient);
}
