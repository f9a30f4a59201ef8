import type { LiveEvent } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects, projectTemplates, transactions } from '../../db/schema/index.ts';
import { publishEvents } from '../live/publish-event.ts';
import type { FormRow } from './scope.ts';

/**
 * Tells the workspace's open pages that a form moved (filled, or a standing link made an instance): its
 * task's pages and the form lists refresh, with a toast when given. Only members who may see the task's
 * module hear of it. Returns the task's module and project (for a notice leading to the task), or
 * undefined when the task is gone.
 */
export async function announceForm(tx: Tx, form: FormRow, toast?: string) {
  const [row] = await tx
    .select({ moduleId: projectTemplates.moduleId, projectId: transactions.projectId })
    .from(transactions)
    .innerJoin(projects, eq(projects.id, transactions.projectId))
    .innerJoin(projectTemplates, eq(projectTemplates.id, projects.templateId))
    .where(eq(transactions.id, form.transactionId));
  if (!row) return;
  const events: LiveEvent[] = [{ type: 'refresh_timeline', transaction_id: form.transactionId }];
  if (toast) events.push({ type: 'toast', toast: { type: 'info', message: toast } });
  await publishEvents({ tx, accountId: form.accountId, events, audience: { taskModuleId: row.moduleId } });
  return row;
}
