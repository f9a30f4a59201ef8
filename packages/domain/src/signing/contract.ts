import { z } from 'zod';
import { rowId } from '../contract/common.ts';
import { documentView, recipientView } from '../workflows/contract-documents.ts';
import { FIELD_KINDS, signingFieldSchema } from './fields.ts';
import { SIGNING_DECLINE_REASON } from './messages.ts';

/**
 * Built-in e-signature (issue "Signing, review and live updates"): the owner's calls under
 * /api/account/signing/… (our paths; the spec's /api/account/pandadoc/… ones where it gives them) and the
 * signer's public calls under /api/public/sign/{token}, where the token is the secret of one recipient's
 * link: the only thing a signer's page knows.
 */

/** What a recipient does (spec 2 §3: role, default Signer). Viewers and CCs get the final copy only. */
export const RECIPIENT_ROLES = ['Signer', 'Approver', 'Viewer', 'CC'] as const;
export type RecipientRole = (typeof RECIPIENT_ROLES)[number];
export const signsOrApproves = (role: string) => role === 'Signer' || role === 'Approver';

/** Where a recipient stands, as the owner sees it. */
export const RECIPIENT_STATES = ['not_sent', 'sent', 'viewed', 'signed', 'declined'] as const;

/** Where a document's signing stands. */
export const SIGNING_STATES = [
  'draft',
  'sent',
  'sealing',
  'seal_failed',
  'completed',
  'declined',
  'voided',
] as const;
export type SigningState = (typeof SIGNING_STATES)[number];

/** A signing link is valid this many days unless the installation says otherwise (SIGNING_LINK_DAYS). */
export const SIGNING_LINK_DAYS = 30;

export * from './messages.ts';

// Owner: requests

/** POST /api/account/signing/documents: a PDF of the cabinet becomes a document to send for signature. */
export const createSigningDocumentBody = z.object({
  file_id: rowId,
  label: z.string().trim().min(1).max(200).optional(),
});

/** A field as the owner places it: for one recipient (by id), or for a role not yet given to anyone. */
export const placedField = signingFieldSchema.extend({ recipient_id: rowId.nullable() });
export type PlacedField = z.infer<typeof placedField>;

/** PUT /api/account/signing/documents/{id}/fields: the whole set of fields, as the editor shows it. */
export const saveFieldsBody = z.object({ fields: z.array(placedField).max(500) });

/** POST /api/account/signing/documents/{id}/send */
export const sendDocumentBody = z.object({
  /** Signers sign one after another in their order (parallel when false). */
  sequential: z.boolean().default(false),
  /** Remind who has not signed every N days (none when null). */
  reminder_days: z.number().int().min(1).max(30).nullable().default(null),
});

/** POST /api/account/pandadoc/documents/{id}/resend (spec 2 §7): a new link for this recipient. */
export const resendLinkBody = z.object({ email: z.string().max(320) });

// Owner: answers

/** A recipient as the owner sees it: never its link. */
export const signingRecipientView = recipientView.extend({
  order: z.number(),
  party: z.string().nullable(),
  state: z.enum(RECIPIENT_STATES),
  viewed_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  declined_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
  link_expires_at: z.string().nullable(),
});
export type SigningRecipientView = z.infer<typeof signingRecipientView>;

export const signingFieldView = placedField.extend({ id: z.number(), value: z.string().nullable() });
export type SigningFieldView = z.infer<typeof signingFieldView>;

export const pageSize = z.object({ width: z.number(), height: z.number() });

/** One entry of the document's signing history (hash-chained; see modules/signing). */
export const signingEventView = z.object({
  seq: z.number(),
  kind: z.string(),
  at: z.string(),
  who: z.string(),
  /** Whom the event concerns when someone else did it (a link sent to a recipient): their name. */
  to: z.string().nullable(),
  ip: z.string().nullable(),
  hash: z.string(),
});

/** GET /api/account/signing/documents/{id} */
export const signingDocumentView = z.object({
  document: documentView,
  state: z.enum(SIGNING_STATES),
  /** The file being signed (the original), shown while box_file_id (the sealed file) is not there yet. */
  original_file_id: z.number().nullable(),
  sequential: z.boolean(),
  reminder_days: z.number().nullable(),
  seal_error: z.string().nullable(),
  recipients: z.array(signingRecipientView),
  fields: z.array(signingFieldView),
  pages: z.array(pageSize),
  events: z.array(signingEventView),
});
export type SigningDocumentView = z.infer<typeof signingDocumentView>;

