import { createHash, createPrivateKey } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { createCadesSignature, derOfPem } from './cades-signature.ts';
import { addCertificationSignature, placeholdersIn } from './certification-signature.ts';
import type { SealIdentity } from './seal-identity.ts';
import { digestOfRanges, fillByteRange } from './signature-bytes.ts';
import { type FetchTimestamp, httpTimestamp, timestampTokenFor } from './timestamp.ts';

export type SealOptions = {
  reason: string;
  /** Who seals, as viewers show it (the installation or the operator's organisation). */
  name: string;
  location?: string;
  /** The claimed signing time, written to /M (PAdES keeps it out of the CMS). */
  signingTime: Date;
  /** An RFC 3161 timestamp authority: the seal is then timestamped, or sealing fails. */
  tsaUrl?: string;
  /** Fetches a TimeStampResp (DER) for a SHA-256 digest instead of `tsaUrl` (tests inject a TSA). */
  fetchTimestamp?: FetchTimestamp;
  /** The TSA's certificate or its issuer (DER, from TSA_CERT): tokens signed by anyone else fail. */
  tsaCertificate?: Buffer | null;
};

/** Room for the CMS beside the certificates themselves: attributes, algorithm names, structure. */
const CMS_OVERHEAD = 2048;
/**
 * Room for a TSA's token: TSTInfo, the TSA's signature and usually its chain of two or three
 * certificates. Public TSAs answer with 3 to 8 KB; this leaves twice that.
 */
const TIMESTAMP_RESERVE = 16_384;

/** Bytes to reserve in /Contents: the chain as it is, a signature as long as the key, and the rest. */
function contentsLength(identity: SealIdentity, timestamped: boolean): number {
  const chain = identity.certificatePems.reduce((sum, pem) => sum + derOfPem(pem).length, 0);
  const details = createPrivateKey(identity.privateKeyPem).asymmetricKeyDetails;
  const signature = Math.ceil((details?.modulusLength ?? 1024) / 8);
  return chain + signature + CMS_OVERHEAD + (timestamped ? TIMESTAMP_RESERVE : 0);
}

/**
 * Seals a PDF with a certification signature (PAdES B-B, or B-T when timestamped). pdf-lib adds the
 * signature dictionary, field and /Perms and saves the whole file once, without object streams so the
 * dictionary stays readable; then /ByteRange is written in place, the range hashed and the CMS
 * written into /Contents. The result is one signature over every byte but its own /Contents.
 */
export async function sealPdf(
  pdf: Uint8Array,
  identity: SealIdentity,
  options: SealOptions,
): Promise<Uint8Array> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  document.setModificationDate(options.signingTime);
  const fetchTimestamp = options.fetchTimestamp ?? (options.tsaUrl ? httpTimestamp(options.tsaUrl) : null);
  const reserved = contentsLength(identity, Boolean(fetchTimestamp));
  addCertificationSignature(document, { ...options, contentsLength: reserved });
  const placeholders = placeholdersIn(document, reserved);
  const file = Buffer.from(await document.save({ useObjectStreams: false, updateFieldAppearances: false }));
  const { byteRange, contentsAt } = fillByteRange(file, placeholders);
  const cms = await createCadesSignature({
    digest: digestOfRanges(file, byteRange),
    identity,
    timestamp: fetchTimestamp
      ? async (value) =>
          timestampTokenFor(
            await fetchTimestamp(createHash('sha256').update(value).digest()),
            value,
            options.tsaCertificate,
          )
      : undefined,
  });
  if (cms.length > reserved) {
    throw new Error(`The seal's signature takes ${cms.length} bytes, more than the ${reserved} reserved`);
  }
  file.write(cms.toString('hex').toUpperCase(), contentsAt + 1, 'latin1');
  return new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
}
