import type { SignBody, SignerView } from '@charter/domain';
import { postPublic } from '../public-post.ts';

/**
 * The signer's calls (contract: POST /api/public/sign/{token}/…). The token in the path is the only
 * credential: no cookie goes with them, so the session guard of a staff user on the same host never
 * applies, and every POST carries a JSON body (`{}` when there is nothing to say).
 */
const base = (token: string) => `/api/public/sign/${encodeURIComponent(token)}`;

/** The PDF being signed, or once sealed, the final one (UETA §8: the signer can always download it). */
export const documentUrl = (token: string) => `${base(token)}/document`;

/** Widths the server renders page images at: few of them, so the images cache well. */
export const PAGE_IMAGE_WIDTHS = [200, 400, 800, 1200, 1600] as const;

/** The rendered width that covers `cssWidth` CSS pixels on a screen of this pixel ratio. */
export function pageImageWidth(cssWidth: number, pixelRatio: number): number {
  const wanted = cssWidth * (pixelRatio || 1);
  return PAGE_IMAGE_WIDTHS.find((width) => width >= wanted) ?? PAGE_IMAGE_WIDTHS.at(-1)!;
}

export const pageImageUrl = (token: string, page: number, width: number) =>
  `${base(token)}/pages/${page}.png?width=${width}`;

const post = <T>(token: string, action: string, body: unknown = {}, signal?: AbortSignal) =>
  postPublic<T>(`${base(token)}/${action}`, body, signal);

/** What the page shows; opening marks the document Viewed. */
export const openSigning = (token: string, signal?: AbortSignal) =>
  post<SignerView>(token, 'open', {}, signal);

/** The signer agrees to the ESIGN disclosure (204). */
export const agreeToSign = (token: string) => post<undefined>(token, 'consent');

export const signDocument = (token: string, body: SignBody) => post<SignerView>(token, 'sign', body);

export const declineToSign = (token: string, reason: string) =>
  post<SignerView>(token, 'decline', { reason });
