import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { appendCertificatePages, type CertificateInfo } from './certificate-page.ts';
import type { CertificationFields } from './certification-signature.ts';
import { type PreparedSeal, prepareSeal } from './pades.ts';
import { type StampField, stampFields } from './stamp-fields.ts';

export type SealPagesInput = {
  /** The stored original, as it was sent for signing. */
  original: Uint8Array;
  fields: StampField[];
  /** The certificate's details but the hash of the stamped pages, which only this step knows. */
  certificate: Omit<CertificateInfo, 'signedSha256'>;
  signature: CertificationFields;
};

/**
 * Every step of a seal that pdf-lib does, in one: stamps what the signers filled in, hashes the stamped
 * file, appends the signing certificate and prepares the certification signature (pades.ts). Plain data
 * in and out, so the seal job runs it in the worker pool (adapters/untrusted/tasks.ts): on a document of
 * hundreds of pages it takes seconds of CPU, which must not be the request thread's. What is left, the
 * CMS itself, needs the seal's key and stays with the caller (signPreparedSeal).
 */
export async function sealPages(input: SealPagesInput): Promise<PreparedSeal> {
  const pdf = await PDFDocument.load(input.original, { updateMetadata: false });
  await stampFields(pdf, input.fields);
  const stamped = await pdf.save();
  const final = await PDFDocument.load(stamped, { updateMetadata: false });
  await appendCertificatePages(final, {
    ...input.certificate,
    signedSha256: createHash('sha256').update(stamped).digest('hex'),
  });
  return prepareSeal(await final.save(), input.signature);
}
