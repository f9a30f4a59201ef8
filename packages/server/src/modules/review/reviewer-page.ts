import type { ReviewerPageView } from '@charter/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, documentSuggestions, users } from '../../db/schema/index.ts';
import type { DocumentRow } from '../signing/scope.ts';
import { fullName } from '../workflows/presenters.ts';
import { presentSuggestion } from './presenters.ts';
import { currentRevisionOf, type ReviewerRow } from './scope.ts';

/** What a reviewer's page shows: the current text and their own suggestions, nobody else's. */
export async function presentReviewerPage(
  tx: Tx,
  document: DocumentRow,
  reviewer: ReviewerRow,
): Promise<ReviewerPageView> {
  const revision = await currentRevisionOf(tx, document.id);
  const [account] = await tx
    .select({ name: accounts.companyName })
    .from(accounts)
    .where(eq(accounts.id, document.accountId));
  const [owner] = document.sentBy ? await tx.select().from(users).where(eq(users.id, document.sentBy)) : [];
  const workspace = account?.name ?? '';
  const suggestions = await tx
    .select()
    .from(documentSuggestions)
    .where(
      and(eq(documentSuggestions.documentId, document.id), eq(documentSuggestions.reviewerId, reviewer.id)),
    )
    .orderBy(asc(documentSuggestions.id));
  return {
    document: {
      title: document.label,
      revision: revision?.revision ?? 0,
      redline_available: revision !== null,
      redlining_allowed: revision !== null && document.redliningAllowed,
      markdown: revision?.markdown ?? null,
    },
    reviewer: { first_name: reviewer.firstName, last_name: reviewer.lastName, email: reviewer.email },
    sender: { name: owner ? fullName(owner) : workspace, workspace },
    suggestions: suggestions.map(presentSuggestion),
  };
}
