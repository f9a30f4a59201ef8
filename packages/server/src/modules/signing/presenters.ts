import {
  ESIGN_DISCLOSURE,
  ESIGN_DISCLOSURE_VERSION,
  esignDisclosure,
  SIGNING_NOT_YOUR_TURN,
  type SignerView,
  type SigningDocumentView,
  type SigningRecipientView,
  type SigningState,
} from '@charter/domain';
import type { documentEvents } from '../../db/schema/index.ts';
import { presentDocument, presentRecipient } from '../workflows/presenters.ts';
import type { DocumentRow, FieldRow, RecipientRow } from './scope.ts';
import { turnOf } from './turns.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function recipientState(row: RecipientRow): SigningRecipientView['state'] {
  if (row.declinedAt) return 'declined';
  if (row.signedAt) return 'signed';
  if (row.viewedAt) return 'viewed';
  return row.emailSentAt ? 'sent' : 'not_sent';
}

export const presentSigningRecipient = (row: RecipientRow): SigningRecipientView => ({
  ...presentRecipient(row),
  order: row.signingOrder,
  party: row.party,
  state: recipientState(row),
  viewed_at: iso(row.viewedAt),
  signed_at: iso(row.signedAt),
  declined_at: iso(row.declinedAt),
  decline_reason: row.declineReason,
  link_expires_at: iso(row.linkExpiresAt),
});

const presentField = (row: FieldRow) => ({
  id: row.id,
  recipient_id: row.recipientId,
  kind: row.kind,
  role: row.role,
  page: row.page,
  x: row.x,
  y: row.y,
  width: row.width,
  height: row.height,
  required: row.required,
  value: row.kind === 'signature' || row.kind === 'initials' ? (row.value ? 'signed' : null) : row.value,
});

type EventRow = typeof documentEvents.$inferSelect;

/**
 * The recipient an event names in its details (`to`: a link or reminder sent to them), by name, so the
 * history says whom each link went to and not only who sent it.
 */
function concernedRecipient(event: EventRow, recipients: RecipientRow[]): string | null {
  const to = event.details.to;
  if (typeof to !== 'string') return null;
  const recipient = recipients.find((r) => r.email === to);
  return recipient?.name || to;
}

export function presentSigningDocument(input: {
  document: DocumentRow;
  recipients: RecipientRow[];
  fields: FieldRow[];
  pages: { width: number; height: number }[];
  events: EventRow[];
}): SigningDocumentView {
  const { document } = input;
  return {
    document: presentDocument(document),
    state: (document.signingState ?? 'draft') as SigningState,
    original_file_id: document.originalFileId ?? document.fileId,
    sequential: document.sequential,
    reminder_days: document.reminderDays,
    seal_error: document.sealError,
    recipients: input.recipients.map(presentSigningRecipient),
    fields: input.fields.map(presentField),
    pages: input.pages,
    events: input.events.map((event) => ({
      seq: event.seq,
      kind: event.kind,
      at: event.at.toISOString(),
      who: event.actor.name || event.actor.email,
      to: concernedRecipient(event, input.recipients),
      ip: event.ip,
      hash: event.hash,
    })),
  };
}

/** What a signer's page shows: their own fields to fill, everyone else's only as placeholders. */
export function presentSignerView(input: {
  document: DocumentRow;
  recipient: RecipientRow;
  recipients: RecipientRow[];
  fields: FieldRow[];
  pages: { width: number; height: number }[];
  sender: { name: string; email: string; workspace: string };
}): SignerView {
  const { document, recipient, sender } = input;
  const state = (document.signingState ?? 'draft') as SigningState;
  const turn = turnOf(document, input.recipients);
  const signs = recipient.role === 'Signer' || recipient.role === 'Approver';
  const open = state === 'sent' && signs && !recipient.signedAt && !recipient.declinedAt;
  const canSign = open && turn.some((r) => r.id === recipient.id);
  return {
    document: { title: document.label, pages: input.pages, state },
    sender,
    signer: {
      name: recipient.name,
      email: recipient.email,
      role: recipient.role,
      consented: recipient.consentedAt !== null,
      signed: recipient.signedAt !== null,
      declined: recipient.declinedAt !== null,
      can_sign: canSign,
      waiting_message: open && !canSign ? SIGNING_NOT_YOUR_TURN : null,
    },
    fields: input.fields.map((field) => {
      const mine = field.recipientId === recipient.id;
      const image = field.kind === 'signature' || field.kind === 'initials';
      return {
        id: field.id,
        kind: field.kind,
        page: field.page,
        x: field.x,
        y: field.y,
        width: field.width,
        height: field.height,
        required: field.required,
        mine,
        // Others' values stay private until the document is finished; a signature is never sent back.
        value: image ? null : mine || state === 'completed' ? field.value : null,
      };
    }),
    disclosure: {
      version: ESIGN_DISCLOSURE_VERSION,
      title: ESIGN_DISCLOSURE.title,
      paragraphs: esignDisclosure(sender.name, sender.email),
    },
  };
}
