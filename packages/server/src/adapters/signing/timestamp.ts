import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import {
  AlgorithmIdentifier,
  Certificate,
  type ContentInfo,
  IssuerAndSerialNumber,
  MessageImprint,
  PKIStatus,
  SignedData,
  TimeStampReq,
  TimeStampResp,
  TSTInfo,
} from 'pkijs';
import { OID } from './cms-oids.ts';

/** How long a timestamp authority may take before sealing gives up (and fails: never a made-up time). */
const TIMEOUT_MS = 15_000;

/** Fetches a TimeStampResp (DER) for a SHA-256 digest: the shape sealPdf's `fetchTimestamp` takes. */
export type FetchTimestamp = (digest: Buffer) => Promise<Buffer>;

type Parsed = { token: ContentInfo; signedData: SignedData; info: TSTInfo };

/** A TimeStampResp's token and what it says, or an error naming what the TSA got wrong. */
function parseResponse(der: Buffer): Parsed {
  let response: TimeStampResp;
  try {
    response = TimeStampResp.fromBER(der);
  } catch (error) {
    throw new Error('The timestamp authority answered something that is not a TimeStampResp', {
      cause: error,
    });
  }
  const { status, statusStrings } = response.status;
  if (status !== PKIStatus.granted && status !== PKIStatus.grantedWithMods) {
    const why = statusStrings?.map((text) => text.valueBlock.value).join('; ');
    throw new Error(`The timestamp authority refused (status ${status}${why ? `: ${why}` : ''})`);
  }
  const token = response.timeStampToken;
  if (token?.contentType !== OID.signedData) throw new Error('The timestamp authority sent no token');
  const signedData = new SignedData({ schema: token.content });
  const { eContentType, eContent } = signedData.encapContentInfo;
  if (eContentType !== OID.tstInfo || !eContent) throw new Error('The timestamp token holds no TSTInfo');
  return { token, signedData, info: TSTInfo.fromBER(eContent.getValue()) };
}

/** RFC 3161 over HTTP: POST application/timestamp-query, with a nonce the answer must repeat. */
export function httpTimestamp(url: string, timeoutMs = TIMEOUT_MS): FetchTimestamp {
  return async (digest) => {
    const nonce = randomBytes(8);
    nonce[0] &= 0x7f; // a positive INTEGER
    const request = new TimeStampReq({
      version: 1,
      messageImprint: new MessageImprint({
        hashAlgorithm: new AlgorithmIdentifier({ algorithmId: OID.sha256 }),
        hashedMessage: new asn1js.OctetString({ valueHex: digest }),
      }),
      nonce: new asn1js.Integer({ valueHex: nonce }),
      certReq: true,
    });
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query' },
        body: Buffer.from(request.toSchema().toBER()),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new Error(`The timestamp authority ${url} did not answer`, { cause: error });
    }
    if (!response.ok) throw new Error(`The timestamp authority ${url} answered HTTP ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    const echoed = parseResponse(body).info.nonce;
    if (!echoed || !Buffer.from(echoed.valueBlock.valueHexView).equals(nonce)) {
      throw new Error(`The timestamp authority ${url} answered another request (nonce mismatch)`);
    }
    return body;
  };
}

/** The certificate a token names as its signer's, among those it carries. */
function signerCertificate(signedData: SignedData): Certificate | null {
  const sid = signedData.signerInfos[0]?.sid;
  if (!(sid instanceof IssuerAndSerialNumber)) return null;
  return (
    (signedData.certificates ?? []).find(
      (c): c is Certificate =>
        c instanceof Certificate && c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber),
    ) ?? null
  );
}

/**
 * Whether the token was signed by the pinned certificate (TSA_CERT): that very certificate, or one it
 * issued. Without a pin, a token is trusted on the certificate it carries (the operator's choice of URL).
 */
async function signedByPinned(signedData: SignedData, pinnedDer: Buffer): Promise<boolean> {
  const signer = signerCertificate(signedData);
  if (!signer) return false;
  const signerDer = Buffer.from(signer.toSchema().toBER());
  if (signerDer.equals(pinnedDer)) return true;
  const pinned = Certificate.fromBER(pinnedDer);
  if (!signer.issuer.isEqual(pinned.subject)) return false;
  return signer.verify(pinned).catch(() => false);
}

/**
 * The token of a TSA's answer, once it is shown to be a granted timestamp over exactly `signatureValue`
 * whose own signature verifies against the certificate it carries and, when the operator pinned one
 * (`pinnedDer`, TSA_CERT), that certificate is the pinned one or was issued by it. Anything else throws.
 */
export async function timestampTokenFor(
  responseDer: Buffer,
  signatureValue: Buffer,
  pinnedDer?: Buffer | null,
): Promise<Buffer> {
  const { token, signedData, info } = parseResponse(responseDer);
  const imprint = info.messageImprint;
  const expected = createHash('sha256').update(signatureValue).digest();
  if (
    imprint.hashAlgorithm.algorithmId !== OID.sha256 ||
    !Buffer.from(imprint.hashedMessage.valueBlock.valueHexView).equals(expected)
  ) {
    throw new Error('The timestamp token is for other data than this signature');
  }
  let verified = false;
  try {
    verified = await signedData.verify({ signer: 0, data: new Uint8Array(signatureValue).buffer });
  } catch (error) {
    throw new Error('The timestamp token does not verify', { cause: error });
  }
  if (!verified) throw new Error("The timestamp token's signature does not verify");
  if (pinnedDer && !(await signedByPinned(signedData, pinnedDer))) {
    throw new Error('The timestamp token is not signed by the pinned timestamp authority (TSA_CERT)');
  }
  return Buffer.from(token.toSchema().toBER());
}
