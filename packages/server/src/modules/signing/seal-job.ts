import { createHash } from 'node:crypto';
import { DOCUMENT_STATUS, signsOrApproves } from '@charter/domain';
import { and, asc, eq } from 'drizzle-orm';
import { contentsLength, signPreparedSeal } from '../../adapters/signing/pades.ts';
import type { StampField } from '../../adapters/signing/stamp-fields.ts';
import { offThread } from '../../adapters/untrusted/pool.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documentEvents, documents, files, tasks } from '../../db/schema/index.ts';
import type { JobKindOptions } from '../../jobs/queue.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { notifySigningCompleted } from '../notices/notify-signing-completed.ts';
import { recordSignedNda } from '../room-nda/record-signed-nda.ts';
import { announce, setTaskLabel } from '../workflows/announce-document.ts';
import { completeTask } from '../workflows/complete-task.ts';
import { checkDocumentEvents } from './check-document-events.ts';
import { completedEmail } from './emails.ts';
import { sealIdentityOf } from './identity.ts';
import { SYSTEM_ACTOR, senderOf } from './people.ts';
import { recordDocumentEvent } from './record-document-event.ts';
import { type DocumentRow, fieldsOf, originalFileOf, type RecipientRow, recipientsOf } from './scope.ts';

/** The durable job that seals a document once everyone has signed. */
export const SEAL_JOB = 'signing.seal';
export const SEAL_FAILED = 'Sealing failed';
/**
 * The pdf-lib part of a seal runs in the file worker pool. A document of 1,500 pages takes it about 12 s
 * on a busy machine, more than a file read for a request may take (TIME_LIMIT_MS); a job has no one
 * waiting on it. Past this, the attempt fails and the job tries again later (then shows Sealing failed).
 */
export const SEAL_TIME_LIMIT_MS = 60_000;

