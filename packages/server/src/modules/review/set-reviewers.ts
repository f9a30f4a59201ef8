import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  isValidEmail,
  normalizeEmail,
  REVIEWER_DUPLICATE,
  REVIEWER_FIRST_NAME_REQUIRED,
  REVIEWER_LAST_NAME_REQUIRED,
  type ReviewerInput,
} from '@charter/domain';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documentReviewers } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { authorizeSharing } from '../auth/policies.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { newLinkSecret } from '../signing/links.ts';
import { type DocumentRow, findSigningDocument } from '../signing/scope.ts';
import { announce } from '../workflows/announce-document.ts';
import { fullName } from '../workflows/presenters.ts';
import { reviewLinkUrl, reviewRequestEmail } from './emails.ts';
import { presentReviewer } from './presenters.ts';
import { refreshReviewLabel } from './review-labels.ts';
import { reviewersOf } from './scope.ts';

/** The Add Reviewer form's rules (spec 2 §8): both names, and a valid email for everyone. */
export function checkReviewers(reviewers: ReviewerInput[]) {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  reviewers.forEach((reviewer, i) => {
    if (!reviewer.first_name.trim()) fields[`reviewers.${i}.first_name`] = REVIEWER_FIRST_NAME_REQUIRED;
    if (!reviewer.last_name.trim()) fields[`reviewers.${i}.last_name`] = REVIEWER_LAST_NAME_REQUIRED;
    const email = normalizeEmail(reviewer.email);
    if (!email) fields[`reviewers.${i}.email`] = EMAIL_REQUIRED;
    else if (!isValidEmail(email)) fields[`reviewers.${i}.email`] = EMAIL_INVALID;
    else if (seen.has(email)) fields[`reviewers.${i}.email`] = REVIEWER_DUPLICATE;
    seen.add(email);
  });
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

/**
 * POST /api/account/pandadoc/documents/{id}/reviewer: the document's reviewers become this list. Those
 * new to it get a personal review link by email; those left off lose theirs (their suggestions stay).
 */
export async function setReviewers(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  id: number;
  reviewers: ReviewerInput[];
  brand: MailBrand;
}) {
  authorizeSharing(input.actor);
  checkReviewers(input.reviewers);
  const document = await findSigningDocument(input.tx, input.actor, input.id, true);
  return assignReviewers({ ...input, document, sender: fullName(input.actor.user) });
}

/** A document's reviewers made this list (checked by the caller), new ones emailed their link. */
export async function assignReviewers(input: {
  ctx: AppContext;
  tx: Tx;
  document: DocumentRow;
  reviewers: ReviewerInput[];
  brand: MailBrand;
  /** Who asks, as the email names them. */
  sender: string;
}) {
  const { ctx, tx, document, brand, sender } = input;
  const existing = new Map((await reviewersOf(tx, document.id)).map((r) => [r.email, r]));
  const wanted = input.reviewers.map((r) => ({
    firstName: r.first_name.trim(),
    lastName: r.last_name.trim(),
    email: normalizeEmail(r.email),
  }));
  const gone = [...existing.values()].filter((r) => !wanted.some((w) => w.email === r.email));
  if (gone.length > 0) {
    await tx.delete(documentReviewers).where(
      inArray(
        documentReviewers.id,
        gone.map((r) => r.id),
      ),
    );
  }
  const now = new Date();
  const expires = new Date(now.getTime() + ctx.config.signingLinkDays * 86_400_000);
  for (const reviewer of wanted) {
    const known = existing.get(reviewer.email);
    if (known) {
      await tx.update(documentReviewers).set(reviewer).where(eq(documentReviewers.id, known.id));
      continue;
    }
    const { secret, hash } = newLinkSecret();
    await tx.insert(documentReviewers).values({
      ...reviewer,
      accountId: document.accountId,
      documentId: document.id,
      linkHash: hash,
      linkExpiresAt: expires,
      emailSentAt: now,
    });
    const name = `${reviewer.firstName} ${reviewer.lastName}`;
    const link = reviewLinkUrl(brand.url, secret);
    const request = { to: reviewer.email, name, title: document.label, sender, link, expires };
    await ctx.mailer.send(tx, reviewRequestEmail(request, brand));
  }
  await refreshReviewLabel(tx, document);
  await announce(tx, document, {
    timeline: {
      label: 'Reviewers set',
      description: wanted.map((r) => `${r.firstName} ${r.lastName}`).join(', ') || 'No reviewers',
      icon: 'users',
    },
  });
  return (await reviewersOf(tx, document.id)).map(presentReviewer);
}
