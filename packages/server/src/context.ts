import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './adapters/mail/mailer.ts';
import type { OfficeConverter } from './adapters/office/office-pdf.ts';
import type { Payments } from './adapters/payments/index.ts';
import type { Storage } from './adapters/storage/storage.ts';
import type { TokenService } from './adapters/tokens.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Maintenance } from './db/maintenance.ts';
import type { AuthCaches } from './http/authenticate.ts';
import type { Counters } from './http/counters.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { LiveHub } from './modules/live/live-hub.ts';

/** Everything a route or an operation may use, built once by buildApp. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  jobs: JobQueue;
  mailer: Mailer;
  storage: Storage;
  /** The embedded database's vacuum schedule (null on PostgreSQL, which has autovacuum). */
  maintenance: Maintenance | null;
  /** Office documents to PDF for previews; null when LibreOffice is not installed. */
  office: OfficeConverter | null;
  log: FastifyBaseLogger;
  authCaches: AuthCaches;
  /** The payment providers (adapters/payments): `test` unless STRIPE_SECRET_KEY is set. */
  payments: Payments;
  /** Rate limits and attempt budgets: in the database on PostgreSQL, shared by every instance. */
  counters: Counters;
  /** The live channel's sockets on this instance (modules/live). */
  live: LiveHub;
};
