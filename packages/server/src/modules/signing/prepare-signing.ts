import { DOCUMENT_STATUS } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { presentForOwner } from './get-signing-document.ts';
import { pdfToSign } from './pdf-to-sign.ts';
import { placeTaggedFields } from './place-tagged-fields.ts';
import { findSigningDocument, originalFileOf } from './scope.ts';

/**
 * POST /api/account/signing/documents/{id}/prepare: a task's document (generated, uploaded, or a Custom
 * task's Word file, as a PDF) becomes a draft to send for signature, its text tags made fields. A document already prepared is left as it is.
 */
export async function prepareSigning(input: { ctx: AppContext; tx: Tx; actor: MemberActor; id: number }) {
  const { ctx, tx, actor } = input;
  let document = await findSigningDocument(tx, actor, input.id, true);
  if (document.signingState === null) {
    const file = await pdfToSign(ctx, tx, await originalFileOf(tx, document));
    [document] = await tx
      .update(documents)
      // Until it is sealed, the document has no box file (spec 2 §4: a box file means completed).
      .set({
        signingState: 'draft',
        status: DOCUMENT_STATUS.DRAFT,
        originalFileId: file.id,
        fileId: null,
        updatedAt: new Date(),
      })
      .where(eq(documents.id, document.id))
      .returning();
    await placeTaggedFields(ctx, tx, document, file);
  }
  return presentForOwner(ctx, tx, document);
}
