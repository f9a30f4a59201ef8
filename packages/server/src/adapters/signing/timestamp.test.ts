import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derOfPem } from './cades-signature.ts';
import { inspectSeal } from './inspect-seal.ts';
import { sealPdf } from './pades.ts';
import type { SealIdentity } from './seal-identity.ts';
import { poppler, testIdentity } from './test-fixtures.ts';
import { startTestTsa, type TestTsa } from './test-tsa.ts';

let identity: SealIdentity;
let tsa: TestTsa;
let unsigned: Uint8Array;
const options = {
  reason: 'All parties signed',
  name: 'Charter',
  signingTime: new Date('2026-01-05T10:00:00Z'),
};

beforeAll(async () => {
  identity = testIdentity('Charter Timestamp Test Seal');
  tsa = await startTestTsa();
  const pdf = await PDFDocument.create();
  pdf.addPage();
  unsigned = await pdf.save();
});

afterAll(() => tsa?.close());

describe('sealPdf with a timestamp authority', () => {
  it('adds a token from the TSA over HTTP that covers the signature, and the seal still verifies', async () => {
    tsa.behaviour = 'good';
    const sealed = await sealPdf(unsigned, identity, { ...options, tsaUrl: tsa.url });
    const inspection = inspectSeal(sealed);
    expect(inspection).toMatchObject({ signed: true, coversWholeFile: true, digestMatches: true });
    expect(inspection).toMatchObject({ signatureValid: true, certified: true });
    expect(inspection.signed && inspection.timestamp).toEqual({ time: tsa.lastTime, valid: true });
    const report = await poppler('pdfsig', sealed);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
  });

  it('takes the TSA answer from fetchTimestamp when one is given', async () => {
    tsa.behaviour = 'good';
    const sealed = await sealPdf(unsigned, identity, {
      ...options,
      fetchTimestamp: (digest) => tsa.respond(digest),
    });
    const inspection = inspectSeal(sealed);
    expect(inspection.signed && inspection.timestamp?.valid).toBe(true);
  });

  it.each([
    ['http-500', /answered HTTP 500/],
    ['garbage', /not a TimeStampResp/],
    ['rejection', /refused \(status 2/],
    ['other-imprint', /for other data than this signature/],
    ['other-nonce', /nonce mismatch/],
    ['forged-signature', /signature does not verify/],
  ] as const)('fails, never inventing a time, when the TSA answers with %s', async (behaviour, message) => {
    tsa.behaviour = behaviour;
    await expect(sealPdf(unsigned, identity, { ...options, tsaUrl: tsa.url })).rejects.toThrow(message);
  });

  it('takes only tokens of the pinned TSA when TSA_CERT pins one', async () => {
    tsa.behaviour = 'good';
    const pinned = await sealPdf(unsigned, identity, {
      ...options,
      tsaUrl: tsa.url,
      tsaCertificate: tsa.certificateDer,
    });
    expect(inspectSeal(pinned)).toMatchObject({ signed: true, timestamp: { valid: true } });
    // Another TSA's answer verifies on its own certificate, but it is not the one the operator trusts.
    const other = derOfPem(testIdentity('Some Other TSA').certificatePems[0]);
    await expect(
      sealPdf(unsigned, identity, { ...options, tsaUrl: tsa.url, tsaCertificate: other }),
    ).rejects.toThrow(/not signed by the pinned timestamp authority/);
  });

  it('fails when an injected answer is for other data', async () => {
    tsa.behaviour = 'other-imprint';
    const fetchTimestamp = (digest: Buffer) => tsa.respond(digest);
    await expect(sealPdf(unsigned, identity, { ...options, fetchTimestamp })).rejects.toThrow(/other data/);
  });

  it('fails when the TSA cannot be reached', async () => {
    // A port that was just free: nothing listens on it.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const tsaUrl = `http://127.0.0.1:${port}/tsa`;
    await expect(sealPdf(unsigned, identity, { ...options, tsaUrl })).rejects.toThrow(/did not answer/);
  });
});
