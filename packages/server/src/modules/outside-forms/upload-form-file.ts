import { DOCUMENT_UPLOAD_MESSAGES, type StoredFile } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { storeUploads, type Upload } from '../cabinet/store-uploads.ts';
import { formUploadFolder } from './form-uploads.ts';
import { includedQuestions } from './included.ts';
import { openFormForAnswers } from './save-form-answer.ts';

/**
 * The form a code opens for an upload: still taking answers (a finalized form refuses), and showing at
 * least one document question. Checked before the bytes are read, and again when their row is written.
 */
export async function formForUpload(tx: Tx, code: string) {
  const { form, transactionTemplate } = await openFormForAnswers(tx, code);
  const hasDocument = includedQuestions(transactionTemplate, form.questionIds).some(
    (q) => q.type === 'document' || q.fields?.some((f) => f.type === 'document'),
  );
  if (!hasDocument) throw notFound(DOCUMENT_UPLOAD_MESSAGES.noDocumentQuestion);
  return form;
}

/**
 * POST /api/unlisted/storage/upload?access_code=: one file, checked like the cabinet's uploads, kept in
 * the form's folder of the workspace's cabinet with no member as its author. The filler then answers a
 * document question with its id (only files uploaded through this form are accepted as answers).
 */
export async function uploadFormFile({
  ctx,
  code,
  uploads,
}: {
  ctx: AppContext;
  code: string;
  uploads: Upload[];
}): Promise<StoredFile> {
  const form = await ctx.db.transaction((tx) => formForUpload(tx, code));
  const [file] = await storeUploads({
    ctx,
    actor: { accountId: form.accountId, userId: null },
    folder: formUploadFolder(form),
    uploads,
    maxFiles: 1,
    tooMany: DOCUMENT_UPLOAD_MESSAGES.oneFile,
    guard: async (tx) => {
      const again = await formForUpload(tx, code);
      if (again.id !== form.id) throw notFound('Form not found');
    },
  });
  return file;
}
