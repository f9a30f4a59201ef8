import WebSocket from 'ws';
import { MAX_SOCKETS_PER_SESSION } from '../packages/server/src/modules/live/live-hub.ts';
import type { Scenario } from './scenario.ts';

export type LiveFanOut = {
  sockets: number;
  /** From the finalize request to the first socket's event: the job, the document and the commit. */
  firstMs: number;
  /** How long after the first socket the others had it: the channel's own delivery, p50 and p99. */
  spreadP50Ms: number;
  spreadP99Ms: number;
  received: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** A socket on the live channel, resolved at the server's hello; refused or closed before it, an error. */
function openSocket(
  url: string,
  localAddress: string,
  onEvent: (event: { type?: string; transaction_id?: number }) => void,
) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(url, { localAddress });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('live socket: no hello within 60 s'));
    }, 60_000);
    ws.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    ws.on('close', (code, reason) => {
      clearTimeout(timer);
      reject(new Error(`live socket closed before its hello: ${code} ${reason}`));
    });
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.kind === 'hello') {
        clearTimeout(timer);
        resolve(ws);
      }
      if (message.event) onEvent(message.event);
    });
  });
}

/**
 * `count` sockets of one workspace on the live channel, as that many tabs of several people: one sign-in
 * (a session of its own) per MAX_SOCKETS_PER_SESSION sockets, the server's cap for one browser's tabs,
 * each from an address of its own on loopback (127.0.0.2, .3, …), as each person's browser is: the
 * channel also limits how many sockets one address opens a minute. A one-question workflow is finalized,
 * and each socket's arrival of its refresh_timeline event is timed. The server is on 127.0.0.1.
 */
export async function timeLiveFanOut(
  base: string,
  scenario: Scenario,
  templateId: string,
  count: number,
): Promise<LiveFanOut> {
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${scenario.accessToken}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ transactions: { id: number }[] }>;
  };
  const project = await call('POST', `/api/account/project_template/${templateId}/create`, {});
  const transactionId = project.transactions[0].id;
  await call('PUT', `/api/account/transaction/${transactionId}`, { validated_questionnaire: 1 });

  const arrivals: number[] = [];
  const onEvent = (event: { type?: string; transaction_id?: number }) => {
    if (event.type === 'refresh_timeline' && event.transaction_id === transactionId) {
      arrivals.push(performance.now());
    }
  };
  const sessions = Math.ceil(count / MAX_SOCKETS_PER_SESSION);
  const tokens: string[] = [];
  for (let i = 0; i < sessions; i++) tokens.push(await scenario.newSession());
  const sockets = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const session = Math.floor(i / MAX_SOCKETS_PER_SESSION);
      const url = `${base.replace('http', 'ws')}/api/ws?access_token=${tokens[session]}`;
      return openSocket(url, `127.0.0.${2 + session}`, onEvent);
    }),
  );
  const started = performance.now();
  await call('POST', `/api/account/transaction/${transactionId}/finalize`, {
    finalize_snapshot: {},
    auto_send: 0,
    redline_enabled: 0,
  });
  const deadline = Date.now() + 30_000;
  while (arrivals.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  for (const ws of sockets) ws.close();
  const sorted = [...arrivals].sort((a, b) => a - b);
  const spread = sorted.map((t) => t - sorted[0]);
  return {
    sockets: count,
    firstMs: Math.round(sorted[0] - started),
    spreadP50Ms: Math.round(percentile(spread, 50)),
    spreadP99Ms: Math.round(percentile(spread, 99)),
    received: arrivals.length,
  };
}
