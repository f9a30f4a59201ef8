import { createHash, verify, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import { type Attribute, Certificate, IssuerAndSerialNumber, type SignedData, type SignerInfo } from 'pkijs';
import { hashNameOf, OID } from './cms-oids.ts';

export type SignerCheck = {
  /** The signer's certificate (DER) as the CMS carries it, or null when none matches the signer. */
  certificate: Buffer | null;
  digestMatches: boolean;
  signatureValid: boolean;
  signerInfo: SignerInfo;
};

const attributeOf = (signerInfo: SignerInfo, type: string): Attribute | undefined =>
  signerInfo.signedAttrs?.attributes.find((attribute) => attribute.type === type);

const bytesOf = (value: unknown): Buffer | null =>
  value instanceof asn1js.OctetString ? Buffer.from(value.valueBlock.valueHexView) : null;

/** The certificate the signer identifier names: by issuer and serial, or by key identifier. */
function signerCertificate(signedData: SignedData, signerInfo: SignerInfo): Certificate | null {
  const certificates = (signedData.certificates ?? []).filter(
    (c): c is Certificate => c instanceof Certificate,
  );
  const sid = signerInfo.sid;
  if (sid instanceof IssuerAndSerialNumber) {
    return (
      certificates.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber)) ??
      null
    );
  }
  // subjectKeyIdentifier: [0] IMPLICIT OCTET STRING, compared with the SHA-1 of the public key (RFC 5280 4.2.1.2).
  const keyId = Buffer.from((sid as asn1js.Primitive).valueBlock.valueHexView);
  return (
    certificates.find((c) =>
      createHash('sha1')
        .update(c.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)
        .digest()
        .equals(keyId),
    ) ?? null
  );
}

/** False when an ESS signing-certificate-v2 names another certificate than the one that verified. */
function essNamesCertificate(signerInfo: SignerInfo, certificate: Buffer): boolean {
  const attribute = attributeOf(signerInfo, OID.signingCertificateV2);
  if (!attribute) return true;
  const certs = (attribute.values[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
  const first = (certs.valueBlock.value[0] as asn1js.Sequence).valueBlock.value;
  const algorithm =
    first[0] instanceof asn1js.Sequence
      ? (first[0].valueBlock.value[0] as asn1js.ObjectIdentifier).valueBlock.toString()
      : OID.sha256;
  const hashName = hashNameOf(algorithm);
  const certHash = bytesOf(first.find((item) => item instanceof asn1js.OctetString));
  return Boolean(hashName && certHash?.equals(createHash(hashName).update(certificate).digest()));
}

/**
 * Checks a SignedData's first signer the way a verifier must: the message-digest attribute against the
 * content's digest (`digestOf` hashes the content with the signer's algorithm), the signature over the
 * signed attributes exactly as encoded, with the matching certificate's key, and that certificate
 * against signing-certificate-v2. Synchronous (node:crypto), so a verify page needs no WebCrypto.
 * RSA PKCS#1 v1.5 and ECDSA signatures are read; RSA-PSS is reported as not valid.
 */
export function checkSigner(signedData: SignedData, digestOf: (hashName: string) => Buffer): SignerCheck {
  const signerInfo = signedData.signerInfos[0];
  const found = signerInfo && signerCertificate(signedData, signerInfo);
  const certificate = found ? Buffer.from(found.toSchema().toBER()) : null;
  const result = { certificate, digestMatches: false, signatureValid: false, signerInfo };
  const hashName = signerInfo && hashNameOf(signerInfo.digestAlgorithm.algorithmId);
  if (!hashName || !signerInfo.signedAttrs) return result;
  const claimed = bytesOf(attributeOf(signerInfo, OID.messageDigest)?.values[0]);
  result.digestMatches = Boolean(claimed?.equals(digestOf(hashName)));
  if (!certificate || signerInfo.signatureAlgorithm.algorithmId === '1.2.840.113549.1.1.10') return result;
  try {
    result.signatureValid =
      verify(
        hashName,
        Buffer.from(signerInfo.signedAttrs.encodedValue),
        new X509Certificate(certificate).publicKey,
        Buffer.from(signerInfo.signature.valueBlock.valueHexView),
      ) && essNamesCertificate(signerInfo, certificate);
  } catch {
    result.signatureValid = false;
  }
  return result;
}
