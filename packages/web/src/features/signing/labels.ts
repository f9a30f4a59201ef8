import type { SigningDocumentView, SigningRecipientView, SigningState } from '@charter/domain';

/** Spec 2 §8: the generic failure. */
export const SIGNING_ERROR = 'An error has occurred.';

/** How the signing page names where a document's signing stands. */
export const SIGNING_STATE_LABELS: Record<SigningState, string> = {
  draft: 'Draft',
  sent: 'Awaiting Signature',
  sealing: 'Sealing…',
  seal_failed: 'Seal failed',
  completed: 'Completed',
  declined: 'Declined',
  voided: 'Voided',
};

export const SIGNING_STATE_COLORS: Record<SigningState, string> = {
  draft: 'gray',
  sent: 'blue',
  sealing: 'blue',
  seal_failed: 'red',
  completed: 'teal',
  declined: 'red',
  voided: 'gray',
};

/**
 * A recipient's label (spec 2 §4: Signed, Not signed, Email not sent, Not yet sent; and Viewed, Declined):
 * before the document goes out nobody has been sent anything ('Not yet sent'); once it is out, a recipient
 * still without a link (a later signer in order, or a viewer who gets the final copy) shows 'Email not sent'.
 */
export function recipientStateLabel(
  recipient: Pick<SigningRecipientView, 'state'>,
  documentState: SigningState,
): string {
  switch (recipient.state) {
    case 'signed':
      return 'Signed';
    case 'declined':
      return 'Declined';
    case 'viewed':
      return 'Viewed';
    case 'sent':
      return 'Not signed';
    default:
      return documentState === 'draft' ? 'Not yet sent' : 'Email not sent';
  }
}

export const RECIPIENT_STATE_COLORS: Record<SigningRecipientView['state'], string> = {
  not_sent: 'gray',
  sent: 'yellow',
  viewed: 'blue',
  signed: 'teal',
  declined: 'red',
};

/** A new link can go to a recipient who was sent one and has not yet signed, while the document is out. */
export const canResend = (recipient: Pick<SigningRecipientView, 'state'>, documentState: SigningState) =>
  documentState === 'sent' && (recipient.state === 'sent' || recipient.state === 'viewed');

/** Signing is over and sealed: the page shows the sealed file, whose pages carry the signatures. */
export const isSealed = (view: Pick<SigningDocumentView, 'state' | 'document'>) =>
  view.state === 'completed' && view.document.box_file_id !== null;

/** Recipients, fields and order change only before the document is sent. */
export const isDraft = (view: Pick<SigningDocumentView, 'state'>) => view.state === 'draft';

/** Kinds whose own words read poorly; any other kind is shown as its words ('seal_failed': 'Seal failed'). */
const EVENT_LABELS: Record<string, string> = {
  resent: 'Link sent again',
  reminded: 'Reminder sent',
  consented: 'Agreed to sign electronically',
  seal_retried: 'Sealing started again',
};

/** An event of the signing history in words: 'seal_failed' is 'Seal failed', an unknown kind its own words. */
export function eventLabel(kind: string): string {
  const known = EVENT_LABELS[kind];
  if (known) return known;
  const words = kind.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An event's title, naming the recipient it concerns: 'Link sent to Ada Founder'. */
export const eventTitle = (event: Pick<SigningDocumentView['events'][number], 'kind' | 'to'>) =>
  event.to ? `${eventLabel(event.kind)} to ${event.to}` : eventLabel(event.kind);
