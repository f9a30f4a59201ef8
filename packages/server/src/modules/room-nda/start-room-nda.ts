import {
  DEFAULT_FIELD_SIZES,
  DOCUMENT_STATUS,
  isValidEmail,
  NDA_FOLDER,
  NDA_MESSAGES,
  type NdaStatus,
  normalizeEmail,
  type SigningField,
} from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documentRecipients, documents, files } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { mailBrandOfAccount } from '../brand/mail-brand.ts';
import { ensureFolder } from '../cabinet/ensure-folder.ts';
import { pagesOf } from '../signing/original-pages.ts';
import { pdfToSign } from '../signing/pdf-to-sign.ts';
import { recipientEventActor, SYSTEM_ACTOR, senderOf } from '../signing/people.ts';
import { insertFields } from '../signing/place-tagged-fields.ts';
import { recordDocumentEvent } from '../signing/record-document-event.ts';
import { recipientsOf } from '../signing/scope.ts';
import { sendForSignature } from '../signing/send-document.ts';
import { sendLinks } from '../signing/send-links.ts';
import {
  lockVisitorOf,
  NDA_CREATED,
  NDA_SOURCE,
  type NdaBinding,
  type NdaDocument,
  pendingNdaOf,
  type RoomRow,
  signedNdaOf,
  type VisitorRow,
} from './scope.ts';

/** What the visitor page does next: go to `url` to sign, wait for the seal, or open the room. */
export type NdaStart = { status: NdaStatus; url: string | null; document_id: number | null };

/** The margin the default fields keep from the last page's edges, in points. */
const MARGIN = 54;
const GAP = 24;
/** Who fills the NDA's fields (the recipient is the visitor: every field is theirs). */
export const NDA_ROLE = 'Visitor';

/**
 * A signature line and its date at the foot of the last page (as shown), side by side when the page is
 * wide enough, the date above the signature otherwise.
 */
export function ndaFields(pages: { width: number; height: number }[]): SigningField[] {
  const page = pages.length - 1;
  const { width, height } = pages[page];
  const sign = DEFAULT_FIELD_SIZES.signature;
  const date = DEFAULT_FIELD_SIZES.date;
  const margin = Math.min(MARGIN, Math.max(0, (width - sign.width) / 2));
  const bottom = Math.max(0, height - Math.min(MARGIN, height / 4));
  const signature = {
    kind: 'signature' as const,
    role: NDA_ROLE,
    page,
    x: margin,
    y: Math.max(0, bottom - sign.height),
    width: Math.min(sign.width, width),
    height: Math.min(sign.height, height),
    required: true,
  };
  const sideBySide = margin + sign.width + GAP + date.width + margin <= width;
  const dated = {
    kind: 'date' as const,
    role: NDA_ROLE,
    page,
    x: sideBySide ? width - margin - date.width : margin,
    y: sideBySide ? bottom - date.height : Math.max(0, signature.y - GAP - date.height),
    width: Math.min(date.width, width),
    height: date.height,
    required: true,
  };
  return [signature, dated];
}

