import type {
  GuestRoomFormView,
  GuestRoomView,
  RoomChallengeView,
  RoomFileLinkView,
  RoomHistoryBody,
  RoomNdaStartView,
  RoomSessionView,
} from '@charter/domain';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../api/api-error.ts';

/**
 * A room visitor's calls (contract: /api/guest/rooms/{code}/…). Who is asking travels in headers: the
 * room session a personal link gave (kept per room), and this browser's random visitor key; a user signed
 * in on this host is recognised by the server from the session cookie.
 */
const SESSION_KEY = (code: string) => `charter.room-session.${code}`;
const VISITOR_KEY = 'charter.room-visitor-key';

function visitorKey(): string {
  let key = localStorage.getItem(VISITOR_KEY);
  if (!key) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    key = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    localStorage.setItem(VISITOR_KEY, key);
  }
  return key;
}

export const saveRoomSession = (code: string, session: RoomSessionView) =>
  localStorage.setItem(SESSION_KEY(code), session.session);

function headers(code: string): Record<string, string> {
  const session = localStorage.getItem(SESSION_KEY(code));
  return {
    accept: 'application/json',
    'x-room-visitor-key': visitorKey(),
    ...(session ? { 'x-room-session': session } : {}),
  };
}

async function request<T>(code: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/guest/rooms/${encodeURIComponent(code)}${path}`, {
      method,
      headers: body === undefined ? headers(code) : { ...headers(code), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }
  const text = await response.text();
  if (!response.ok) {
    let parsed: { code?: string; message?: string } = {};
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the status says what happened.
    }
    throw new ApiError(response.status, parsed);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The room; `visit` on the page's first load counts a visit (polls do not). */
export const fetchRoom = (code: string, visit: boolean) =>
  request<GuestRoomView>(code, 'GET', visit ? '?visit=1' : '');

export const redeemInvite = (code: string, id: number | string, secret: string) =>
  request<RoomSessionView>(code, 'POST', '/redeem', { id, code: secret });

export const recordRoomHistory = (code: string, entry: RoomHistoryBody) =>
  request<undefined>(code, 'POST', '/history', entry);

/** Starts (or resumes) signing the room's NDA: go to `url`, or wait for the seal. */
export const startNda = (code: string) => request<RoomNdaStartView>(code, 'POST', '/nda');

/** The room's open outside forms (its Connected Form tab). */
export const fetchRoomForms = (code: string) =>
  request<{ forms: GuestRoomFormView[] }>(code, 'GET', '/forms').then((list) => list.forms);

export const fileLink = (code: string, fileId: number) =>
  request<RoomFileLinkView>(code, 'GET', `/file/${fileId}/token`);

/** Mails an 8-character code proving this email; the receipt stays in this tab to poll the status. */
export async function requestVerification(code: string, email: string) {
  const challenge = await request<RoomChallengeView>(code, 'POST', '/challenge', { email });
  sessionStorage.setItem(`charter.room-challenge.${challenge.id}`, challenge.receipt);
  return challenge;
}

export const verifyCode = (code: string, id: string, secret: string) =>
  request<RoomSessionView>(code, 'POST', `/challenge/${encodeURIComponent(id)}`, { code: secret });

/** The challenge's status (pending, verified, expired), when this tab asked for it; null otherwise. */
export async function challengeStatus(id: string): Promise<string | null> {
  const receipt = sessionStorage.getItem(`charter.room-challenge.${id}`);
  if (!receipt) return null;
  const response = await fetch(
    `/api/authn/challenge/${encodeURIComponent(id)}?receipt=${encodeURIComponent(receipt)}`,
    { credentials: 'omit' },
  );
  if (!response.ok) return null;
  return ((await response.json()) as { status: string }).status;
}
