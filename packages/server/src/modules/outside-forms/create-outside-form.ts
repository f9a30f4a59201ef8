import { type CreateOutsideFormInput, OUTSIDE_FORM_MESSAGES } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import { randomToken } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { outsideForms, rooms } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { authorizeSharing } from '../auth/policies.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { codeHash, deriveCode, linkSecret } from '../rooms/link-codes.ts';
import { templateFor } from '../workflows/catalog.ts';
import { formLinkEmail } from './emails.ts';
import { includedQuestionIds } from './included.ts';
import { formLink, presentForm } from './presenters.ts';
import { findShareableTask } from './scope.ts';

/**
 * POST /api/account/transaction/{id}/outside: shares the task's questionnaire, or the questions chosen,
 * by a link (its code derived from the new row's id; the row keeps only the code's hash). With send_email
 * the link goes to the connected email.
 */
export async function createOutsideForm(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  transactionId: number;
  body: CreateOutsideFormInput;
  brand: MailBrand;
}) {
  const { ctx, tx, actor, body, brand } = input;
  authorizeSharing(actor);
  const transaction = await findShareableTask(tx, actor, input.transactionId, true);
  if (!body.name) throw invalid({ name: OUTSIDE_FORM_MESSAGES.nameRequired });
  const { transactionTemplate } = await templateFor(tx, transaction);
  const questionIds = includedQuestionIds(
    transactionTemplate,
    body.features.map((f) => f.feature_type_id),
  );
  if (questionIds.length === 0) throw invalid({ features: OUTSIDE_FORM_MESSAGES.noQuestions });
  if (body.room_id) {
    const [room] = await tx
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.id, body.room_id), eq(rooms.accountId, actor.accountId)));
    if (!room) throw notFound('Room not found');
  }
  const email = body.email?.trim().toLowerCase() || null;
  const [created] = await tx
    .insert(outsideForms)
    .values({
      accountId: actor.accountId,
      transactionId: transaction.id,
      roomId: body.room_id ?? null,
      type: body.type,
      name: body.name,
      description: body.description.trim(),
      assignedEmail: email,
      sendEmail: body.send_email,
      finalize: body.finalize_on_submit,
      questionIds,
      codeHash: `pending:${randomToken()}`,
      createdBy: actor.userId,
    })
    .returning();
  const secret = await linkSecret(ctx, tx);
  const code = deriveCode(secret, 'form', created.id, created.codeGeneration);
  const [form] = await tx
    .update(outsideForms)
    .set({ codeHash: codeHash(code) })
    .where(eq(outsideForms.id, created.id))
    .returning();
  await recordAudit(tx, actor, 'outside_form_created', {
    form_id: form.id,
    transaction_id: transaction.id,
    type: form.type,
    email,
  });
  if (form.sendEmail && email) {
    await ctx.mailer.send(tx, formLinkEmail(email, form, formLink(brand.url, form.type, code), brand));
  }
  return { message: OUTSIDE_FORM_MESSAGES.generated, form: presentForm(form, secret, brand.url) };
}
