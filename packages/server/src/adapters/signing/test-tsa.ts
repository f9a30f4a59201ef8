/**
 * A timestamp authority for tests: answers RFC 3161 requests with tokens signed by a throwaway
 * certificate, over node:http on 127.0.0.1 or called directly, and can be told to answer wrongly in the
 * ways a real TSA might fail.
 */
import { createHash, createPrivateKey, webcrypto } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import {
  AlgorithmIdentifier,
  Attribute,
  Certificate,
  ContentInfo,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  MessageImprint,
  PKIStatus,
  PKIStatusInfo,
  SignedAndUnsignedAttributes,
  SignedData,
  SignerInfo,
  TimeStampReq,
  TimeStampResp,
  TSTInfo,
} from 'pkijs';
import { derOfPem, signingCertificateV2 } from './cades-signature.ts';
import { OID } from './cms-oids.ts';
import { generateSealIdentity } from './seal-identity.ts';

/** How the TSA answers: properly, or with one thing wrong. */
export type TsaBehaviour =
  | 'good'
  | 'other-imprint'
  | 'rejection'
  | 'http-500'
  | 'garbage'
  | 'other-nonce'
  | 'forged-signature';

export type TestTsa = {
  /** A TimeStampResp (DER) for a SHA-256 digest, as sealPdf's fetchTimestamp wants it. */
  respond(digest: Buffer, nonce?: asn1js.Integer): Promise<Buffer>;
  behaviour: TsaBehaviour;
  url: string;
  /** When the last token was made. */
  lastTime: Date | null;
  /** The TSA's own certificate (DER), as an operator would pin it with TSA_CERT. */
  certificateDer: Buffer;
  close(): Promise<void>;
};

export async function startTestTsa(): Promise<TestTsa> {
  const { certificatePem, privateKeyPem } = generateSealIdentity('Charter Test TSA');
  const certificateDer = derOfPem(certificatePem);
  const certificate = Certificate.fromBER(certificateDer);
  const keyDer = createPrivateKey(privateKeyPem).export({ type: 'pkcs8', format: 'der' });
  const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  const key = await webcrypto.subtle.importKey('pkcs8', keyDer, algorithm, false, ['sign']);
  let serial = 1;

  async function respond(digest: Buffer, nonce?: asn1js.Integer): Promise<Buffer> {
    if (tsa.behaviour === 'garbage') return Buffer.from('not a timestamp response');
    if (tsa.behaviour === 'rejection') {
      const status = new PKIStatusInfo({ status: PKIStatus.rejection });
      return Buffer.from(new TimeStampResp({ status }).toSchema().toBER());
    }
    const imprint =
      tsa.behaviour === 'other-imprint' ? createHash('sha256').update('other').digest() : digest;
    const genTime = new Date(Math.floor(Date.now() / 1000) * 1000);
    const tstInfo = new TSTInfo({
      version: 1,
      policy: '1.3.6.1.4.1.55555.1',
      messageImprint: new MessageImprint({
        hashAlgorithm: new AlgorithmIdentifier({ algorithmId: OID.sha256 }),
        hashedMessage: new asn1js.OctetString({ valueHex: imprint }),
      }),
      serialNumber: new asn1js.Integer({ value: serial++ }),
      genTime,
      nonce: tsa.behaviour === 'other-nonce' ? new asn1js.Integer({ value: 7 }) : nonce,
    });
    const tstInfoDer = Buffer.from(tstInfo.toSchema().toBER());
    const signedData = new SignedData({
      version: 3,
      encapContentInfo: new EncapsulatedContentInfo({
        eContentType: OID.tstInfo,
        eContent: new asn1js.OctetString({ valueHex: tstInfoDer }),
      }),
      certificates: [certificate],
      signerInfos: [
        new SignerInfo({
          version: 1,
          sid: new IssuerAndSerialNumber({
            issuer: certificate.issuer,
            serialNumber: certificate.serialNumber,
          }),
          signedAttrs: new SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new Attribute({
                type: OID.contentType,
                values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })],
              }),
              new Attribute({
                type: OID.messageDigest,
                values: [
                  new asn1js.OctetString({ valueHex: createHash('sha256').update(tstInfoDer).digest() }),
                ],
              }),
              signingCertificateV2(certificateDer),
            ],
          }),
        }),
      ],
    });
    await signedData.sign(key, 0, 'SHA-256');
    if (tsa.behaviour === 'forged-signature')
      signedData.signerInfos[0].signature.valueBlock.valueHexView[9] ^= 1;
    tsa.lastTime = genTime;
    const token = new ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
    const status = new PKIStatusInfo({ status: PKIStatus.granted });
    return Buffer.from(new TimeStampResp({ status, timeStampToken: token }).toSchema().toBER());
  }

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (tsa.behaviour === 'http-500' || request.headers['content-type'] !== 'application/timestamp-query') {
      response.writeHead(500).end();
      return;
    }
    const query = TimeStampReq.fromBER(Buffer.concat(chunks));
    const digest = Buffer.from(query.messageImprint.hashedMessage.valueBlock.valueHexView);
    const body = await respond(digest, query.nonce);
    response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const tsa: TestTsa = {
    respond,
    behaviour: 'good',
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`,
    lastTime: null,
    certificateDer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return tsa;
}
