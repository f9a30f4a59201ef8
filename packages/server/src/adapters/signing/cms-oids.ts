/**
 * The object identifiers the seal's CMS uses, named once so the writer, the reader and the timestamp
 * client cannot drift apart.
 */
export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  /** ESS signing-certificate-v2 (RFC 5035): binds the signature to one certificate by its hash. */
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  /** id-aa-timeStampToken (RFC 3161 appendix A): an unsigned attribute over the signature value. */
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  sha384WithRsa: '1.2.840.113549.1.1.12',
  sha512WithRsa: '1.2.840.113549.1.1.13',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** node:crypto's name for a digest algorithm identifier, or null for one the seal does not read. */
export function hashNameOf(oid: string): 'sha256' | 'sha384' | 'sha512' | null {
  if (oid === OID.sha256) return 'sha256';
  if (oid === OID.sha384) return 'sha384';
  if (oid === OID.sha512) return 'sha512';
  return null;
}
