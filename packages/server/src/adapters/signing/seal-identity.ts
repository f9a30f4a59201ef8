import { createHash, generateKeyPair, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import forge from 'node-forge';
import { ADVISORY_LOCKS, createOnce } from '../../db/advisory-locks.ts';
import type { Db, Tx } from '../../db/client.ts';
import { sealIdentities } from '../../db/schema/index.ts';

/** What seals documents: a private key and its certificate chain (the signer's own first). */
export type SealIdentity = {
  privateKeyPem: string;
  certificatePems: string[];
  /** SHA-256 of the signer's certificate (DER), upper-case hex pairs joined by colons. */
  fingerprint: string;
  /** Where it came from: generated for this installation, or the operator's .p12. */
  source: 'installation' | 'p12';
};

export type SealSettings = { p12Path: string; p12Password: string } | null;

export const fingerprintOf = (certificatePem: string) => {
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(forge.pki.certificateFromPem(certificatePem)));
  const hex = createHash('sha256').update(Buffer.from(der.getBytes(), 'binary')).digest('hex').toUpperCase();
  return hex.match(/../g)!.join(':');
};

type GeneratedIdentity = { certificatePem: string; privateKeyPem: string };
const RSA_KEY = { modulusLength: 3072 } as const;

/** A new RSA key (Node's native generator) and a self-signed certificate for document seals. */
export function generateSealIdentity(commonName: string): GeneratedIdentity {
  return selfSigned(generateKeyPairSync('rsa', RSA_KEY), commonName);
}

/**
 * The same, its key generated on libuv's thread pool: finding a 3072-bit prime takes a second of CPU,
 * and several on a busy machine, which the first seal of an installation must not take from every
 * request.
 */
export async function generateSealIdentityOffThread(commonName: string): Promise<GeneratedIdentity> {
  return selfSigned(await promisify(generateKeyPair)('rsa', RSA_KEY), commonName);
}

function selfSigned(
  { privateKey, publicKey }: { privateKey: KeyObject; publicKey: KeyObject },
  commonName: string,
): GeneratedIdentity {
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  // A positive serial: the high bit cleared.
  certificate.serialNumber = `0${randomBytes(16).toString('hex')}`;
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 20 * 365 * 86_400_000);
  const name = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Charter document seal' },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(certificate), privateKeyPem };
}

/** The operator's .p12: its key and certificates, or an error that says what is wrong with it. */
export function readP12(file: string, password: string): SealIdentity {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const der = fs.readFileSync(file).toString('binary');
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), password);
  } catch (error) {
    throw new Error(`SIGNING_P12 ${file} cannot be read (wrong SIGNING_P12_PASSWORD?)`, { cause: error });
  }
  const keyBag =
    p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0] ??
    p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag]?.[0];
  const certificates = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => Boolean(cert));
  if (!keyBag?.key || certificates.length === 0) {
    throw new Error(`SIGNING_P12 ${file} must hold a private key and its certificate`);
  }
  const privateKeyPem = forge.pki.privateKeyToPem(keyBag.key as forge.pki.rsa.PrivateKey);
  // The signer's certificate first: the one whose public key matches the private key.
  const modulus = (keyBag.key as forge.pki.rsa.PrivateKey).n.toString(16);
  const own = certificates.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n.toString(16) === modulus);
  if (!own) throw new Error(`SIGNING_P12 ${file} holds no certificate for its private key`);
  const ordered = [own, ...certificates.filter((c) => c !== own)].map((c) => forge.pki.certificateToPem(c));
  return { privateKeyPem, certificatePems: ordered, fingerprint: fingerprintOf(ordered[0]), source: 'p12' };
}

/**
 * The seal documents are signed with: the operator's .p12 when configured, else the installation's own,
 * generated on first use and kept in the database, so every instance seals with the same one. Two
 * instances generating at once both keep the first row written.
 */
export async function loadSealIdentity(
  db: Db,
  settings: SealSettings,
  commonName: string,
): Promise<SealIdentity> {
  if (settings) return readP12(settings.p12Path, settings.p12Password);
  const first = async (tx: Tx) =>
    (await tx.select().from(sealIdentities).orderBy(asc(sealIdentities.id)).limit(1))[0];
  let row = await first(db);
  if (!row) {
    const generated = await generateSealIdentityOffThread(commonName);
    // One generation wins: instances starting together take the row written first.
    row = await createOnce(db, ADVISORY_LOCKS.sealIdentity, first, async (tx) => {
      const [inserted] = await tx
        .insert(sealIdentities)
        .values({ ...generated, fingerprint: fingerprintOf(generated.certificatePem) })
        .returning();
      return inserted;
    });
  }
  return {
    privateKeyPem: row.privateKeyPem,
    certificatePems: [row.certificatePem],
    fingerprint: row.fingerprint,
    source: 'installation',
  };
}
