import { createHash } from 'node:crypto';
import { signsOrApproves, type VerifyResult } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { inspectSeal } from '../../adapters/signing/inspect-seal.ts';
import type { AppContext } from '../../context.ts';
import { documents, sealIdentities } from '../../db/schema/index.ts';
import { sealIdentityOf } from './identity.ts';
import { recipientsOf } from './scope.ts';

export const VERIFY_MESSAGES = {
  unchanged: 'This document was sealed by this installation and has not changed since.',
  appended: 'This file carries a seal of this installation, but something was added to it after sealing.',
  unknown:
    'This file carries a valid seal of this installation, but it is not one of the documents sealed here.',
  broken: 'The seal on this file does not match its contents: the file was changed after sealing.',
  foreign: 'This file is signed, but not by this installation.',
  none: 'This file carries no seal.',
} as const;

/**
 * POST /api/public/verify: what this installation can say of a PDF someone holds. The document's title
 * and signers are told only for the exact bytes sealed here: whoever holds those already has them.
 */
export async function verifyPdf(ctx: AppContext, bytes: Buffer): Promise<VerifyResult> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const [sealed] = await ctx.db.select().from(documents).where(eq(documents.sealedSha256, sha256)).limit(1);
  const inspection = inspectSeal(bytes);
  const ours = new Set(
    (await ctx.db.select({ f: sealIdentities.fingerprint }).from(sealIdentities)).map((r) => r.f),
  );
  ours.add((await sealIdentityOf(ctx)).fingerprint);
  const signed = inspection.signed;
  const valid = signed && inspection.signatureValid && inspection.digestMatches;
  const fingerprint = signed ? inspection.certificateFingerprint : null;
  const here = valid && fingerprint !== null && ours.has(fingerprint);
  const unchanged = sealed !== undefined && here && inspection.signed && inspection.coversWholeFile;
  let message: string = VERIFY_MESSAGES.none;
  if (unchanged) message = VERIFY_MESSAGES.unchanged;
  else if (here && inspection.signed && !inspection.coversWholeFile) message = VERIFY_MESSAGES.appended;
  else if (here) message = VERIFY_MESSAGES.unknown;
  else if (signed && !valid) message = VERIFY_MESSAGES.broken;
  else if (signed) message = VERIFY_MESSAGES.foreign;
  const signers = unchanged
    ? (await recipientsOf(ctx.db, sealed.id)).filter((r) => signsOrApproves(r.role))
    : [];
  return {
    sealed_here: here,
    unchanged,
    signature_valid: valid,
    certificate_fingerprint: fingerprint,
    sealed_at: unchanged ? (sealed.sealedAt?.toISOString() ?? null) : null,
    document: unchanged
      ? {
          title: sealed.label,
          signers: signers.map((r) => ({
            name: r.name,
            email: r.email,
            signed_at: r.signedAt?.toISOString() ?? null,
          })),
        }
      : null,
    message,
  };
}
