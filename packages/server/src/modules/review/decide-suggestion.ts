import { SUGGESTION_DECIDED, SUGGESTION_OUTDATED } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentSuggestions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { findSigningDocument } from '../signing/scope.ts';
import { announce } from '../workflows/announce-document.ts';
import { presentRedline } from './presenters.ts';
import { refreshReviewLabel } from './review-labels.ts';
import { currentRevisionOf } from './scope.ts';

const OPEN = new Set(['pending', 'accepted', 'rejected']);

/**
 * PUT /api/account/pandadoc/documents/{id}/suggestions/{suggestionId}: the owner accepts or rejects a
 * suggestion on the current revision (or puts it back to pending). Accepted ones apply on approval.
 */
export async function decideSuggestion(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  suggestionId: number;
  status: 'accepted' | 'rejected' | 'pending';
}) {
  const { tx, actor, status } = input;
  const document = await findSigningDocument(tx, actor, input.id, true);
  const [suggestion] = await tx
    .select()
    .from(documentSuggestions)
    .where(
      and(eq(documentSuggestions.id, input.suggestionId), eq(documentSuggestions.documentId, document.id)),
    );
  if (!suggestion) throw notFound('Suggestion not found');
  const current = (await currentRevisionOf(tx, document.id))?.revision ?? 0;
  if (!OPEN.has(suggestion.status) || suggestion.revision !== current) {
    throw new AppError('CONFLICT', SUGGESTION_OUTDATED);
  }
  await tx
    .update(documentSuggestions)
    .set({ status, decidedAt: status === 'pending' ? null : new Date() })
    .where(eq(documentSuggestions.id, suggestion.id));
  await refreshReviewLabel(tx, document);
  await announce(tx, document, {});
  return { message: SUGGESTION_DECIDED, redline: await presentRedline(tx, document) };
}
