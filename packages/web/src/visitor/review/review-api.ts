import type { ReviewerPageView, SuggestBody } from '@charter/domain';
import { postPublic } from '../public-post.ts';

/**
 * The reviewer's calls (contract: POST /api/public/review/{token}/…). The token in the path is the only
 * credential: no cookie goes with them.
 */
const base = (token: string) => `/api/public/review/${encodeURIComponent(token)}`;

const post = <T>(token: string, action: string, body: unknown = {}) =>
  postPublic<T>(`${base(token)}/${action}`, body);

export const openReview = (token: string) => post<ReviewerPageView>(token, 'open');
export const suggest = (token: string, body: SuggestBody) =>
  post<ReviewerPageView>(token, 'suggestions', body);
export const withdraw = (token: string, id: number) =>
  post<ReviewerPageView>(token, `suggestions/${id}/withdraw`);

/** The offsets of the selection inside `container`, whose only content is the text itself. */
export function selectionIn(container: HTMLElement | null, text: string) {
  const selection = window.getSelection();
  if (!container || !selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) return null;
  const before = document.createRange();
  before.selectNodeContents(container);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  const end = start + range.toString().length;
  if (end <= start) return null;
  return { start, end, quote: text.slice(start, end) };
}
