import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customDocuments, tasks } from '../../db/schema/index.ts';

/** Custom documents (spec 2 "Custom document flow"): a Word file of the cabinet per Custom-mode task. */
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const CUSTOM_NOT_PICKED = "- Make sure you've picked a Custom Document folder and file";
export const CUSTOM_NOT_VALID =
  "- You don't have a valid Custom Document saved. Please pick a different document.";
export const CUSTOM_FIELDS_MISSING = '- Please fill out all recipient fields for Custom Documents.';

/** What keeps a group's Custom tasks from being submitted, in the spec's words (spec 2 §5), or null. */
export async function customDocumentProblem(tx: Tx, transactionId: number): Promise<string | null> {
  const rows = await tx
    .select({ custom: customDocuments })
    .from(tasks)
    .leftJoin(customDocuments, eq(customDocuments.taskId, tasks.id))
    .where(and(eq(tasks.transactionId, transactionId), eq(tasks.mode, 'Custom')));
  for (const { custom } of rows) {
    if (!custom?.fileId) return CUSTOM_NOT_PICKED;
    if (!custom.valid) return CUSTOM_NOT_VALID;
    if (custom.tokens.some((token) => !custom.fields[token])) return CUSTOM_FIELDS_MISSING;
  }
  return null;
}
