import { useEffect, useSyncExternalStore } from 'react';

// The title of the page shown, for the brand to compose into the tab's title ('Documents · Charter').
let pageTitle: string | null = null;
const listeners = new Set<() => void>();

function setPageTitle(title: string | null) {
  pageTitle = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the page in the browser tab while it is shown. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    setPageTitle(title);
    return () => setPageTitle(null);
  }, [title]);
}

/** 'Documents · Charter' while a page names itself, else the brand's own title. */
export const documentTitle = (page: string | null, displayName: string, brandTitle: string) =>
  page ? `${page} · ${displayName}` : brandTitle;

/** Keeps document.title in step with the page shown and the brand (BrandProvider uses it). */
export function useDocumentTitle(displayName: string, brandTitle: string) {
  const page = useSyncExternalStore(subscribe, () => pageTitle);
  useEffect(() => {
    document.title = documentTitle(page, displayName, brandTitle);
  }, [page, displayName, brandTitle]);
}
