/** Cabinet scenarios: a folder of many small files, and one large upload. */
const PDF_HEAD = '%PDF-1.4\n';
const PDF_TAIL = '\n%%EOF\n';

const pdf = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode(PDF_HEAD));
  bytes.set(new TextEncoder().encode(PDF_TAIL), size - PDF_TAIL.length);
  return bytes;
};

async function upload(
  base: string,
  accessToken: string,
  folder: string,
  files: { name: string; bytes: Uint8Array }[],
) {
  const form = new FormData();
  for (const file of files)
    form.append('file', new Blob([file.bytes], { type: 'application/pdf' }), file.name);
  const res = await fetch(`${base}/api/account/storage/upload?path=${encodeURIComponent(folder)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
}

/** `count` small PDFs in one folder, 100 per request. */
export async function fillFolder(base: string, accessToken: string, folder: string, count: number) {
  const small = pdf(600);
  for (let done = 0; done < count; done += 100) {
    const batch = Array.from({ length: Math.min(100, count - done) }, (_, i) => ({
      name: `Document ${String(done + i).padStart(5, '0')}.pdf`,
      bytes: small,
    }));
    await upload(base, accessToken, folder, batch);
  }
}

/** Seconds until a `megabytes` PDF upload is acknowledged (stored and recorded). */
export async function timeLargeUpload(base: string, accessToken: string, megabytes: number) {
  const bytes = pdf(megabytes * 1024 * 1024);
  const start = performance.now();
  await upload(base, accessToken, '/Bench/Large', [{ name: 'Large.pdf', bytes }]);
  return (performance.now() - start) / 1000;
}
