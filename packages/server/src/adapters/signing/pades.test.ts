import { createHash, generateKeyPairSync } from 'node:crypto';
import * as asn1js from 'asn1js';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, StandardFonts } from 'pdf-lib';
import { ContentInfo, SignedData } from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { derOfPem } from './cades-signature.ts';
import { appendCertificatePages } from './certificate-page.ts';
import { OID } from './cms-oids.ts';
import { inspectSeal } from './inspect-seal.ts';
import { sealPdf } from './pades.ts';
import type { SealIdentity } from './seal-identity.ts';
import { lastSignature } from './signature-bytes.ts';
import { stampFields } from './stamp-fields.ts';
import { poppler, signaturePng, testCertificateInfo, testIdentity, WANG, ZOE } from './test-fixtures.ts';

const SEAL_NAME = 'Charter Test Seal';
const signingTime = new Date('2026-01-05T10:11:12Z');
let identity: SealIdentity;
let original: Uint8Array;
let sealed: Uint8Array;
let info: ReturnType<typeof testCertificateInfo>;

/** The whole finishing job: stamp what the signers filled in, hash, add the certificate, seal. */
beforeAll(async () => {
  identity = testIdentity(SEAL_NAME);
  const source = await PDFDocument.create();
  source.setTitle('Founder Stock Purchase Agreement');
  const font = await source.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) {
    source.addPage([612, 792]).drawText(`Section ${n}`, { x: 72, y: 700, size: 12, font });
  }
  original = await source.save();
  const pdf = await PDFDocument.load(original);
  await stampFields(pdf, [
    { kind: 'signature', page: 2, x: 72, y: 500, width: 200, height: 60, value: null, image: signaturePng() },
    { kind: 'signature', page: 2, x: 320, y: 500, width: 200, height: 60, value: WANG, image: null },
    { kind: 'name', page: 2, x: 72, y: 570, width: 200, height: 18, value: ZOE, image: null },
    { kind: 'date', page: 2, x: 320, y: 570, width: 200, height: 18, value: '01/05/2026', image: null },
    { kind: 'checkbox', page: 1, x: 72, y: 300, width: 12, height: 12, value: 'true', image: null },
  ]);
  const signedSha256 = createHash('sha256')
    .update(await pdf.save())
    .digest('hex');
  info = {
    ...testCertificateInfo(12),
    originalSha256: createHash('sha256').update(original).digest('hex'),
    signedSha256,
    sealFingerprint: identity.fingerprint,
  };
  await appendCertificatePages(pdf, info);
  sealed = await sealPdf(await pdf.save(), identity, {
    reason: 'All parties signed',
    name: 'Charter',
    signingTime,
  });
});

/** The seal's CMS SignedData, read back from /Contents. */
function signedDataOf(pdf: Uint8Array) {
  const found = lastSignature(pdf);
  if (!found) throw new Error('no signature');
  return new SignedData({ schema: ContentInfo.fromBER(found.contents).content });
}

