import type { Tx } from '../../db/client.ts';
import { documents, taskEvents } from '../../db/schema/index.ts';

/**
 * A stored file becomes a task's newest document, and the task's timeline says how it came: 'Document
 * generated' or 'Document uploaded', linking to the file in the cabinet.
 */
export async function attachTaskDocument(
  tx: Tx,
  input: {
    accountId: number;
    task: { id: number; label: string };
    transactionId: number;
    file: { id: number; filename: string };
    how: 'generated' | 'uploaded';
    status: string | null;
    templateVariant?: string | null;
    at: Date;
  },
) {
  const { task, file } = input;
  const [document] = await tx
    .insert(documents)
    .values({
      accountId: input.accountId,
      taskId: task.id,
      transactionId: input.transactionId,
      fileId: file.id,
      filename: file.filename,
      label: task.label,
      status: input.status,
      templateVariant: input.templateVariant ?? null,
      completedAt: input.at,
    })
    .returning();
  await tx.insert(taskEvents).values({
    taskId: task.id,
    label: `Document ${input.how}`,
    description: file.filename,
    icon: 'document',
    link: `/cabinet/-1/${file.id}`,
  });
  return document;
}
