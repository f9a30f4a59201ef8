import { NOTICE_MESSAGES } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { type outsideForms, projects, projectTemplates, transactions } from '../../db/schema/index.ts';
import { mailBrandOfAccount } from '../brand/mail-brand.ts';
import { formSubmittedEmail } from './emails.ts';
import { notifyOwners } from './notify-owners.ts';

type FormRow = typeof outsideForms.$inferSelect;

/**
 * An outside form came back submitted: the member who shared it (else the admins), if they may see its
 * task's module, get a notice in the bell and an email leading to the task.
 */
export async function notifyFormSubmitted({ ctx, tx, form }: { ctx: AppContext; tx: Tx; form: FormRow }) {
  const [group] = await tx
    .select({ moduleId: projectTemplates.moduleId, projectId: transactions.projectId })
    .from(transactions)
    .innerJoin(projects, eq(projects.id, transactions.projectId))
    .innerJoin(projectTemplates, eq(projectTemplates.id, projects.templateId))
    .where(eq(transactions.id, form.transactionId));
  if (!group) return;
  const link = `workbench/${group.moduleId}/${group.projectId}/${form.transactionId}/overview`;
  const brand = await mailBrandOfAccount(ctx, tx, form.accountId);
  await notifyOwners({
    ctx,
    tx,
    accountId: form.accountId,
    audience: { taskModuleId: group.moduleId },
    owners: [form.createdBy],
    notice: { kind: 'form_submitted', message: NOTICE_MESSAGES.formSubmitted(form.name), link },
    email: (to) => formSubmittedEmail(to, form.name, `${brand.url}/c/${form.accountId}/${link}`, brand),
  });
}
