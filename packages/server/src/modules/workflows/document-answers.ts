import { documentAnswerId } from '@charter/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { invalid } from '../../http/errors.ts';

/** Spec 2 §3: a 'document' question's answer is the id of a file in the cabinet (values.ts). */
export const DOCUMENT_FILE_MISSING = 'Upload the file again: it is no longer in the file cabinet.';

/**
 * Which files a document answer may name: a member's answer any file of the workspace; an outside form's
 * only those uploaded through that form (see outside-forms/form-uploads.ts).
 */
export type FileScope = (tx: Tx, accountId: number) => SQL | undefined;

/** Refuses a document answer that is not the id of a file the scope allows (an empty answer clears it). */
export async function checkDocumentAnswer(
  tx: Tx,
  accountId: number,
  value: string,
  key: string,
  scope?: FileScope,
) {
  if (!value) return;
  const id = documentAnswerId(value);
  if (id === null) throw invalid({ [key]: DOCUMENT_FILE_MISSING });
  const [file] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, id), eq(files.accountId, accountId), scope?.(tx, accountId)));
  if (!file) throw invalid({ [key]: DOCUMENT_FILE_MISSING });
}
