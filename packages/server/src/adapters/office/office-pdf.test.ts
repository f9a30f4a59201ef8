import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canIsolateNetwork, createLibreOfficeConverter, findLibreOffice } from './office-pdf.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-office-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A stand-in for soffice: logs when it runs, then writes (or not) a PDF where LibreOffice would. */
function fakeSoffice(name: string, body: string) {
  const file = path.join(dir, name);
  fs.writeFileSync(
    file,
    `#!/bin/sh
while [ $# -gt 1 ]; do [ "$1" = "--outdir" ] && out="$2"; shift; done
${body}
`,
    { mode: 0o755 },
  );
  return file;
}

describe('the LibreOffice converter', () => {
  it('is found on the PATH, or not at all', () => {
    const bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    expect(findLibreOffice(bin)).toBeNull();
    fs.writeFileSync(path.join(bin, 'soffice'), '#!/bin/sh\n', { mode: 0o755 });
    expect(findLibreOffice(`/nonexistent${path.delimiter}${bin}`)).toBe(path.join(bin, 'soffice'));
  });

  it('runs conversions one slot at a time and returns the PDF it wrote', async () => {
    const log = path.join(dir, 'runs.log');
    const binary = fakeSoffice(
      'slow',
      `echo start >> ${log}; sleep 0.2; printf '%%PDF-1.4 converted' > "$out/document.pdf"; echo end >> ${log}`,
    );
    const converter = createLibreOfficeConverter(binary, { slots: 1 });
    try {
      const pdfs = await Promise.all([1, 2, 3].map(() => converter.toPdf(Buffer.from('hello'), 'txt')));
      expect(pdfs.map((pdf) => pdf.toString())).toEqual(Array(3).fill('%PDF-1.4 converted'));
      // With one slot, each run ends before the next starts.
      expect(fs.readFileSync(log, 'utf8').trim().split('\n')).toEqual([
        'start',
        'end',
        'start',
        'end',
        'start',
        'end',
      ]);
    } finally {
      await converter.close();
    }
  });

  it('fails when LibreOffice writes no PDF or exits with an error, and refuses other types', async () => {
    const silent = createLibreOfficeConverter(fakeSoffice('silent', 'exit 0'));
    const broken = createLibreOfficeConverter(fakeSoffice('broken', 'echo "cannot open" >&2; exit 3'));
    try {
      await expect(silent.toPdf(Buffer.from('x'), 'docx')).rejects.toThrow('LibreOffice produced no PDF');
      await expect(broken.toPdf(Buffer.from('x'), 'docx')).rejects.toThrow('exited with 3: cannot open');
      await expect(silent.toPdf(Buffer.from('x'), 'exe')).rejects.toThrow('Cannot convert .exe');
    } finally {
      await silent.close();
      await broken.close();
    }
  });

  it.runIf(canIsolateNetwork())(
    'runs LibreOffice in a network namespace of its own, with only loopback',
    async () => {
      // /proc/self/ns/net names a process's network namespace; /proc/self/net/dev lists its interfaces.
      const seen = path.join(dir, 'network.txt');
      const binary = fakeSoffice(
        'netns',
        `readlink /proc/self/ns/net > ${seen}; cat /proc/self/net/dev >> ${seen}; printf '%%PDF-1.4' > "$out/document.pdf"`,
      );
      const mine = fs.readlinkSync('/proc/self/ns/net');
      const isolated = createLibreOfficeConverter(binary);
      const open = createLibreOfficeConverter(binary, { isolateNetwork: false });
      try {
        expect(isolated.networkIsolated).toBe(true);
        await isolated.toPdf(Buffer.from('x'), 'txt');
        const [namespace, , , ...interfaces] = fs.readFileSync(seen, 'utf8').trim().split('\n');
        expect(namespace).not.toBe(mine);
        expect(interfaces.map((line) => line.split(':')[0].trim())).toEqual(['lo']);
        await open.toPdf(Buffer.from('x'), 'txt');
        expect(fs.readFileSync(seen, 'utf8').split('\n')[0]).toBe(mine);
      } finally {
        await isolated.close();
        await open.close();
      }
    },
  );
});