// Signer (public): answers and requests

/** POST /api/public/sign/{token}/open: what the signing page shows (opening marks the document Viewed). */
export const signerView = z.object({
  document: z.object({
    title: z.string(),
    pages: z.array(pageSize),
    state: z.enum(SIGNING_STATES),
  }),
  sender: z.object({ name: z.string(), workspace: z.string(), email: z.string() }),
  signer: z.object({
    name: z.string(),
    email: z.string(),
    role: z.string(),
    consented: z.boolean(),
    signed: z.boolean(),
    declined: z.boolean(),
    /** May sign now: the document is out for signature, and in sequential signing it is this signer's turn. */
    can_sign: z.boolean(),
    /** Why not, when can_sign is false and nothing else says it (one of the SIGNING_… messages). */
    waiting_message: z.string().nullable(),
  }),
  fields: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(FIELD_KINDS),
      page: z.number(),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
      required: z.boolean(),
      /** This signer's to fill; others' are shown as placeholders. */
      mine: z.boolean(),
      value: z.string().nullable(),
    }),
  ),
  disclosure: z.object({ version: z.string(), title: z.string(), paragraphs: z.array(z.string()) }),
});
export type SignerView = z.infer<typeof signerView>;

/** A PNG as a data URL (what a canvas gives), at most about 1 MB. */
export const pngDataUrl = z
  .string()
  .max(1_400_000)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'A signature must be a PNG image.');

export const signatureInput = z.object({
  how: z.enum(['draw', 'type', 'upload']),
  image: pngDataUrl,
  /** The name as typed, for a typed signature. */
  text: z.string().max(200).optional(),
});

/** POST /api/public/sign/{token}/sign */
export const signBody = z.object({
  signature: signatureInput.optional(),
  initials: signatureInput.optional(),
  /** Values of this signer's date, name, text and checkbox fields, by field id ('true' ticks a box). */
  values: z.record(z.string().regex(/^\d{1,10}$/), z.string().max(500)).default({}),
});
export type SignBody = z.infer<typeof signBody>;

/** POST /api/public/sign/{token}/decline */
export const declineBody = z.object({ reason: z.string().trim().min(1, SIGNING_DECLINE_REASON).max(2000) });

export const signTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
/** A page as a PNG: `/pages/3.png` or `/pages/3` (from 0). */
export const signPageParams = signTokenParams.extend({
  page: z
    .string()
    .regex(/^\d{1,4}(\.png)?$/)
    .transform((value) => Number.parseInt(value, 10)),
});
/** Page image widths served (the page asks for the one nearest its screen). */
export const PAGE_IMAGE_WIDTHS = [200, 400, 800, 1200, 1600] as const;
export const pageImageQuery = z.object({
  width: z.coerce
    .number()
    .int()
    .refine((w) => (PAGE_IMAGE_WIDTHS as readonly number[]).includes(w), 'Unsupported width')
    .default(800),
});
export const ownerPageParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  page: signPageParams.shape.page,
});

/** GET /api/account/pandadoc/documents (spec 2 §7): optionally only a task's. */
export const signingListQuery = z.object({
  task_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

// Verification (public)

/** POST /api/public/verify: the PDF, base64 (JSON, like every write a browser sends; at most 25 MB). */
export const verifyBody = z.object({
  pdf: z
    .string()
    .max(34_000_000)
    .regex(/^[A-Za-z0-9+/]*=*$/),
});

/** What this installation knows of a PDF someone holds. */
export const verifyResult = z.object({
  /** A seal of this installation is on the file and its signature checks out. */
  sealed_here: z.boolean(),
  /** The file is byte for byte the one this installation sealed. */
  unchanged: z.boolean(),
  signature_valid: z.boolean(),
  certificate_fingerprint: z.string().nullable(),
  sealed_at: z.string().nullable(),
  document: z
    .object({
      title: z.string(),
      signers: z.array(z.object({ name: z.string(), email: z.string(), signed_at: z.string().nullable() })),
    })
    .nullable(),
  message: z.string(),
});
export type VerifyResult = z.infer<typeof verifyResult>;
