import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canIsolateNetwork,
  createLibreOfficeConverter,
  findLibreOffice,
} from '../src/adapters/office/office-pdf.ts';
import { linkedDocuments } from './support/linked-documents.ts';

const soffice = findLibreOffice();
// LibreOffice takes seconds per conversion (more on a busy machine); these tests run a few.
const SLOW = 240_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Server-side request forgery through previews: a document's linked image made LibreOffice fetch a
 * loopback URL while converting. A server on loopback records what reaches it.
 */
describe.runIf(soffice)('LibreOffice conversions reach no network', () => {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    response.setHeader('content-type', 'image/png');
    response.end(PNG);
  });
  let documents: ReturnType<typeof linkedDocuments>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-office-links-'));

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    documents = linkedDocuments(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'the documents do reach out when LibreOffice converts them with its defaults',
    async () => {
      // The control: without the converter's protections the DOCX's image is fetched. (Asynchronous:
      // the server answering it runs in this process.)
      const input = path.join(dir, 'control.docx');
      fs.writeFileSync(input, documents.docx);
      const profile = pathToFileURL(path.join(dir, 'default-profile')).href;
      const args = ['--headless', '--norestore', `-env:UserInstallation=${profile}`, '--convert-to', 'pdf'];
      const child = spawn(soffice as string, [...args, '--outdir', dir, input], { stdio: 'ignore' });
      await new Promise((resolve) => child.on('close', resolve));
      expect(requests).toContain('/docx-image.png');
      requests.length = 0;
    },
    SLOW,
  );

  it(
    'with links blocked by its settings alone, still converting DOCX, ODT and RTF',
    async () => {
      const converter = createLibreOfficeConverter(soffice as string, { slots: 1, isolateNetwork: false });
      try {
        for (const [extension, bytes] of Object.entries(documents)) {
          const pdf = await converter.toPdf(bytes, extension);
          expect(pdf.subarray(0, 5).toString('latin1'), extension).toBe('%PDF-');
        }
      } finally {
        await converter.close();
      }
      expect(requests).toEqual([]);
    },
    SLOW,
  );

  it.runIf(canIsolateNetwork())(
    'in a network namespace of its own, by default',
    async () => {
      const converter = createLibreOfficeConverter(soffice as string, { slots: 1 });
      try {
        expect(converter.networkIsolated).toBe(true);
        const pdf = await converter.toPdf(documents.docx, 'docx');
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      } finally {
        await converter.close();
      }
      expect(requests).toEqual([]);
    },
    SLOW,
  );
});
