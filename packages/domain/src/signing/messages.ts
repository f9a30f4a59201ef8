/**
 * What the signing screens say (spec 2 §8 where it gives them; ours otherwise). No zod here, on purpose:
 * the visitor app imports this file alone (`@charter/domain/signing/messages`), so its bundle does not
 * carry the schemas of the whole domain.
 */
export const LINK_SENT = 'Link Sent';
export const DOCUMENT_VOIDED = 'Document voided.';
export const SEAL_RETRIED = 'Sealing started again.';
export const SIGNING_FIELDS_SAVED = 'Fields saved.';
export const SIGNING_LINK_INVALID = 'This signing link is not valid. Ask the sender for a new one.';
export const SIGNING_LINK_EXPIRED = 'This signing link has expired. Ask the sender for a new one.';
export const SIGNING_VOIDED = 'The sender voided this document; it can no longer be signed.';
export const SIGNING_DECLINED = 'This document was declined; it can no longer be signed.';
export const SIGNING_NOT_YOUR_TURN =
  'Another signer signs before you. We will email you when it is your turn.';
export const SIGNING_CONSENT_FIRST = 'Please agree to do business electronically before you sign.';
export const SIGNING_FILL_FIELDS = 'Please fill every required field before you sign.';
export const SIGNING_NEEDS_SIGNATURE = 'Please add your signature.';
export const SIGNING_ALREADY_DONE = 'You have already signed this document.';
export const SIGNING_NO_SIGNERS = 'Add at least one signer before sending.';
export const SIGNING_SIGNER_WITHOUT_FIELD = 'Every signer needs a signature field: place one for {name}.';
export const SIGNING_FIELD_WITHOUT_SIGNER = 'A field is not assigned to a signer.';
export const SIGNING_NOT_PDF = 'Only PDF documents can be sent for signature.';
export const PDF_UNREADABLE = 'This PDF cannot be read, so it cannot be sent for signature.';
export const SIGNING_NOT_DRAFT =
  'This document was already sent; void it to change its recipients or fields.';
export const SIGNING_NOT_PENDING = 'Only a document waiting for signatures can be voided.';
export const SIGNING_DECLINE_REASON = 'Please tell the sender why you decline.';
