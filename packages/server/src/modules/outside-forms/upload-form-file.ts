import { DOCUMENT_UPLOAD_MESSAGES, MAX_FORM_UPLOADS, type StoredFile } from '@charter/domain';
import { and, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { storeUploads, type Upload } from '../cabinet/store-uploads.ts';
import { formFileScope, formUploadFolder } from './form-uploads.ts';
import { includedQuestions } from './included.ts';
import { openFormForAnswers } from './save-form-answer.ts';
import type { FormRow } from './scope.ts';

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
 * document question with its id (only files uploaded through this form are accepted as answers). Anyone
 * with the code can upload, so a form holds at most MAX_FORM_UPLOADS files.
 */
export async function uploadFormFile({
  ctx,
  code,
  form,
  uploads,
}: {
  ctx: AppContext;
  code: string;
  /** The form formForUpload found by this code before the bytes were read. */
  form: FormRow;
  uploads: Upload[];
}): Promise<StoredFile> {
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
      const [held] = await tx
        .select({ n: count() })
        .from(files)
        .where(and(eq(files.accountId, form.accountId), formFileScope(form)(tx, form.accountId)));
      if ((held?.n ?? 0) >= MAX_FORM_UPLOADS)
        throw new AppError('CONFLICT', DOCUMENT_UPLOAD_MESSAGES.formFull);
    },
  });
  return file;
}