const baseName = (filename: string) => filename.replace(/\.[^./]+$/, '');
/** A cabinet file name from free text: no path separators, no control characters, not too long. */
const safeName = (text: string) =>
  text
    .replace(/[/\\\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);

/**
 * A room's NDA gate for a visitor on the room page: the visitor (with an email) gets the room's NDA to
 * sign through Charter's own signing, as a document of the room's workspace: a copy of the NDA file in
 * the cabinet's NDA folder (where the sealed copy lands too), the visitor its only signer, a signature
 * and a date field on the last page, sent. The signing link is returned, not emailed (the page sends the
 * visitor straight to it); an NDA already on its way is reused with a fresh link (the earlier one stops
 * working). Signed: nothing to do. The visitor must be the room's (404 otherwise).
 */
export async function startRoomNda(input: {
  ctx: AppContext;
  tx: Tx;
  room: RoomRow;
  visitor: Pick<VisitorRow, 'id'>;
  baseUrl: string;
}): Promise<NdaStart> {
  const { ctx, tx, room } = input;
  if (room.ndaFileId === null) throw new AppError('CONFLICT', NDA_MESSAGES.noNda);
  // Locked: two starts at once (two tabs) make one document, not two.
  const visitor = await lockVisitorOf(tx, room, input.visitor.id);
  const email = normalizeEmail(visitor.email ?? '');
  if (!email || !isValidEmail(email)) throw new AppError('VALIDATION_ERROR', NDA_MESSAGES.needsEmail);
  const signed = await signedNdaOf(tx, room, visitor);
  if (signed) return { status: 'signed', url: null, document_id: signed.id };
  const brand = {
    ...(await mailBrandOfAccount(ctx, tx, room.accountId)),
    url: input.baseUrl.replace(/\/$/, ''),
  };
  let url: string | null = null;
  const deliver = (_recipient: unknown, link: string) => {
    url = link;
  };

  const pending = await pendingNdaOf(tx, room, { ...visitor, email });
  if (pending) {
    if (pending.signingState !== 'sent') return { status: 'pending', url: null, document_id: pending.id };
    const recipients = (await recipientsOf(tx, pending.id)).filter((r) => r.email === email && !r.signedAt);
    if (recipients.length > 0) {
      const sender = await senderOf(tx, pending);
      await sendLinks({ ctx, tx, document: pending, recipients, brand, sender, by: SYSTEM_ACTOR, deliver });
      return { status: 'pending', url, document_id: pending.id };
    }
    return { status: 'pending', url: null, document_id: pending.id };
  }

  const document = await createNdaDocument(ctx, tx, room, { ...visitor, email });
  await sendForSignature({
    ctx,
    tx,
    document,
    options: { sequential: false, reminder_days: null },
    brand,
    by: { userId: null, actor: SYSTEM_ACTOR },
    deliver,
  });
  return { status: 'pending', url, document_id: document.id };
}

/** The NDA document (a draft): its copy of the NDA file, the visitor as signer, their two fields. */
async function createNdaDocument(
  ctx: AppContext,
  tx: Tx,
  room: RoomRow,
  visitor: VisitorRow & { email: string },
): Promise<NdaDocument> {
  const [source] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, room.ndaFileId ?? -1), eq(files.accountId, room.accountId)));
  if (!source) throw notFound();
  const nda = await pdfToSign(ctx, tx, source);
  const pages = await pagesOf(ctx, nda);
  const name = visitor.name.trim() || visitor.email;
  await ensureFolder(tx, room.accountId, NDA_FOLDER);
  // A copy of its own (the same stored bytes): what was signed stays, whatever becomes of the NDA file.
  const [copy] = await tx
    .insert(files)
    .values({
      accountId: room.accountId,
      filename: `${safeName(`${baseName(nda.filename)} - ${name}`) || 'NDA'}.pdf`,
      contentType: 'application/pdf',
      size: nda.size,
      sha256: nda.sha256,
      storageKey: nda.storageKey,
      folder: NDA_FOLDER,
    })
    .returning();
  const [document] = await tx
    .insert(documents)
    .values({
      accountId: room.accountId,
      fileId: null,
      originalFileId: copy.id,
      filename: copy.filename,
      label: safeName(`${baseName(nda.filename)} - ${room.label}`) || 'NDA',
      status: DOCUMENT_STATUS.DRAFT,
      signingState: 'draft',
    })
    .returning();
  const [recipient] = await tx
    .insert(documentRecipients)
    .values({
      accountId: room.accountId,
      documentId: document.id,
      email: visitor.email,
      name,
      role: 'Signer',
    })
    .returning();
  await insertFields(
    tx,
    document,
    ndaFields(pages).map((field) => ({ ...field, recipientId: recipient.id })),
  );
  const binding: NdaBinding = {
    source: NDA_SOURCE,
    room_id: room.id,
    visitor_id: visitor.id,
    nda_file_id: room.ndaFileId as number,
  };
  // The first entry of its history binds the document to the room and visitor (the chain keeps it honest).
  await recordDocumentEvent({
    tx,
    documentId: document.id,
    kind: NDA_CREATED,
    actor: recipientEventActor(recipient),
    details: { ...binding, room: room.label },
  });
  return document;
}
