import { type LiveEvent, liveMessage } from '@charter/domain';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/** Close codes the server sends (modules/live/live-hub.ts): the session ended; too far behind. */
const CLOSE_SESSION_ENDED = 4401;
const MAX_RETRY_MS = 30_000;

export type LiveSocketOptions = {
  /** An access token for the workspace; `fresh` asks for a new one (after the server closed with 4401). */
  token: (fresh: boolean) => Promise<string>;
  onEvent: (event: LiveEvent) => void;
  /** More was missed than the server kept: reload what the page shows. */
  onReset: () => void;
  onState: (state: LiveState) => void;
  /** The page's origin, ws: or wss: as it is served. */
  origin?: string;
};

/**
 * One workspace's live channel (spec 1): connects to /api/ws, and after any drop reconnects with
 * growing pauses and `since=` the last sequence number seen, so nothing in between is lost.
 */
export function connectLive(options: LiveSocketOptions): () => void {
  const origin = options.origin ?? window.location.origin;
  let socket: WebSocket | null = null;
  let lastSeq: number | undefined;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let freshToken = false;

  async function open() {
    if (stopped) return;
    options.onState(failures === 0 && lastSeq === undefined ? 'connecting' : 'reconnecting');
    let token: string;
    try {
      token = await options.token(freshToken);
    } catch {
      return scheduleRetry();
    }
    if (stopped) return;
    freshToken = false;
    const query = new URLSearchParams({ access_token: token });
    if (lastSeq !== undefined) query.set('since', String(lastSeq));
    const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/ws?${query}`);
    socket = ws;
    ws.onmessage = (message) => {
      let json: unknown;
      try {
        json = JSON.parse(String(message.data));
      } catch {
        return; // not ours: ignored
      }
      const parsed = liveMessage.safeParse(json);
      if (!parsed.success) return;
      const data = parsed.data;
      lastSeq = data.seq;
      if (data.kind === 'hello') {
        failures = 0;
        options.onState('live');
      } else if (data.kind === 'reset') {
        options.onReset();
      } else {
        options.onEvent(data.event);
      }
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      // A token refused before the upgrade closes as 1006, not 4401: after two tries, a new one.
      if (event.code === CLOSE_SESSION_ENDED || failures >= 2) freshToken = true;
      scheduleRetry();
    };
  }

  function scheduleRetry() {
    if (stopped || retry) return;
    options.onState('reconnecting');
    const delay = Math.min(1000 * 2 ** failures, MAX_RETRY_MS);
    failures++;
    retry = setTimeout(() => {
      retry = null;
      void open();
    }, delay);
  }

  void open();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const ws = socket;
    socket = null;
    ws?.close();
  };
}
