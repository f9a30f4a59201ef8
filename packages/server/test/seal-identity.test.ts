import { createPublicKey, createSign, createVerify } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fingerprintOf,
  generateSealIdentity,
  loadSealIdentity,
  readP12,
} from '../src/adapters/signing/seal-identity.ts';
import { sealIdentities } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signs = (privateKeyPem: string, certificatePem: string) => {
  const signature = createSign('sha256').update('a document').sign(privateKeyPem);
  const publicKey = createPublicKey(
    forge.pki.publicKeyToPem(forge.pki.certificateFromPem(certificatePem).publicKey),
  );
  return createVerify('sha256').update('a document').verify(publicKey, signature);
};

/** A .p12 such as an operator would bring, holding `identity` under `password`. */
function p12File(identity: { certificatePem: string; privateKeyPem: string }, password: string) {
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(identity.privateKeyPem),
    [forge.pki.certificateFromPem(identity.certificatePem)],
    password,
    { algorithm: '3des' },
  );
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'charter-p12-')), 'seal.p12');
  fs.writeFileSync(file, Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
  return file;
}

describe('the document seal', () => {
  it("is the installation's own, generated once and shared, whoever asks first", async () => {
    const [a, b] = await Promise.all([
      loadSealIdentity(t.ctx.db, null, 'charter.example'),
      loadSealIdentity(t.ctx.db, null, 'charter.example'),
    ]);
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect((await loadSealIdentity(t.ctx.db, null, 'charter.example')).fingerprint).toBe(a.fingerprint);
    expect((await t.ctx.db.select().from(sealIdentities)).length).toBeGreaterThanOrEqual(1);
    const certificate = forge.pki.certificateFromPem(a.certificatePems[0]);
    expect(certificate.subject.getField('CN').value).toBe('charter.example');
    expect(certificate.verify(certificate)).toBe(true); // self-signed
    expect(certificate.getExtension('keyUsage')).toMatchObject({
      digitalSignature: true,
      nonRepudiation: true,
    });
    expect(signs(a.privateKeyPem, a.certificatePems[0])).toBe(true);
    expect(a.source).toBe('installation');
  });

  it("is the operator's .p12 when one is set, and a wrong password says so", () => {
    const identity = generateSealIdentity('Example LLP');
    const file = p12File(identity, 'correct password');
    const loaded = readP12(file, 'correct password');
    expect(loaded).toMatchObject({ source: 'p12', fingerprint: fingerprintOf(identity.certificatePem) });
    expect(signs(loaded.privateKeyPem, loaded.certificatePems[0])).toBe(true);
    expect(() => readP12(file, 'wrong')).toThrow(/SIGNING_P12_PASSWORD/);
  });

  it('keeps a server with an unreadable .p12 from starting', async () => {
    const file = p12File(generateSealIdentity('Example LLP'), 'secret');
    await expect(createTestApp({ signingP12: { p12Path: file, p12Password: 'nope' } })).rejects.toThrow(
      /SIGNING_P12 .* cannot be read/,
    );
  });
});
