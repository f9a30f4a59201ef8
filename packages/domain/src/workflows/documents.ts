/** Spec 2 §2 and §9: documents lists start at 5 rows and page by length/5, at least 25, at most 200. */
export const DOCUMENTS_INITIAL_ROWS = 5;
export const DOCUMENTS_PAGE_MIN = 25;
export const DOCUMENTS_PAGE_MAX = 200;

export const documentsPageStep = (length: number) =>
  Math.min(DOCUMENTS_PAGE_MAX, Math.max(DOCUMENTS_PAGE_MIN, Math.floor(length / 5)));

/** How many rows show after one more "Show more". */
export const showMoreRows = (shown: number, length: number) =>
  Math.min(length, shown + documentsPageStep(length));
