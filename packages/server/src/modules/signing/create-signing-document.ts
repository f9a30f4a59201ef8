import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { canUseCabinet, NO_CABINET_ACCESS } from '../cabinet/policies.ts';
import { findFile } from '../cabinet/scope.ts';
import { presentForOwner } from './get-signing-document.ts';
import { pdfToSign } from './pdf-to-sign.ts';
import { placeTaggedFields } from './place-tagged-fields.ts';

/**
 * POST /api/account/signing/documents: a PDF of the cabinet becomes a draft to send for signature, its
 * text tags ({{sign:Role}}…) already made fields.
 */
export async function createSigningDocument(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  body: { file_id: number; label?: string };
}) {
  const { ctx, tx, actor, body } = input;
  if (!canUseCabinet(actor)) throw new AppError('FORBIDDEN', NO_CABINET_ACCESS);
  const file = await pdfToSign(ctx, tx, await findFile(tx, actor, body.file_id));
  const [document] = await tx
    .insert(documents)
    .values({
      accountId: actor.accountId,
      fileId: null,
      originalFileId: file.id,
      filename: file.filename,
      label: body.label ?? file.filename.replace(/\.pdf$/i, ''),
      status: 'document.draft',
      signingState: 'draft',
    })
    .returning();
  await placeTaggedFields(ctx, tx, document, file);
  return presentForOwner(ctx, tx, document);
}
