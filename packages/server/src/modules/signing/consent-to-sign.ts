import { ESIGN_DISCLOSURE_VERSION, SIGNING_DECLINED, SIGNING_VOIDED } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentRecipients } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { recipientEventActor } from './people.ts';
import { recordDocumentEvent } from './record-document-event.ts';
import { type DocumentRow, findSigner, type SignerRequest } from './scope.ts';

/** Refuses a signer's step on a document that can no longer be signed, with why. */
export function assertSignable(document: DocumentRow) {
  if (document.signingState === 'voided') throw new AppError('CONFLICT', SIGNING_VOIDED);
  if (document.signingState === 'declined') throw new AppError('CONFLICT', SIGNING_DECLINED);
}

/**
 * POST /api/public/sign/{token}/consent: the signer agrees to do business electronically (ESIGN
 * §7001(c)); the history records the disclosure's version, when, from where and with what.
 */
export async function consentToSign(input: { tx: Tx; secret: string; request: SignerRequest }) {
  const { tx } = input;
  const { actor, recipient, document } = await findSigner(tx, input.secret, input.request, true);
  assertSignable(document);
  if (recipient.consentedAt) return;
  await tx
    .update(documentRecipients)
    .set({ consentedAt: new Date() })
    .where(eq(documentRecipients.id, recipient.id));
  await recordDocumentEvent({
    tx,
    documentId: document.id,
    kind: 'consented',
    actor: recipientEventActor(recipient),
    ip: actor.ip,
    userAgent: actor.userAgent,
    details: { disclosure: ESIGN_DISCLOSURE_VERSION },
  });
}
