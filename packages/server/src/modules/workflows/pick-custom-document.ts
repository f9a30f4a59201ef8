import type { CustomDocumentView, PickCustomDocumentBody } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { offThread } from '../../adapters/untrusted/pool.ts';
import { refuseZipBomb } from '../../adapters/untrusted/zip.ts';
import type { AppContext } from '../../context.ts';
import { customDocuments, flatFeatures } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { CUSTOM_NOT_VALID, DOCX_TYPE } from './custom-document-checks.ts';
import { findReadableFile } from './documents.ts';
import { presentCustomDocument } from './presenters.ts';
import { findCustomTask } from './scope.ts';

/**
 * POST /api/account/custom_document: the task's document becomes this Word file of the cabinet; its
 * tokens are read (notes say what is wrong with it), and values already given for the same tokens stay.
 */
export async function pickCustomDocument({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: MemberActor;
  input: PickCustomDocumentBody;
}): Promise<CustomDocumentView> {
  const { file } = await ctx.db.transaction(async (tx) => {
    await findCustomTask(tx, actor, input.account_task_id);
    return { file: await findReadableFile(tx, actor, input.file_id) };
  });
  if (file.contentType !== DOCX_TYPE) throw invalid({ file_id: CUSTOM_NOT_VALID.slice(2) });
  // Opened within limits, in the worker: a hostile file is refused (422) and nothing is saved.
  const bytes = await ctx.storage.get(file.storageKey);
  await refuseZipBomb(bytes);
  const inspected = await offThread('inspectDocx', [bytes]);
  return ctx.db.transaction(async (tx) => {
    const task = await findCustomTask(tx, actor, input.account_task_id);
    const [previous] = await tx
      .select({ fields: customDocuments.fields })
      .from(customDocuments)
      .where(eq(customDocuments.taskId, input.account_task_id));
    // A token named like a question starts with that question's answer.
    const answers = await tx
      .select({ key: flatFeatures.key, value: flatFeatures.value })
      .from(flatFeatures)
      .where(eq(flatFeatures.transactionId, task.transactionId));
    const answered = new Map(answers.map((a) => [a.key, a.value]));
    const fields = Object.fromEntries(
      inspected.tokens.map((token) => [token, previous?.fields[token] || answered.get(token) || '']),
    );
    const values = {
      accountId: actor.accountId,
      taskId: input.account_task_id,
      fileId: file.id,
      filename: file.filename,
      tokens: inspected.tokens,
      notes: inspected.notes,
      valid: inspected.valid,
      fields,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(customDocuments)
      .values(values)
      .onConflictDoUpdate({ target: customDocuments.taskId, set: values })
      .returning();
    return presentCustomDocument(row);
  });
}
