import WebSocket from 'ws';

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

/**
 * `count` sockets of one workspace on the live channel; a one-question workflow is finalized, and each
 * socket's arrival of its refresh_timeline event is timed.
 */
export async function timeLiveFanOut(
  base: string,
  accessToken: string,
  templateId: string,
  count: number,
): Promise<LiveFanOut> {
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ transactions: { id: number }[] }>;
  };
  const project = await call('POST', `/api/account/project_template/${templateId}/create`, {});
  const transactionId = project.transactions[0].id;
  await call('PUT', `/api/account/transaction/${transactionId}`, { validated_questionnaire: 1 });

  const arrivals: number[] = [];
  const url = `${base.replace('http', 'ws')}/api/ws?access_token=${accessToken}`;
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url);
          ws.on('error', reject);
          ws.on('message', (data) => {
            const message = JSON.parse(String(data));
            if (message.kind === 'hello') resolve(ws);
            const event = message.event;
            if (event?.type === 'refresh_timeline' && event.transaction_id === transactionId) {
              arrivals.push(performance.now());
            }
          });
        }),
    ),
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