/** Queues the seal in the caller's transaction: it exists exactly when the last signature does. */
export async function queueSeal(ctx: AppContext, tx: Tx, documentId: number, brand: MailBrand) {
  await ctx.jobs.enqueue(tx, SEAL_JOB, { documentId, brand });
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The seal job: re-renders from the stored original (never bytes a browser sent), stamps every field,
 * appends the signing certificate, seals the whole file (PAdES), keeps it as a new file of the cabinet
 * beside the original, and sends everyone the final copy. Runs again safely: only a document still
 * 'sealing' is sealed, and the file is written before the row that names it.
 */
export async function sealDocumentJob(ctx: AppContext, payload: Record<string, unknown>) {
  await seal(ctx, Number(payload.documentId), payload.brand as MailBrand);
}

/**
 * How the queue ends and reopens a seal. Failed for good (its last attempt threw, or its worker died on
 * it), the document shows Sealing failed with a Retry instead of sealing for ever; staff Retry puts it
 * back to sealing, the state the job seals from.
 */
export const sealJobOptions = (ctx: Pick<AppContext, 'log'>): JobKindOptions => ({
  onGiveUp: (payload, reason, tx) => markSealFailed(ctx, tx, Number(payload.documentId), reason),
  onRetry: async (payload, tx) => void (await reopenSeal(tx, Number(payload.documentId))),
});

/** A document whose seal failed for good goes back to sealing; null when it is in another state. */
export async function reopenSeal(tx: Tx, documentId: number) {
  const [sealing] = await tx
    .update(documents)
    .set({ signingState: 'sealing', sealError: null, updatedAt: new Date() })
    .where(and(eq(documents.id, documentId), eq(documents.signingState, 'seal_failed')))
    .returning();
  return sealing ?? null;
}

async function imageOf(ctx: AppContext, key: string | null, cache: Map<string, Buffer>) {
  if (!key) return null;
  let bytes = cache.get(key);
  if (!bytes) {
    bytes = await ctx.storage.get(key);
    cache.set(key, bytes);
  }
  return bytes;
}

async function stampedFields(
  ctx: AppContext,
  fields: Awaited<ReturnType<typeof fieldsOf>>,
  recipients: RecipientRow[],
) {
  const images = new Map<string, Buffer>();
  const stamps: StampField[] = [];
  for (const field of fields) {
    const recipient = recipients.find((r) => r.id === field.recipientId);
    const key =
      field.kind === 'signature'
        ? recipient?.signatureKey
        : field.kind === 'initials'
          ? recipient?.initialsKey
          : null;
    const image = await imageOf(ctx, key ?? null, images);
    stamps.push({ ...field, value: image ? null : field.value, image });
  }
  return stamps;
}

async function seal(ctx: AppContext, documentId: number, brand: MailBrand) {
  const [document] = await ctx.db.select().from(documents).where(eq(documents.id, documentId));
  if (document?.signingState !== 'sealing') return;
  const original = await originalFileOf(ctx.db, document);
  if (!original) throw new Error(`Document ${documentId} has no original to seal`);
  const bytes = await ctx.storage.get(original.storageKey);
  if (sha256(bytes) !== original.sha256)
    throw new Error(`The original of document ${documentId} changed in storage`);
  const chain = await checkDocumentEvents({ tx: ctx.db, documentId });
  if (!chain.ok) throw new Error(`The signing history of document ${documentId} is broken: ${chain.reason}`);
  const recipients = await recipientsOf(ctx.db, documentId);
  const fields = await fieldsOf(ctx.db, documentId);
  const events = await ctx.db
    .select()
    .from(documentEvents)
    .where(eq(documentEvents.documentId, documentId))
    .orderBy(asc(documentEvents.seq));

  const identity = await sealIdentityOf(ctx);
  const signers = recipients.filter((r) => signsOrApproves(r.role));
  const consentOf = (r: RecipientRow) => r.consentedAt;
  const certificate = {
    title: document.label,
    documentId,
    originalSha256: original.sha256,
    sealFingerprint: identity.fingerprint,
    signers: signers.map((r) => ({
      name: r.name,
      email: r.email,
      role: r.party ? `${r.role} (${r.party})` : r.role,
      ip: r.signedIp,
      userAgent: r.signedUserAgent,
      consentedAt: consentOf(r),
      viewedAt: r.viewedAt,
      signedAt: r.signedAt,
    })),
    events: events.map((e) => ({
      at: e.at,
      kind: e.kind,
      who: e.actor.name || e.actor.email,
      ip: e.ip,
      hash: e.hash,
    })),
    lastHash: events.at(-1)?.hash ?? '',
  };
  const timestamp = { tsaUrl: ctx.config.tsaUrl ?? undefined, tsaCertificate: ctx.config.tsaCertificate };
  const signature = {
    reason: `Signed by ${signers.map((r) => r.name).join(', ')}`,
    name: brand.name,
    signingTime: new Date(),
    contentsLength: contentsLength(identity, Boolean(timestamp.tsaUrl)),
  };
  // Stamping, the certificate and saving are pdf-lib's, seconds of CPU on a long document: they run in
  // the worker pool; only the signature, which needs the key, is made here.
  const fieldsToStamp = await stampedFields(ctx, fields, recipients);
  const prepared = await offThread(
    'sealPages',
    [{ original: bytes, fields: fieldsToStamp, certificate, signature }],
    { timeLimitMs: SEAL_TIME_LIMIT_MS },
  );
  const sealed = await signPreparedSeal(prepared, identity, timestamp);
  const stored = await ctx.storage.put(sealed);

  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(documents).where(eq(documents.id, documentId)).for('update');
    if (current?.signingState !== 'sealing') return;
    const now = new Date();
    const filename = `${original.filename.replace(/\.pdf$/i, '')} (signed).pdf`;
    const [file] = await tx
      .insert(files)
      .values({
        accountId: document.accountId,
        filename,
        contentType: 'application/pdf',
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
        folder: original.folder,
      })
      .returning();
    const [done] = await tx
      .update(documents)
      .set({
        fileId: file.id,
        signingState: 'completed',
        status: DOCUMENT_STATUS.COMPLETED,
        completedAt: now,
        sealedSha256: stored.sha256,
        sealedAt: now,
        sealError: null,
        updatedAt: now,
      })
      .where(eq(documents.id, documentId))
      .returning();
    await recordDocumentEvent({
      tx,
      documentId,
      kind: 'sealed',
      actor: SYSTEM_ACTOR,
      details: { sha256: stored.sha256, fingerprint: identity.fingerprint, file_id: file.id },
    });
    await finishTask(tx, done, now);
    await recordSignedNda(tx, done, file);
    const sender = await senderOf(tx, done);
    const attachment = { filename, storageKey: stored.key };
    const everyone = new Map(recipients.map((r) => [r.email, r.name]));
    // The sender's copy goes to a person of the workspace, never to the brand's support address.
    if (sender.kind !== 'support' && !everyone.has(sender.email)) everyone.set(sender.email, sender.name);
    for (const [email, name] of everyone) {
      await ctx.mailer.send(tx, completedEmail({ email, name }, document.label, attachment, brand));
    }
    const audience = await announce(tx, done, {
      timeline: {
        label: 'Completed',
        description: `${document.label} was signed by everyone and sealed.`,
        icon: 'check',
      },
      toast: `${document.label} is signed by everyone.`,
    });
    await notifySigningCompleted({ tx, document: done, audience });
    ctx.log.info({ documentId, fileId: file.id }, 'document sealed');
  });
}

/** A task whose document was waiting for signatures is done once it is sealed. */
async function finishTask(tx: Tx, document: DocumentRow, now: Date) {
  if (document.taskId === null || document.transactionId === null) return;
  const [task] = await tx.select({ state: tasks.state }).from(tasks).where(eq(tasks.id, document.taskId));
  if (task?.state === 'Processing') await completeTask(tx, document.taskId, document.transactionId, now);
  else await setTaskLabel(tx, document, null);
}

/** The document shows Sealing failed, with a Retry (a document no longer sealing is left alone). */
export async function markSealFailed(
  ctx: Pick<AppContext, 'log'>,
  tx: Tx,
  documentId: number,
  reason: string,
) {
  const [document] = await tx.select().from(documents).where(eq(documents.id, documentId)).for('update');
  if (document?.signingState !== 'sealing') return;
  const [failed] = await tx
    .update(documents)
    .set({ signingState: 'seal_failed', sealError: SEAL_FAILED, updatedAt: new Date() })
    .where(eq(documents.id, documentId))
    .returning();
  await recordDocumentEvent({ tx, documentId, kind: 'seal_failed', actor: SYSTEM_ACTOR });
  await announce(tx, failed, {
    timeline: {
      label: SEAL_FAILED,
      description: 'The signed document could not be sealed. Retry it, or contact support if it fails again.',
      icon: 'error',
    },
  });
  ctx.log.error({ documentId, reason }, 'document seal failed for good');
}
