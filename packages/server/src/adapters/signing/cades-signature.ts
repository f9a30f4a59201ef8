import { createHash, createPrivateKey, type KeyObject, sign, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import {
  AlgorithmIdentifier,
  Attribute,
  Certificate,
  ContentInfo,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  SignedAndUnsignedAttributes,
  SignedData,
  SignerInfo,
} from 'pkijs';
import { OID } from './cms-oids.ts';
import type { SealIdentity } from './seal-identity.ts';

export const derOfPem = (pem: string): Buffer => new X509Certificate(pem).raw;

/**
 * ESS signing-certificate-v2 naming one certificate by its SHA-256. SHA-256 is the field's default
 * algorithm, so DER leaves it out; the optional issuerSerial hint is left out too: the hash alone is
 * what binds the signature to the certificate, and a verifier must check the hash either way.
 */
export function signingCertificateV2(certificateDer: Uint8Array): Attribute {
  const certHash = createHash('sha256').update(certificateDer).digest();
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: certHash })] });
  const certs = new asn1js.Sequence({ value: [essCertIdV2] });
  return new Attribute({ type: OID.signingCertificateV2, values: [new asn1js.Sequence({ value: [certs] })] });
}

/**
 * Signed attributes are DER, and DER orders a SET OF by each member's encoding: the signature covers
 * these exact bytes, so a verifier that re-encodes them must arrive at the same order.
 */
function derOrdered(attributes: Attribute[]): Attribute[] {
  return attributes
    .map((attribute) => ({ attribute, der: Buffer.from(attribute.toSchema().toBER()) }))
    .sort((a, b) => Buffer.compare(a.der, b.der))
    .map(({ attribute }) => attribute);
}

/** What the signature covers: the signed attributes encoded as a SET (tag 0x31), not as the [0] they sit in. */
export function signedAttributesBytes(attributes: SignedAndUnsignedAttributes): Buffer {
  const bytes = Buffer.from(attributes.toSchema().toBER());
  bytes[0] = 0x31;
  return bytes;
}

function signatureAlgorithmOf(key: KeyObject): AlgorithmIdentifier {
  if (key.asymmetricKeyType === 'rsa') {
    return new AlgorithmIdentifier({ algorithmId: OID.sha256WithRsa, algorithmParams: new asn1js.Null() });
  }
  if (key.asymmetricKeyType === 'ec') return new AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 });
  throw new Error(`A ${key.asymmetricKeyType} seal key cannot sign: use an RSA or EC key`);
}

export type CadesOptions = {
  /** SHA-256 of the signed bytes (for a PDF, its byte ranges). */
  digest: Buffer;
  identity: Pick<SealIdentity, 'privateKeyPem' | 'certificatePems'>;
  /** An RFC 3161 token (ContentInfo DER) over the signature value, added as an unsigned attribute. */
  timestamp?: (signatureValue: Buffer) => Promise<Buffer>;
};

/**
 * A detached CMS SignedData at the level PAdES B-B asks for (B-T with a timestamp): SHA-256, signed
 * attributes content-type, message-digest and signing-certificate-v2, the whole chain included. No
 * signing-time attribute: PAdES puts the claimed time in the signature dictionary's /M instead.
 * Signs with node:crypto directly, so it needs no WebCrypto key import.
 */
export async function createCadesSignature({ digest, identity, timestamp }: CadesOptions): Promise<Buffer> {
  const ders = identity.certificatePems.map(derOfPem);
  const key = createPrivateKey(identity.privateKeyPem);
  if (!new X509Certificate(ders[0]).checkPrivateKey(key)) {
    throw new Error("The seal's first certificate is not for its private key");
  }
  const certificates = ders.map((der) => Certificate.fromBER(der));
  const signer = certificates[0];
  const signedAttrs = new SignedAndUnsignedAttributes({
    type: 0,
    attributes: derOrdered([
      new Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
      new Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
      signingCertificateV2(ders[0]),
    ]),
  });
  const signature = sign('sha256', signedAttributesBytes(signedAttrs), key);
  const signerInfo = new SignerInfo({
    version: 1,
    sid: new IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
    digestAlgorithm: new AlgorithmIdentifier({ algorithmId: OID.sha256 }),
    signedAttrs,
    signatureAlgorithm: signatureAlgorithmOf(key),
    signature: new asn1js.OctetString({ valueHex: signature }),
  });
  if (timestamp) {
    const token = asn1js.fromBER(await timestamp(signature));
    if (token.offset === -1) throw new Error('The timestamp token is not DER');
    signerInfo.unsignedAttrs = new SignedAndUnsignedAttributes({
      type: 1,
      attributes: [new Attribute({ type: OID.timeStampToken, values: [token.result] })],
    });
  }
  const signedData = new SignedData({
    version: 1,
    digestAlgorithms: [new AlgorithmIdentifier({ algorithmId: OID.sha256 })],
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates,
    signerInfos: [signerInfo],
  });
  const contentInfo = new ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER());
}
