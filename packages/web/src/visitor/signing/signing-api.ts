import type { SignBody, SignerView } from '@charter/domain';
import { ApiError, type ApiErrorBody, NETWORK_ERROR_MESSAGE } from '../../api/api-error.ts';

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

function errorBody(text: string): ApiErrorBody {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return {};
    const { code, message } = body as Record<string, unknown>;
    return {
      code: typeof code === 'string' ? code : undefined,
      message: typeof message === 'string' ? message : undefined,
    };
  } catch {
    return {};
  }
}

async function post<T>(token: string, action: string, body: unknown = {}, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${base(token)}/${action}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, errorBody(text));
  return (text ? JSON.parse(text) : undefined) as T;
}

/** What the page shows; opening marks the document Viewed. */
export const openSigning = (token: string, signal?: AbortSignal) =>
  post<SignerView>(token, 'open', {}, signal);

/** The signer agrees to the ESIGN disclosure (204). */
export const agreeToSign = (token: string) => post<undefined>(token, 'consent');

export const signDocument = (token: string, body: SignBody) => post<SignerView>(token, 'sign', body);

export const declineToSign = (token: string, reason: string) =>
  post<SignerView>(token, 'decline', { reason });
