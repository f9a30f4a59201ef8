import { NOTICE_MESSAGES } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { outsideForms } from '../../db/schema/index.ts';
import { mailBrandOfAccount } from '../brand/mail-brand.ts';
import { formSubmittedEmail } from './emails.ts';
import { notifyOwners } from './notify-owners.ts';

type FormRow = typeof outsideForms.$inferSelect;

/**
 * An outside form came back submitted: the member who shared it (else the admins), if they may see its
 * task's module, get a notice in the bell and an email leading to the task. `group` is the task's module
 * and project, as the form's announce read them (outside-forms/announce-form.ts).
 */
export async function notifyFormSubmitted({
  ctx,
  tx,
  form,
  group,
}: {
  ctx: AppContext;
  tx: Tx;
  form: FormRow;
  group: { moduleId: number; projectId: number };
}) {
  const link = `workbench/${group.moduleId}/${group.projectId}/${form.transactionId}/overview`;
  const brand = await mailBrandOfAccount(ctx, tx, form.accountId);
  await notifyOwners({
    tx,
    accountId: form.accountId,
    audience: { taskModuleId: group.moduleId },
    owners: [form.createdBy],
    notice: { kind: 'form_submitted', message: NOTICE_MESSAGES.formSubmitted(form.name), link },
    email: {
      ctx,
      message: (to) => formSubmittedEmail(to, form.name, `${brand.url}/c/${form.accountId}/${link}`, brand),
    },
  });
}
