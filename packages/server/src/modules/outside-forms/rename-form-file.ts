import type { StoredFile } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { presentFile } from '../cabinet/presenters.ts';
import { renamedFilename } from '../cabinet/update-file.ts';
import { findFormFile } from './form-uploads.ts';
import { openFormForAnswers } from './save-form-answer.ts';

/**
 * PUT /api/unlisted/account/box/file/{id}?access_code=: renames a file uploaded through the same form
 * (its extension kept). Any other file of the workspace is not found; a finalized form changes nothing.
 */
export async function renameFormFile({
  tx,
  code,
  id,
  filename,
}: {
  tx: Tx;
  code: string;
  id: number;
  filename: string;
}): Promise<StoredFile> {
  const { form } = await openFormForAnswers(tx, code);
  const file = await findFormFile(tx, form, id, true);
  if (!file) throw notFound('File not found');
  const [updated] = await tx
    .update(files)
    .set({ filename: renamedFilename(file.filename, filename) })
    .where(eq(files.id, file.id))
    .returning();
  return presentFile(updated);
}
