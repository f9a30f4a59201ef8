import type { LiveEvent } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { documents } from '../../db/schema/index.ts';
import {
  type LiveAudience,
  projects,
  projectTemplates,
  taskEvents,
  tasks,
  transactions,
} from '../../db/schema/index.ts';
import { publishEvents } from '../live/publish-event.ts';

type DocumentRow = typeof documents.$inferSelect;

/**
 * Who may hear of a document: members who may see its task's module, or, for a document outside any
 * task group, members who may use the cabinet (the policies of workflows/policies.ts visibleDocuments).
 */
async function audienceOf(tx: Tx, document: DocumentRow): Promise<LiveAudience> {
  if (document.transactionId === null) return { cabinetOnly: true };
  const [row] = await tx
    .select({ moduleId: projectTemplates.moduleId })
    .from(transactions)
    .innerJoin(projects, eq(projects.id, transactions.projectId))
    .innerJoin(projectTemplates, eq(projectTemplates.id, projects.templateId))
    .where(eq(transactions.id, document.transactionId));
  return row ? { taskModuleId: row.moduleId } : { cabinetOnly: true };
}

/**
 * Tells open pages that a document's signing moved (its lists and its task's timeline refresh), with a
 * toast when given; a task's document also gets an entry on the task's timeline. Returns who heard it,
 * for a notice to the same audience.
 */
export async function announce(
  tx: Tx,
  document: DocumentRow,
  change: { timeline?: { label: string; description: string; icon: string }; toast?: string },
): Promise<LiveAudience> {
  const events: LiveEvent[] = [{ type: 'refresh_documents' }];
  if (document.transactionId !== null) {
    events.push({ type: 'refresh_timeline', transaction_id: document.transactionId });
  }
  if (change.toast) events.push({ type: 'toast', toast: { type: 'info', message: change.toast } });
  if (change.timeline && document.taskId !== null) {
    await tx.insert(taskEvents).values({ taskId: document.taskId, ...change.timeline });
  }
  const audience = await audienceOf(tx, document);
  await publishEvents({ tx, accountId: document.accountId, events, audience });
  return audience;
}

/** The task of a document shows where its signing stands ('Awaiting Signature', 'Declined'…). */
export async function setTaskLabel(tx: Tx, document: DocumentRow, label: string | null) {
  if (document.taskId === null) return;
  await tx
    .update(tasks)
    .set({ statusLabel: label, updatedAt: new Date() })
    .where(eq(tasks.id, document.taskId));
}
