import { DOCUMENT_STATUS, SIGNING_NOT_PDF } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { presentForOwner } from './get-signing-document.ts';
import { placeTaggedFields } from './place-tagged-fields.ts';
import { findSigningDocument, originalFileOf } from './scope.ts';

/**
 * POST /api/account/signing/documents/{id}/prepare: a task's document (generated or uploaded) becomes a
 * draft to send for signature, its text tags made fields. A document already prepared is left as it is.
 */
export async function prepareSigning(input: { ctx: AppContext; tx: Tx; actor: MemberActor; id: number }) {
  const { ctx, tx, actor } = input;
  let document = await findSigningDocument(tx, actor, input.id, true);
  if (document.signingState === null) {
    const file = await originalFileOf(tx, document);
    if (file?.contentType !== 'application/pdf') throw new AppError('VALIDATION_ERROR', SIGNING_NOT_PDF);
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
