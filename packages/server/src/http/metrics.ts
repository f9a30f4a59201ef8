import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context.ts';
import { describeFailure } from '../db/resilience.ts';
import { notFound, unauthorized } from './errors.ts';
import type { App } from './types.ts';

/** The counters the rest of the server adds to (null when /metrics is off: nothing is counted). */
export type Metrics = {
  registry: Registry;
  mailDeliveries: Counter<'outcome'>;
};

/** Each app its own registry: tests build many apps in one process, and prom-client's default one is global. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const mailDeliveries = new Counter({
    name: 'charter_mail_deliveries_total',
    help: 'Mail delivery attempts by this process, by outcome (sent, failed; a failed one is retried)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  return { registry, mailDeliveries };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN (Bearer). Without the
 * token configured the endpoint does not exist (404). Request latency is recorded by route pattern
 * (never the raw URL, which would carry ids and link secrets), method and status class; the queue, the
 * pool and the live sockets are read when scraped. Not in the OpenAPI document: it is an operator's
 * endpoint, not part of the JSON API.
 */
export function installMetrics(app: App, ctx: AppContext, metrics: Metrics | null) {
  const token = ctx.config.metricsToken;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token || !metrics) throw notFound();
    const given = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    // Digests of equal length, so the comparison takes the same time whatever was sent.
    if (!given || !timingSafeEqual(sha256(given), sha256(token))) throw unauthorized();
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  if (!metrics) return;
  const { registry } = metrics;

  const latency = new Histogram({
    name: 'charter_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    latency.observe(
      {
        // A request no route matched is counted once, not by its (attacker-chosen) path.
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // One query per scrape fills both queue gauges (prom-client collects every metric at once). The
  // table is shared by every instance, so any instance reports the whole queue.
  let reading: Promise<void> | null = null;
  const readQueueOnce = () => {
    reading ??= readQueue().finally(() => {
      reading = null;
    });
    return reading;
  };
  const jobs = new Gauge({
    name: 'charter_jobs',
    help: 'Jobs in the queue table by status (queued, running, failed: failed for good, kept for staff)',
    labelNames: ['status'],
    registers: [registry],
    collect: readQueueOnce,
  });
  const oldest = new Gauge({
    name: 'charter_jobs_oldest_ready_age_seconds',
    help: 'How long the oldest queued job whose time has come has been waiting for a worker (0: none)',
    registers: [registry],
    collect: readQueueOnce,
  });
  async function readQueue() {
    jobs.reset();
    oldest.reset();
    try {
      const { rows } = await ctx.db.execute<{ status: string; count: number; oldest: number | null }>(sql`
        SELECT status, count(*)::int AS count,
               extract(epoch FROM now() - min(run_at) FILTER (WHERE run_at <= now()))::float8 AS oldest
        FROM jobs WHERE status IN ('queued', 'running', 'failed') GROUP BY status`);
      for (const status of ['queued', 'running', 'failed']) {
        jobs.set({ status }, rows.find((r) => r.status === status)?.count ?? 0);
      }
      oldest.set(Number(rows.find((r) => r.status === 'queued')?.oldest ?? 0));
    } catch (error) {
      // The database away: the queue's gauges are left out rather than stale.
      ctx.log.warn({ reason: describeFailure(error) }, 'metrics: the job queue could not be read');
    }
  }

  const pool = ctx.database.pool;
  if (pool) {
    new Gauge({
      name: 'charter_db_pool_connections',
      help: 'PostgreSQL pool: connections by state (total, idle) and queries waiting for one (waiting)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'charter_live_sockets',
    help: 'Live channel WebSockets open on this instance',
    registers: [registry],
    collect() {
      this.set(ctx.live.socketCount);
    },
  });
}
