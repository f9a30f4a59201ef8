import autocannon from 'autocannon';
import type { BenchOptions } from './options.ts';

export type Row = {
  name: string;
  reqPerSec: number;
  /** Requests answered in all. */
  requests: number;
  p50: number;
  p99: number;
  /** Bytes read per response, headers included: shows what compression saves. */
  bytes: number;
  /** Failed requests, timeouts included (autocannon counts a timeout as an error too). */
  errors: number;
  timeouts: number;
  non2xx: number;
};

export const CONNECTIONS = 100;
/** What every browser sends: the API may answer compressed, as it would to the web app. */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * autocannon on one route for `seconds`, CONNECTIONS at once unless `request` names another number (either
 * scaled down in the quick run: BenchOptions.connections).
 */
export async function measure(
  name: string,
  { seconds, timeoutSeconds, connections }: Pick<BenchOptions, 'seconds' | 'timeoutSeconds' | 'connections'>,
  request: autocannon.Options,
): Promise<Row> {
  const result = await autocannon({
    duration: seconds,
    timeout: timeoutSeconds,
    ...request,
    connections: connections(request.connections ?? CONNECTIONS),
  });
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.total / Math.max(result.requests.total, 1)),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** What went wrong in a row, or null: any error, timeout or answer outside 2xx fails the bench. */
export function rowFailure(row: {
  name: string;
  errors: number;
  timeouts?: number;
  non2xx: number;
  requests: number;
}): string | null {
  if (row.errors === 0 && row.non2xx === 0 && row.requests > 0) return null;
  if (row.errors === 0 && row.non2xx === 0) return `${row.name}: no request was answered`;
  return `${row.name}: ${row.errors} errors (${row.timeouts ?? 0} timeouts), ${row.non2xx} answers outside 2xx`;
}
