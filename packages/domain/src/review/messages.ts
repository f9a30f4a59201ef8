/**
 * What review and redlining say (spec 2 §8 where it gives the text; ours otherwise). No zod here, on
 * purpose: the visitor app imports this file alone (`@charter/domain/review/messages`).
 */
export const REVIEWER_SET = 'Document Reviewer Set.';
export const SUGGESTIONS_APPROVED = 'Document suggestions approved.';
export const APPROVED_FOR_SIGNATURE = 'Document approved for signature.';
export const REDLINING_ALLOWED = 'Document Redlining Allowed';
export const REDLINING_DISABLED = 'Document Redlining Disabled';
export const SUGGESTION_DECIDED = 'Suggestion updated.';

export const REVIEWER_FIRST_NAME_REQUIRED = 'First name is required';
export const REVIEWER_LAST_NAME_REQUIRED = 'Last name is required';
export const REVIEWER_DUPLICATE = 'This email is already a reviewer of this document.';

export const REVIEW_LINK_INVALID = 'This review link is not valid. Ask the sender for a new one.';
export const REVIEW_LINK_EXPIRED = 'This review link has expired. Ask the sender for a new one.';
export const REDLINE_UNAVAILABLE = 'Redlining is not available for this document.';
export const REDLINING_OFF = 'Redlining is disabled for this document: you can only comment.';
export const SUGGESTION_QUOTE_CHANGED =
  'The text you selected has changed. Reload the document and select it again.';
export const SUGGESTION_OUTDATED = 'This suggestion was made on an earlier revision of the document.';
export const SUGGESTION_EMPTY = 'Please write the new text or a comment.';
export const SUGGESTION_SIGNING_TAG = 'Suggested text cannot contain signing tags such as {{sign:Role}}.';
export const SUGGESTION_NOT_PENDING = 'Only a suggestion still waiting for the owner can be withdrawn.';
export const SUGGESTIONS_OVERLAP =
  'Two accepted suggestions change the same text. Reject one of them before approving.';
export const NO_ACCEPTED_SUGGESTIONS = 'Accept at least one suggestion before approving.';
export const DOCUMENT_SIGNED_LOCKED = 'This document is signed; it can no longer be changed.';
export const NOTHING_TO_SIGN = 'This document has no signers: there is nothing to send for signature.';
