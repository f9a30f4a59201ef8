/** A multipart/form-data body with one part per file. */
export function multipart(files: { filename: string; content: Buffer | Uint8Array }[]) {
  const boundary = `----charter${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(f.content),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
