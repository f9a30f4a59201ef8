import { createHash, createPrivateKey } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { createCadesSignature, derOfPem } from './cades-signature.ts';
import {
  addCertificationSignature,
  type CertificationFields,
  placeholdersIn,
} from './certification-signature.ts';
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
export function contentsLength(identity: SealIdentity, timestamped: boolean): number {
  const chain = identity.certificatePems.reduce((sum, pem) => sum + derOfPem(pem).length, 0);
  const details = createPrivateKey(identity.privateKeyPem).asymmetricKeyDetails;
  const signature = Math.ceil((details?.modulusLength ?? 1024) / 8);
  return chain + signature + CMS_OVERHEAD + (timestamped ? TIMESTAMP_RESERVE : 0);
}

/** A file saved with an empty certification signature, ready for its CMS (see prepareSeal). */
export type PreparedSeal = {
  file: Uint8Array;
  /** SHA-256 of what /ByteRange covers: what the CMS signs. */
  digest: Uint8Array;
  /** Where the /Contents hex string starts (its '<'). */
  contentsAt: number;
  /** Bytes reserved for the CMS. */
  contentsLength: number;
};

/**
 * pdf-lib's part of a seal, which needs no key and may run in a worker (adapters/untrusted/tasks.ts):
 * pdf-lib adds the signature dictionary, field and /Perms and saves the whole file once, without object
 * streams so the dictionary stays readable; then /ByteRange is written in place and the range hashed.
 */
export async function prepareSeal(pdf: Uint8Array, fields: CertificationFields): Promise<PreparedSeal> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  document.setModificationDate(fields.signingTime);
  addCertificationSignature(document, fields);
  const placeholders = placeholdersIn(document, fields.contentsLength);
  const file = Buffer.from(await document.save({ useObjectStreams: false, updateFieldAppearances: false }));
  const { byteRange, contentsAt } = fillByteRange(file, placeholders);
  return { file, digest: digestOfRanges(file, byteRange), contentsAt, contentsLength: fields.contentsLength };
}

type TimestampOptions = Pick<SealOptions, 'tsaUrl' | 'fetchTimestamp' | 'tsaCertificate'>;

/** Who timestamps the seal, if anyone: the injected fetcher, else the TSA at `tsaUrl`. */
export const timestamperOf = (options: TimestampOptions): FetchTimestamp | null =>
  options.fetchTimestamp ?? (options.tsaUrl ? httpTimestamp(options.tsaUrl) : null);

/**
 * The key's part of a seal, on the thread that holds the key: the CMS over the prepared digest
 * (timestamped when a TSA is given), written into /Contents. Small work whatever the file's size.
 */
export async function signPreparedSeal(
  prepared: PreparedSeal,
  identity: SealIdentity,
  options: TimestampOptions,
): Promise<Uint8Array> {
  const fetchTimestamp = timestamperOf(options);
  const cms = await createCadesSignature({
    digest: Buffer.from(prepared.digest),
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
  if (cms.length > prepared.contentsLength) {
    throw new Error(
      `The seal's signature takes ${cms.length} bytes, more than the ${prepared.contentsLength} reserved`,
    );
  }
  const file = Buffer.from(prepared.file.buffer, prepared.file.byteOffset, prepared.file.byteLength);
  file.write(cms.toString('hex').toUpperCase(), prepared.contentsAt + 1, 'latin1');
  return new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
}

/**
 * Seals a PDF with a certification signature (PAdES B-B, or B-T when timestamped): prepareSeal, then
 * signPreparedSeal, on this thread. The result is one signature over every byte but its own /Contents.
 * The seal job runs the first half in a worker (modules/signing/seal-job.ts).
 */
export async function sealPdf(
  pdf: Uint8Array,
  identity: SealIdentity,
  options: SealOptions,
): Promise<Uint8Array> {
  const reserved = contentsLength(identity, Boolean(timestamperOf(options)));
  const prepared = await prepareSeal(pdf, { ...options, contentsLength: reserved });
  return signPreparedSeal(prepared, identity, options);
}
