import { DOCUMENT_STATUS, type DocumentView } from '@charter/domain';
import { and, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentRecipients, documents, emailClaims } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { visibleDocuments } from '../workflows/policies.ts';
import { presentDocument } from '../workflows/presenters.ts';

/** Statuses a document needing signature cannot have (spec 2 §4: completed; and what ended it). */
const ENDED = [
  DOCUMENT_STATUS.COMPLETED,
  DOCUMENT_STATUS.DECLINED,
  DOCUMENT_STATUS.DELETED,
  DOCUMENT_STATUS.VOIDED,
];

/**
 * GET /api/account/signing/requiring: documents needing signature (spec 2 §4): no box file yet, not
 * completed, with a signer who has not signed; admins see all, others those where one of their own
 * addresses (primary or linked) is that signer. A restricted workspace has no missing-signature list.
 */
export async function listRequiringSignature({
  tx,
  actor,
}: {
  tx: Tx;
  actor: MemberActor;
}): Promise<DocumentView[]> {
  if (actor.restricted) return [];
  const mine = tx
    .select({ address: emailClaims.address })
    .from(emailClaims)
    .where(eq(emailClaims.userId, actor.userId));
  const unsigned = tx
    .select({ id: documentRecipients.documentId })
    .from(documentRecipients)
    .where(
      and(
        eq(documentRecipients.accountId, actor.accountId),
        eq(documentRecipients.signed, false),
        isNull(documentRecipients.declinedAt),
        inArray(documentRecipients.role, ['Signer', 'Approver']),
        actor.isAdmin
          ? undefined
          : or(
              eq(documentRecipients.email, actor.user.email.toLowerCase()),
              inArray(documentRecipients.email, mine),
            ),
      ),
    );
  const rows = await tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.accountId, actor.accountId),
        isNull(documents.fileId),
        or(isNull(documents.status), notInArray(documents.status, ENDED)),
        inArray(documents.id, unsigned),
        visibleDocuments(actor),
        sql`${documents.signingState} is distinct from 'draft'`,
      ),
    )
    .orderBy(desc(documents.id))
    .limit(50);
  return rows.map(presentDocument);
}
