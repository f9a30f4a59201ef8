import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { outsideForms, type rooms, transactions } from '../../db/schema/index.ts';
import type { FormActor, MemberActor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { CODE_PATTERN, codeHash } from '../rooms/link-codes.ts';
import { templateFor } from '../workflows/catalog.ts';
import { findTransaction } from '../workflows/scope.ts';

export type FormRow = typeof outsideForms.$inferSelect;
export const FORM_NOT_FOUND = 'Form not found';

/** The task whose questionnaire a member shares: visible to them, and still open (they may edit it). */
export async function findShareableTask(tx: Tx, actor: MemberActor, id: number, lock = false) {
  const transaction = await findTransaction(tx, actor, id, lock);
  if (!transaction.open) {
    throw new AppError('CONFLICT', 'This task has been submitted. Reopen it to share its form.');
  }
  return transaction;
}

/** One form of a task the member may see, not cancelled. */
export async function findTaskForm(tx: Tx, actor: MemberActor, transactionId: number, formId: number) {
  const transaction = await findTransaction(tx, actor, transactionId);
  const [form] = await tx
    .select()
    .from(outsideForms)
    .where(
      and(
        eq(outsideForms.id, formId),
        eq(outsideForms.accountId, actor.accountId),
        eq(outsideForms.transactionId, transaction.id),
        isNull(outsideForms.cancelledAt),
      ),
    );
  if (!form) throw notFound(FORM_NOT_FOUND);
  return form;
}

/**
 * The form a code opens, by the code's hash only (a malformed code never reaches the database); a
 * cancelled form's code opens nothing.
 */
export async function formByCode(tx: Tx, code: string, lock = false): Promise<FormRow> {
  if (!CODE_PATTERN.test(code)) throw notFound(FORM_NOT_FOUND);
  const query = tx
    .select()
    .from(outsideForms)
    .where(and(eq(outsideForms.codeHash, codeHash(code)), isNull(outsideForms.cancelledAt)));
  const [form] = lock ? await query.for('update') : await query;
  if (!form) throw notFound(FORM_NOT_FOUND);
  return form;
}

/** A form that can be filled by its code: a standing form's code only makes instances (its redirect). */
export async function fillableFormByCode(tx: Tx, code: string, lock = false): Promise<FormRow> {
  const form = await formByCode(tx, code, lock);
  if (form.type === 'persistent') throw notFound(FORM_NOT_FOUND);
  return form;
}

/** Who acts through a form's code: the form, and through it its one task group. */
export const formActor = (form: FormRow): FormActor => ({
  kind: 'form',
  formId: form.id,
  transactionId: form.transactionId,
  accountId: form.accountId,
});

/** The form's task group with its template (the form names it; the request never does). */
export async function formTask(tx: Tx, form: FormRow, lock = false) {
  const query = tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, form.transactionId), eq(transactions.accountId, form.accountId)));
  const [transaction] = lock ? await query.for('update') : await query;
  if (!transaction) throw notFound(FORM_NOT_FOUND);
  const { template, transactionTemplate } = await templateFor(tx, transaction);
  return { transaction, template, transactionTemplate };
}

/**
 * A room's connected forms: those shared into it, and those of the workflow (or the one group) the room
 * belongs to. The guest room and the admin's panels list the same forms.
 */
export function roomFormsCondition(
  db: Tx,
  room: Pick<typeof rooms.$inferSelect, 'id' | 'projectId' | 'transactionId'>,
) {
  const ofWorkflow =
    room.transactionId !== null
      ? eq(outsideForms.transactionId, room.transactionId)
      : room.projectId !== null
        ? inArray(
            outsideForms.transactionId,
            db
              .select({ id: transactions.id })
              .from(transactions)
              .where(eq(transactions.projectId, room.projectId)),
          )
        : undefined;
  return ofWorkflow ? or(eq(outsideForms.roomId, room.id), ofWorkflow) : eq(outsideForms.roomId, room.id);
}
