import { NOTICE_MAX } from '@charter/domain';
export type NoticeType = 'success' | 'info' | 'warning' | 'error';

export type NoticeInput = {
  type: NoticeType;
  message: string;
  /** An error object carried for support (Copy Error); lengthens the display to 18 s. */
  error?: unknown;
  /** Overrides the spec's duration, in ms. */
  duration?: number;
};

export type Notice = NoticeInput & { id: string; created_at: number; duration: number };

export { NOTICE_MAX };
export const NOTICE_DURATIONS = { default: 7_000, alert: 15_000, withError: 18_000 } as const;

/** Messages never shown to the user (spec §8: filtered from display). */
export const HIDDEN_NOTICE_MESSAGES: readonly string[] = [
  'Missing or expired cookie session. Please login again.',
];

export function noticeDuration(input: NoticeInput): number {
  if (input.duration !== undefined) return input.duration;
  if (input.error !== undefined) return NOTICE_DURATIONS.withError;
  if (input.type === 'error' || input.type === 'warning') return NOTICE_DURATIONS.alert;
  return NOTICE_DURATIONS.default;
}

/**
 * Adds a notice to the list: a message already listed is not repeated, hidden messages are dropped, and
 * only the newest NOTICE_MAX are kept. Returns the new list and the notice added (null when none).
 */
export function addNotice(
  list: readonly Notice[],
  input: NoticeInput,
  id: string,
  now = Date.now(),
): { list: Notice[]; added: Notice | null } {
  const message = input.message.trim();
  if (!message || HIDDEN_NOTICE_MESSAGES.includes(message) || list.some((n) => n.message === message)) {
    return { list: [...list], added: null };
  }
  const added: Notice = { ...input, message, id, created_at: now, duration: noticeDuration(input) };
  return { list: [...list, added].slice(-NOTICE_MAX), added };
}

/** Text copied by Copy Error: the message plus whatever the error carries. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const extra = Object.fromEntries(Object.entries(error));
    return JSON.stringify(
      { name: error.name, message: error.message, ...extra, stack: error.stack },
      null,
      2,
    );
  }
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}
