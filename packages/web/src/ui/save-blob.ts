/** Saves a Blob as a download named `filename`, through a short-lived object URL. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; revoking later leaves slow browsers time to read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
