import { signsOrApproves } from '@charter/domain';
import type { DocumentRow, RecipientRow } from './scope.ts';

/**
 * Who may sign now. In parallel signing, every signer and approver who has not; in sequential signing,
 * those of the lowest order among them (equal orders sign together).
 */
export function turnOf(
  document: Pick<DocumentRow, 'sequential'>,
  recipients: RecipientRow[],
): RecipientRow[] {
  const waiting = recipients.filter((r) => signsOrApproves(r.role) && !r.signedAt && !r.declinedAt);
  if (!document.sequential || waiting.length === 0) return waiting;
  const first = Math.min(...waiting.map((r) => r.signingOrder));
  return waiting.filter((r) => r.signingOrder === first);
}

/** Every signer and approver has signed. */
export const allSigned = (recipients: RecipientRow[]) =>
  recipients.filter((r) => signsOrApproves(r.role)).every((r) => r.signedAt !== null);
