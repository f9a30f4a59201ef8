import {
  SIGNING_ALREADY_DONE,
  SIGNING_CONSENT_FIRST,
  SIGNING_FILL_FIELDS,
  SIGNING_NEEDS_SIGNATURE,
  SIGNING_NOT_YOUR_TURN,
  type SignBody,
} from '@charter/domain';
import { eq } from 'drizzle-orm';
import { isRefusedOrBusy, offThread } from '../../adapters/untrusted/pool.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documentFields, documentRecipients, documents } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { announce } from '../workflows/announce-document.ts';
import { assertSignable } from './consent-to-sign.ts';
import { recipientEventActor, senderOf } from './people.ts';
import { recordDocumentEvent } from './record-document-event.ts';
import { fieldsOf, findSigner, recipientsOf, type SignerRequest } from './scope.ts';
import { queueSeal } from './seal-job.ts';
import { sendLinks } from './send-links.ts';
import { signerViewOf } from './signer-view.ts';
import { allSigned, turnOf } from './turns.ts';

export const SIGNATURE_NOT_PNG = 'A signature must be a PNG image.';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A signature image is at most this large (a line of ink; larger would cost the seal job memory). */
export const SIGNATURE_MAX_PIXELS = { width: 2400, height: 1200 };

/**
 * The PNG bytes of a data URL, refused unless they are a PNG of reasonable size that the seal can
 * draw: checked now, so a bad image can never leave a signed document that cannot be sealed.
 */
async function pngOf(dataUrl: string) {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const refuse = () => new AppError('VALIDATION_ERROR', SIGNATURE_NOT_PNG);
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw refuse();
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') throw refuse();
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (
    width === 0 ||
    height === 0 ||
    width > SIGNATURE_MAX_PIXELS.width ||
    height > SIGNATURE_MAX_PIXELS.height
  ) {
    throw refuse();
  }
  // Decoded in the worker, its image data inflated no further than its size: a small PNG can hold
  // gigabytes of compressed data that pdf-lib's decoder would inflate on the request thread.
  await offThread('signaturePng', [bytes]).catch((error) => {
    throw isRefusedOrBusy(error) ? error : refuse();
  });
  return bytes;
}

const TEXT_KINDS = new Set(['date', 'name', 'text', 'checkbox']);

/**
 * POST /api/public/sign/{token}/sign: the signer's turn, consent given, every required field of theirs
 * filled and a signature adopted: the values and images are kept, and the history records it. The last
 * signature queues the seal; in sequential signing, the next signers get their links.
 */
export async function signDocument(input: {
  ctx: AppContext;
  tx: Tx;
  secret: string;
  request: SignerRequest;
  body: SignBody;
  brand: MailBrand;
}) {
  const { ctx, tx, body } = input;
  const found = await findSigner(tx, input.secret, input.request, true);
  const { actor, document } = found;
  let { recipient } = found;
  assertSignable(document);
  if (recipient.signedAt) throw new AppError('CONFLICT', SIGNING_ALREADY_DONE);
  if (!recipient.consentedAt) throw new AppError('VALIDATION_ERROR', SIGNING_CONSENT_FIRST);
  const recipients = await recipientsOf(tx, document.id);
  if (document.signingState !== 'sent' || !turnOf(document, recipients).some((r) => r.id === recipient.id)) {
    throw new AppError('CONFLICT', SIGNING_NOT_YOUR_TURN);
  }
  const mine = (await fieldsOf(tx, document.id)).filter((f) => f.recipientId === recipient.id);
  const needs = (kind: string) => mine.some((f) => f.kind === kind);
  if (needs('signature') && !body.signature) throw new AppError('VALIDATION_ERROR', SIGNING_NEEDS_SIGNATURE);
  if (needs('initials') && !body.initials && !body.signature) {
    throw new AppError('VALIDATION_ERROR', SIGNING_NEEDS_SIGNATURE);
  }
  const values = new Map<number, string>();
  for (const field of mine.filter((f) => TEXT_KINDS.has(f.kind))) {
    const value = (body.values[String(field.id)] ?? '').trim();
    const empty = value === '' || (field.kind === 'checkbox' && value !== 'true');
    if (field.required && empty) throw new AppError('VALIDATION_ERROR', SIGNING_FILL_FIELDS);
    values.set(field.id, field.kind === 'checkbox' ? String(value === 'true') : value);
  }
  const signature = body.signature ? await ctx.storage.put(await pngOf(body.signature.image)) : null;
  const initials = body.initials ? await ctx.storage.put(await pngOf(body.initials.image)) : null;

  const now = new Date();
  for (const field of mine) {
    const image = field.kind === 'signature' || field.kind === 'initials';
    const value = image ? field.kind : (values.get(field.id) ?? null);
    await tx.update(documentFields).set({ value }).where(eq(documentFields.id, field.id));
  }
  [recipient] = await tx
    .update(documentRecipients)
    .set({
      signed: true,
      signedAt: now,
      signedIp: actor.ip,
      signedUserAgent: actor.userAgent,
      signatureKey: signature?.key ?? null,
      initialsKey: initials?.key ?? signature?.key ?? null,
    })
    .where(eq(documentRecipients.id, recipient.id))
    .returning();
  await recordDocumentEvent({
    tx,
    documentId: document.id,
    kind: recipient.role === 'Approver' ? 'approved' : 'signed',
    actor: recipientEventActor(recipient),
    ip: actor.ip,
    userAgent: actor.userAgent,
    details: {
      fields: mine.length,
      signature: body.signature
        ? { how: body.signature.how, sha256: signature?.sha256, text: body.signature.text ?? null }
        : null,
    },
  });

  const after = recipients.map((r) => (r.id === recipient.id ? recipient : r));
  let current = document;
  if (allSigned(after)) {
    [current] = await tx
      .update(documents)
      .set({ signingState: 'sealing', updatedAt: now })
      .where(eq(documents.id, document.id))
      .returning();
    await queueSeal(ctx, tx, document.id, input.brand);
  } else if (document.sequential) {
    const next = turnOf(document, after).filter((r) => r.emailSentAt === null);
    const sender = await senderOf(tx, document);
    const by = recipientEventActor(recipient);
    await sendLinks({ ctx, tx, document, recipients: next, brand: input.brand, sender, by });
  }
  await announce(tx, current, {
    timeline: {
      label: 'Signed',
      description: `${recipient.name} signed ${document.label}.`,
      icon: 'signature',
    },
  });
  return signerViewOf(ctx, tx, current, recipient);
}
