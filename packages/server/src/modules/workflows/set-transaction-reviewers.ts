import { normalizeEmail, REVIEWER_SET, type ReviewerInput } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { authorizeSharing } from '../auth/policies.ts';
import { checkReviewers } from '../review/set-reviewers.ts';
import { findTransaction } from './scope.ts';

export const REVIEWERS_BEFORE_SUBMIT = 'Reviewers are assigned before the task is submitted.';

/**
 * PUT /api/account/transaction/{id}/reviewers (Assign Reviewers, spec 2): who reviews the group's
 * documents. Kept on the open group; each document generated from it then sends them a review link.
 */
export async function setTransactionReviewers(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  reviewers: ReviewerInput[];
}) {
  const { tx, actor, id } = input;
  authorizeSharing(actor);
  checkReviewers(input.reviewers);
  const transaction = await findTransaction(tx, actor, id, true);
  if (!transaction.open) throw new AppError('CONFLICT', REVIEWERS_BEFORE_SUBMIT);
  const reviewers = input.reviewers.map((r) => ({
    first_name: r.first_name.trim(),
    last_name: r.last_name.trim(),
    email: normalizeEmail(r.email),
  }));
  await tx.update(transactions).set({ reviewers, updatedAt: new Date() }).where(eq(transactions.id, id));
  return { message: REVIEWER_SET };
}
