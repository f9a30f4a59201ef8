/**
 * What the signing tests share: a seal identity made the way an installation makes one, a small PNG
 * written by hand (no image library needed), and a certificate's worth of signing details.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import type { CertificateInfo } from './certificate-page.ts';
import { fingerprintOf, generateSealIdentity, type SealIdentity } from './seal-identity.ts';

export function testIdentity(commonName: string): SealIdentity {
  const { certificatePem, privateKeyPem } = generateSealIdentity(commonName);
  return {
    privateKeyPem,
    certificatePems: [certificatePem],
    fingerprint: fingerprintOf(certificatePem),
    source: 'installation',
  };
}

/** An RGBA PNG of `width` x `height` whose pixels `ink(x, y)` says are dark blue (else transparent). */
export function testPng(width: number, height: number, ink: (x: number, y: number) => boolean): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter, no interlace
  const rows = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (ink(x, y)) rows.set([20, 40, 115, 255], y * (1 + width * 4) + 1 + x * 4);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A wavy stroke across a 300 x 100 picture: a drawn signature's shape. */
export const signaturePng = () => testPng(300, 100, (x, y) => Math.abs(y - (50 + 30 * Math.sin(x / 20))) < 3);

export const ZOE = 'Zoë Dvořák-Łukasiewicz';
export const WANG = '王小明';

/** Signing details for two signers (one Latin with diacritics, one Chinese) and `events` history entries. */
export function testCertificateInfo(events: number): CertificateInfo {
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 9, minutes));
  const hash = (n: number) => createHash('sha256').update(`entry ${n}`).digest('hex');
  return {
    title: 'Founder Stock Purchase Agreement',
    documentId: 4217,
    originalSha256: 'a'.repeat(8) + '0123456789abcdef'.repeat(3) + 'b'.repeat(8),
    signedSha256: 'c'.repeat(8) + 'fedcba9876543210'.repeat(3) + 'd'.repeat(8),
    sealFingerprint: Array.from({ length: 32 }, (_, i) => (i * 7 + 16).toString(16).toUpperCase()).join(':'),
    signers: [
      {
        name: ZOE,
        email: 'zoe@example.test',
        role: 'Founder',
        ip: '203.0.113.7',
        userAgent:
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
        consentedAt: at(1),
        viewedAt: at(2),
        signedAt: at(3),
      },
      {
        name: WANG,
        email: 'wang@example.test',
        role: 'Investor',
        ip: '2001:db8::42',
        userAgent: null,
        consentedAt: at(4),
        viewedAt: at(5),
        signedAt: null,
      },
    ],
    events: Array.from({ length: events }, (_, i) => ({
      at: at(i),
      kind: ['document.sent', 'signer.viewed', 'signer.signed'][i % 3],
      who: i % 2 ? ZOE : WANG,
      ip: i % 2 ? '203.0.113.7' : null,
      hash: hash(i),
    })),
    lastHash: hash(events - 1),
  };
}

const run = promisify(execFile);

/** Runs a poppler tool on PDF bytes (written to a temporary file) and returns what it printed. */
export async function poppler(tool: 'pdfsig' | 'pdftotext', pdf: Uint8Array, args: string[] = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-seal-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    const output = tool === 'pdftotext' ? ['-enc', 'UTF-8', ...args, file, '-'] : [...args, file];
    const { stdout, stderr } = await run(`/usr/bin/${tool}`, output).catch((error) => error);
    return `${stdout ?? ''}${stderr ?? ''}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
