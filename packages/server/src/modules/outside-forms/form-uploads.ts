import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import type { FileScope } from '../workflows/document-answers.ts';
import type { FormRow } from './scope.ts';

/**
 * Where an outside form's uploads are kept in the workspace's cabinet: one folder per form, named by its
 * id (a renamed form or workflow keeps its folder).
 */
export const formUploadFolder = (form: Pick<FormRow, 'id'>) => `/Outside Forms/Form ${form.id}`;

/**
 * The files uploaded through a form: in its folder and stored by no member (createdBy null). A member's
 * file moved into the folder stays out of reach of the form's code, and a form's file moved out leaves it.
 */
export const formFileScope =
  (form: Pick<FormRow, 'id'>): FileScope =>
  () =>
    and(eq(files.folder, formUploadFolder(form)), isNull(files.createdBy));

/** One file uploaded through the form (locked when it is to change), or undefined. */
export async function findFormFile(tx: Tx, form: FormRow, id: number, lock = false) {
  const query = tx
    .select()
    .from(files)
    .where(
      and(eq(files.id, id), eq(files.accountId, form.accountId), formFileScope(form)(tx, form.accountId)),
    );
  const [file] = lock ? await query.for('update') : await query;
  return file;
}

/** The names of the files, among `ids`, uploaded through the form (for its document answers). */
export async function formFileNames(tx: Tx, form: FormRow, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: files.id, filename: files.filename })
    .from(files)
    .where(
      and(
        inArray(files.id, ids),
        eq(files.accountId, form.accountId),
        formFileScope(form)(tx, form.accountId),
      ),
    );
}