describe('sealPdf', () => {
  it('seals the whole file with a signature poppler verifies', async () => {
    const report = await poppler('pdfsig', sealed);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    expect(report).toContain(`Signer Certificate Common Name: ${SEAL_NAME}`);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
  });

  it('certifies the document: /Perms names the signature, whose DocMDP reference permits no change', async () => {
    const pdf = await PDFDocument.load(sealed);
    const perms = pdf.catalog.lookup(PDFName.of('Perms'), PDFDict);
    const signature = perms.lookup(PDFName.of('DocMDP'), PDFDict);
    expect(signature.get(PDFName.of('SubFilter'))).toBe(PDFName.of('ETSI.CAdES.detached'));
    expect(signature.get(PDFName.of('Filter'))).toBe(PDFName.of('Adobe.PPKLite'));
    const reference = signature.lookup(PDFName.of('Reference'), PDFArray).lookup(0, PDFDict);
    expect(reference.get(PDFName.of('TransformMethod'))).toBe(PDFName.of('DocMDP'));
    const params = reference.lookup(PDFName.of('TransformParams'), PDFDict);
    expect(params.lookup(PDFName.of('P'), PDFNumber).asNumber()).toBe(1);
    expect(params.get(PDFName.of('V'))).toBe(PDFName.of('1.2'));
    const acroForm = pdf.catalog.lookup(PDFName.of('AcroForm'), PDFDict);
    expect(acroForm.lookup(PDFName.of('SigFlags'), PDFNumber).asNumber()).toBe(3);
  });

  it('signs content-type, message-digest and signing-certificate-v2, and no signing-time (PAdES)', () => {
    const signedData = signedDataOf(sealed);
    const [signer] = signedData.signerInfos;
    const types = signer.signedAttrs?.attributes.map((attribute) => attribute.type);
    expect(types?.sort()).toEqual([OID.contentType, OID.messageDigest, OID.signingCertificateV2].sort());
    expect(types).not.toContain(OID.signingTime);
    expect(signer.digestAlgorithm.algorithmId).toBe(OID.sha256);
    // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 { certHash OCTET STRING } }
    const attribute = signer.signedAttrs?.attributes.find((a) => a.type === OID.signingCertificateV2);
    const parsed = asn1js.fromBER((attribute!.values[0] as asn1js.Sequence).toBER());
    const essCertId = ((parsed.result as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence).valueBlock
      .value[0] as asn1js.Sequence;
    const certHash = essCertId.valueBlock.value[0] as asn1js.OctetString;
    const expected = createHash('sha256').update(derOfPem(identity.certificatePems[0])).digest();
    expect(Buffer.from(certHash.valueBlock.valueHexView)).toEqual(expected);
    expect(signedData.certificates).toHaveLength(identity.certificatePems.length);
    expect(signer.unsignedAttrs).toBeUndefined();
  });

  it('keeps the claimed time in /M and the stamped, certified pages readable', async () => {
    const { dictionary } = lastSignature(sealed)!;
    expect(dictionary).toContain('/M (D:20260105101112Z)');
    const text = await poppler('pdftotext', sealed);
    for (const expected of [
      ZOE,
      WANG,
      info.originalSha256,
      info.signedSha256,
      identity.fingerprint,
      info.lastHash,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Signing certificate');
    expect(text).toContain('Section 3');
  });

  it('refuses an identity whose certificate is not for its key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const mismatched = {
      ...identity,
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    await expect(sealPdf(original, mismatched, { reason: 'x', name: 'x', signingTime })).rejects.toThrow(
      /not for its private key/,
    );
  });
});

describe('inspectSeal', () => {
  it('reports a sound seal, its certificate fingerprint and its time', () => {
    expect(inspectSeal(sealed)).toEqual({
      signed: true,
      coversWholeFile: true,
      digestMatches: true,
      signatureValid: true,
      certificateFingerprint: identity.fingerprint,
      signingTime,
      certified: true,
      timestamp: null,
    });
  });

  it('says an unsigned PDF is not signed', () => {
    expect(inspectSeal(original)).toEqual({ signed: false });
  });

  it('catches one byte changed inside the signed range, as poppler does', async () => {
    const tampered = Buffer.from(sealed);
    const stream = tampered.indexOf('stream\n', 0, 'latin1') + 'stream\n'.length;
    tampered[stream + 5] ^= 0x01;
    expect(inspectSeal(tampered)).toMatchObject({
      signed: true,
      coversWholeFile: true,
      digestMatches: false,
    });
    const report = await poppler('pdfsig', tampered);
    expect(report).not.toContain('Signature is Valid');
    expect(report).toContain('Digest Mismatch');
  });

  it('notices bytes added after the seal', async () => {
    const extended = Buffer.concat([sealed, Buffer.from('\n% added after sealing\n')]);
    expect(inspectSeal(extended)).toMatchObject({
      coversWholeFile: false,
      digestMatches: true,
      signatureValid: true,
    });
    expect(await poppler('pdfsig', extended)).toContain('Not total document signed');
  });

  it('finds the signature invalid when its value in /Contents is changed', () => {
    const [signer] = signedDataOf(sealed).signerInfos;
    const value = Buffer.from(signer.signature.valueBlock.valueHexView).toString('hex').toUpperCase();
    const forged = Buffer.from(sealed);
    const at = forged.indexOf(value, 0, 'latin1') + 100;
    forged[at] = forged[at] === 0x30 ? 0x31 : 0x30;
    expect(inspectSeal(forged)).toMatchObject({ digestMatches: true, signatureValid: false });
  });
});
