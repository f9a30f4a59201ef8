import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentReviewers, documentSuggestions } from '../../db/schema/index.ts';
import { NOT_YET_SENT } from '../signing/prepare-generated.ts';
import type { DocumentRow } from '../signing/scope.ts';
import { setTaskLabel } from '../workflows/announce-document.ts';

/** Signing states in which the task's label says where signing stands, not where review does. */
const SIGNING_SPEAKS = new Set(['sent', 'sealing', 'seal_failed', 'completed', 'declined', 'voided']);

/**
 * The task of a document under review says so (spec 2 §4 task labels): 'Pending Suggestions' while a
 * suggestion waits for the owner, 'Awaiting Review' while reviewers have yet to suggest anything.
 */
export async function refreshReviewLabel(tx: Tx, document: DocumentRow) {
  if (document.signingState && SIGNING_SPEAKS.has(document.signingState)) return;
  const [pending] = await tx
    .select({ id: documentSuggestions.id })
    .from(documentSuggestions)
    .where(and(eq(documentSuggestions.documentId, document.id), eq(documentSuggestions.status, 'pending')))
    .limit(1);
  const [reviewer] = await tx
    .select({ id: documentReviewers.id })
    .from(documentReviewers)
    .where(eq(documentReviewers.documentId, document.id))
    .limit(1);
  const idle = document.signingState === 'draft' ? NOT_YET_SENT : null;
  await setTaskLabel(tx, document, pending ? 'Pending Suggestions' : reviewer ? 'Awaiting Review' : idle);
}
