import { OUTSIDE_FORM_MESSAGES } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { outsideForms } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { authorizeSharing } from '../auth/policies.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { deriveCode, linkSecret } from '../rooms/link-codes.ts';
import { formLinkEmail } from './emails.ts';
import { formLink, presentForm } from './presenters.ts';
import { findTaskForm } from './scope.ts';

/** POST /api/account/transaction/{id}/outside/{formId}/resend: the link again, to the connected email. */
export async function resendOutsideForm(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  transactionId: number;
  formId: number;
  brand: MailBrand;
}) {
  const { ctx, tx, actor, brand } = input;
  authorizeSharing(actor);
  const found = await findTaskForm(tx, actor, input.transactionId, input.formId);
  if (!found.assignedEmail || found.state !== 'new') {
    throw new AppError('VALIDATION_ERROR', OUTSIDE_FORM_MESSAGES.resendFailed);
  }
  const [form] = await tx
    .update(outsideForms)
    .set({ sendEmail: true })
    .where(eq(outsideForms.id, found.id))
    .returning();
  const secret = await linkSecret(ctx, tx);
  const code = deriveCode(secret, 'form', form.id, form.codeGeneration);
  await ctx.mailer.send(
    tx,
    formLinkEmail(found.assignedEmail, form, formLink(brand.url, form.type, code), brand),
  );
  return presentForm(form, secret, brand.url);
}
