import { eq } from 'drizzle-orm';
import { randomToken } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { accounts, outsideForms } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { codeHash, deriveCode, linkSecret } from '../rooms/link-codes.ts';
import { addTaskGroup, addTodos } from '../workflows/create-project.ts';
import { announceForm } from './announce-form.ts';
import { FORM_NOT_FOUND, formByCode, formTask } from './scope.ts';

/**
 * POST /api/redirect/form/{code}: a standing (persistent) form's link, opened by the button of the page its
 * GET leads to. Each opening makes a new task group in the same project from the same template, and a
 * form for it (a persistent_instance with its own code); the visitor is sent on to that form. Returns the
 * instance's code.
 */
export async function openStandingForm({ ctx, tx, code }: { ctx: AppContext; tx: Tx; code: string }) {
  const standing = await formByCode(tx, code);
  if (standing.type !== 'persistent') throw notFound(FORM_NOT_FOUND);
  const { transaction, transactionTemplate } = await formTask(tx, standing);
  const [account] = await tx
    .select({ companyName: accounts.companyName })
    .from(accounts)
    .where(eq(accounts.id, standing.accountId));
  const transactionId = await addTaskGroup({
    tx,
    accountId: standing.accountId,
    projectId: transaction.projectId,
    transactionTemplate,
    // Beside the group it was made from: the groups before it must be submitted first, as for it.
    position: transaction.position,
    companyName: account.companyName,
    allowReopen: transaction.allowReopen,
  });
  await addTodos(tx, standing.accountId, [transactionId]);
  const [instance] = await tx
    .insert(outsideForms)
    .values({
      accountId: standing.accountId,
      transactionId,
      roomId: standing.roomId,
      parentId: standing.id,
      type: 'persistent_instance',
      name: standing.name,
      description: standing.description,
      finalize: standing.finalize,
      questionIds: standing.questionIds,
      codeHash: `pending:${randomToken()}`,
      createdBy: standing.createdBy,
    })
    .returning();
  const instanceCode = deriveCode(await linkSecret(ctx, tx), 'form', instance.id, instance.codeGeneration);
  await tx
    .update(outsideForms)
    .set({ codeHash: codeHash(instanceCode) })
    .where(eq(outsideForms.id, instance.id));
  await announceForm(tx, instance);
  return instanceCode;
}
