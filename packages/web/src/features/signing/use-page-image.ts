import { useEffect, useState } from 'react';
import { signingApi } from './api.ts';

type PageImage = { url: string | null; failed: boolean };

/** A PNG as a data: URL: the app's CSP allows data: images, not blob: ones. */
const dataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/**
 * A page of the document as an image URL (the pages route needs the workspace token, so an <img src>
 * cannot ask for it itself), fetched once the page nears the screen. The last image stays up while a
 * sharper one loads.
 */
export function usePageImage(
  companyId: number,
  documentId: number,
  page: number,
  width: number,
  wanted: boolean,
  /** The file the page is of: when it changes (the document was sealed), the page loads again. */
  fileId: number | null,
): PageImage {
  const [image, setImage] = useState<PageImage & { width: number; fileId: number | null }>({
    url: null,
    failed: false,
    width: 0,
    fileId: null,
  });
  const stale = wanted && (image.width !== width || image.fileId !== fileId);

  useEffect(() => {
    if (!stale) return;
    let cancelled = false;
    signingApi(companyId)
      .pageImage(documentId, page, width)
      .then(dataUrl)
      .then((url) => {
        if (!cancelled) setImage({ url, failed: false, width, fileId });
      })
      .catch(() => {
        if (!cancelled) {
          setImage((previous) => ({ ...previous, failed: previous.url === null, width, fileId }));
        }
      });
    return () => {
      cancelled = true;
    };
  }, [companyId, documentId, page, width, fileId, stale]);

  return { url: image.url, failed: image.failed };
}
