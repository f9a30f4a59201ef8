import { DOCUMENT_STATUS, type SigningField } from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documentRecipients, documents } from '../../db/schema/index.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import type { Signer } from '../documents/signers-for.ts';
import { setTaskLabel } from '../workflows/announce-document.ts';
import { userEventActor } from './people.ts';
import { insertFields } from './place-tagged-fields.ts';
import { sendForSignature } from './send-document.ts';

export const NOT_YET_SENT = 'Not yet sent';

/**
 * A generated document whose template names signers becomes a draft for signature: its signers (from
 * the frozen answers) are its recipients, the blocks its body placed are their fields. With auto_send
 * (and every signer's email known) it goes out at once; otherwise it waits for the owner's Send.
 */
export async function prepareGeneratedSigning(input: {
  ctx: AppContext;
  tx: Tx;
  documentId: number;
  fields: SigningField[];
  signers: Signer[];
  autoSend: { by: number; brand: MailBrand } | null;
}) {
  const { ctx, tx, signers } = input;
  const [document] = await tx
    .update(documents)
    .set({
      originalFileId: sql`${documents.fileId}`,
      fileId: null,
      signingState: 'draft',
      status: DOCUMENT_STATUS.DRAFT,
      completedAt: null,
    })
    .where(eq(documents.id, input.documentId))
    .returning();
  // One recipient per email: someone who signs for two roles fills both roles' fields.
  const byRole = new Map<string, number>();
  const byEmail = new Map<string, number>();
  for (const signer of signers.filter((s) => s.email)) {
    let id = byEmail.get(signer.email);
    if (id === undefined) {
      [{ id }] = await tx
        .insert(documentRecipients)
        .values({
          accountId: document.accountId,
          documentId: document.id,
          email: signer.email,
          name: signer.name || signer.email,
          role: 'Signer',
          party: signer.role,
          signingOrder: signer.order,
        })
        .returning({ id: documentRecipients.id });
      byEmail.set(signer.email, id);
    }
    byRole.set(signer.role, id);
  }
  await insertFields(
    tx,
    document,
    input.fields.map((field) => ({ ...field, recipientId: byRole.get(field.role) ?? null })),
  );
  const ready = signers.length > 0 && signers.every((s) => s.email);
  if (input.autoSend && ready) {
    const { by, brand } = input.autoSend;
    const sequential = new Set(signers.map((s) => s.order)).size > 1;
    const actor = await userEventActor(tx, by);
    await sendForSignature({
      ctx,
      tx,
      document,
      options: { sequential, reminder_days: null },
      brand,
      by: { userId: by, actor },
    });
  } else {
    await setTaskLabel(tx, document, NOT_YET_SENT);
  }
}
