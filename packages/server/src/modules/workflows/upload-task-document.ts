import type { TaskUploadResponse } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { storeUploads, type Upload } from '../cabinet/store-uploads.ts';
import { announce } from './announce-document.ts';
import { attachTaskDocument } from './attach-task-document.ts';
import { completeTask } from './complete-task.ts';
import { workflowFolder } from './generate-document.ts';
import { findTask, findTransaction } from './scope.ts';

export const ONE_FILE = 'Upload one file at a time.';
export const NOT_UPLOAD_MODE = 'Set this task to Upload before uploading its document.';

/**
 * POST /api/account/task/{id}/upload: the task's document, uploaded (Upload mode). It is stored in the
 * cabinet under the workflow's folder and becomes the task's newest document ('Uploaded'); a task of
 * a submitted group is then completed, and the group with it when nothing else is pending.
 */
export async function uploadTaskDocument(input: {
  ctx: AppContext;
  actor: MemberActor;
  taskId: number;
  uploads: Upload[];
}): Promise<TaskUploadResponse> {
  const { ctx, actor, taskId, uploads } = input;
  if (uploads.length !== 1) throw invalid({ file: ONE_FILE });
  const { task, projectLabel } = await ctx.db.transaction(async (tx) => {
    const found = await findTask(tx, actor, taskId);
    const transaction = await findTransaction(tx, actor, found.transactionId);
    const [project] = await tx
      .select({ label: projects.label })
      .from(projects)
      .where(eq(projects.id, transaction.projectId));
    return { task: found, projectLabel: project.label };
  });
  if (task.mode !== 'Upload') throw new AppError('CONFLICT', NOT_UPLOAD_MODE);
  const folder = workflowFolder(projectLabel);
  const [file] = await storeUploads({ ctx, actor, folder, uploads });
  return ctx.db.transaction(async (tx) => {
    const transaction = await findTransaction(tx, actor, task.transactionId, true);
    const now = new Date();
    const document = await attachTaskDocument(tx, {
      accountId: actor.accountId,
      task,
      transactionId: transaction.id,
      file,
      how: 'uploaded',
      status: null,
      at: now,
    });
    if (!transaction.open) await completeTask(tx, taskId, transaction.id, now);
    // Open task and documents pages refresh by themselves (spec 1's live channel).
    await announce(tx, document, {});
    return { document_id: document.id, file };
  });
}
