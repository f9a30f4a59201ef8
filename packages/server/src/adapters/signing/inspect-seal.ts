import { createHash } from 'node:crypto';
import type * as asn1js from 'asn1js';
import { ContentInfo, SignedData, type SignerInfo, TSTInfo } from 'pkijs';
import { OID } from './cms-oids.ts';
import { checkSigner } from './cms-verify.ts';
import { parsePdfDate } from './pdf-date.ts';
import { coversWholeFile, digestOfRanges, lastSignature } from './signature-bytes.ts';

export type SealInspection =
  | { signed: false }
  | {
      signed: true;
      /** The signed ranges run from the first byte to the last: nothing was added after signing. */
      coversWholeFile: boolean;
      /** The signed bytes hash to what the signature says: nothing inside them changed. */
      digestMatches: boolean;
      /** The signature over the signed attributes verifies with the certificate it names. */
      signatureValid: boolean;
      /** As seal-identity's fingerprintOf writes it; empty when the signature cannot be read at all. */
      certificateFingerprint: string;
      /** The claimed time in the signature dictionary's /M. */
      signingTime: Date | null;
      /** A DocMDP certification that permits no change (P 1). */
      certified: boolean;
      /**
       * The RFC 3161 timestamp, when there is one: its time, and whether it is a sound token over this
       * signature (its TSA's own signature checked; whether that TSA is trusted is not judged here).
       */
      timestamp: { time: Date; valid: boolean } | null;
    };

const fingerprintOfDer = (der: Buffer) =>
  createHash('sha256').update(der).digest('hex').toUpperCase().match(/../g)!.join(':');

const signedDataOf = (der: Uint8Array) => {
  const info = ContentInfo.fromBER(der);
  if (info.contentType !== OID.signedData) throw new Error('Not a SignedData');
  return new SignedData({ schema: info.content });
};

/** The timestamp token among the unsigned attributes, checked against the signature value it covers. */
function timestampOf(signerInfo: SignerInfo): { time: Date; valid: boolean } | null {
  const attribute = signerInfo.unsignedAttrs?.attributes.find((a) => a.type === OID.timeStampToken);
  if (!attribute) return null;
  try {
    const token = signedDataOf(new Uint8Array((attribute.values[0] as asn1js.Sequence).toBER()));
    const content = token.encapContentInfo.eContent;
    if (token.encapContentInfo.eContentType !== OID.tstInfo || !content) return null;
    const tstInfoDer = new Uint8Array(content.getValue());
    const tstInfo = TSTInfo.fromBER(tstInfoDer);
    const check = checkSigner(token, (hash) => createHash(hash).update(tstInfoDer).digest());
    const imprint = Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView);
    const signatureValue = signerInfo.signature.valueBlock.valueHexView;
    const covers =
      tstInfo.messageImprint.hashAlgorithm.algorithmId === OID.sha256 &&
      imprint.equals(createHash('sha256').update(signatureValue).digest());
    return { time: tstInfo.genTime, valid: covers && check.digestMatches && check.signatureValid };
  } catch {
    return null;
  }
}

/**
 * What the last signature of a PDF proves, read from the bytes alone (no PDF parser, no network): for
 * the public verify page, which must also explain a file that was changed after it was sealed.
 */
export function inspectSeal(pdf: Uint8Array): SealInspection {
  const found = lastSignature(pdf);
  if (!found) return { signed: false };
  const { byteRange, contents, dictionary } = found;
  const transformParams = /\/TransformMethod\s*\/DocMDP[\s\S]*?\/TransformParams\s*<<([^>]*)>>/.exec(
    dictionary,
  );
  const time = /\/M\s*\(([^)]*)\)/.exec(dictionary);
  const seen = {
    signed: true as const,
    coversWholeFile: coversWholeFile(byteRange, pdf.length),
    signingTime: time ? parsePdfDate(time[1]) : null,
    certified: Boolean(transformParams && /\/P\s+1(?!\d)/.test(transformParams[1])),
  };
  // Whatever a crafted file holds, the answer is "not valid", never an exception (the verify page).
  try {
    const signedData: SignedData = signedDataOf(contents);
    const check = checkSigner(signedData, (hash) => digestOfRanges(pdf, byteRange, hash));
    return {
      ...seen,
      digestMatches: check.digestMatches,
      signatureValid: check.signatureValid,
      certificateFingerprint: check.certificate ? fingerprintOfDer(check.certificate) : '',
      timestamp: check.signerInfo ? timestampOf(check.signerInfo) : null,
    };
  } catch {
    return {
      ...seen,
      digestMatches: false,
      signatureValid: false,
      certificateFingerprint: '',
      timestamp: null,
    };
  }
}
