import fs from 'node:fs';
import path from 'node:path';
import { SIGNING_LINK_DAYS } from '@charter/domain';
import { findLibreOffice } from './adapters/office/office-pdf.ts';
import { derOfPem } from './adapters/signing/cades-signature.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * DATABASE_LISTEN_URL: a direct connection for LISTEN and migrations when DATABASE_URL goes through a transaction pooler
   * (PgBouncer), which cannot hold a LISTEN; DATABASE_URL when null.
   */
  databaseListenUrl: string | null;
  /** How long opening a PostgreSQL connection may take before the request answers 503. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL's statement_timeout for the server's queries (migrations have none). */
  databaseStatementTimeoutMs: number;
  /**
   * How long the server waits for any answer to a query before giving up on its connection (a server that
   * hangs without answering, which statement_timeout cannot end); 0 turns it off.
   */
  databaseQueryTimeoutMs: number;
  smtpUrl: string | null;
  publicUrl: string;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /** OIDC_ALLOW_LOOPBACK=true: partners may configure a plain-http issuer on this machine (tests only). */
  oidcAllowLoopback: boolean;
  seedDemo: boolean;
  /** Serve the built web app from this folder when it exists. */
  webDist: string | null;
  logLevel: string;
  /**
   * Check every answer against its declared zod schema as well as writing it by that schema
   * (CHECK_RESPONSES=true): on in the test suites, where a broken contract must fail the test.
   */
  checkResponses: boolean;
  /** Requests per minute allowed on each authentication route, per client address. */
  authRateLimit: number;
  /** Password attempts allowed per email address in 15 minutes, from any number of addresses. */
  authEmailAttempts: number;
  /** Secure cookies; off only for plain-http local development and tests. */
  secureCookies: boolean;
  trustProxy: boolean;
  /** Background job polling; tests may turn the worker off and drain by hand. */
  runWorker: boolean;
  /** More workflow templates loaded at start beside the shipped library (a firm's own, or a bench's). */
  extraTemplatesDir: string | null;
  /** Largest file accepted by an upload, in bytes. */
  uploadMaxBytes: number;
  /** The operator's document seal (SIGNING_P12, SIGNING_P12_PASSWORD); null seals with the installation's own. */
  signingP12: { p12Path: string; p12Password: string } | null;
  /** How many days a signing link stays valid (SIGNING_LINK_DAYS, default 30). */
  signingLinkDays: number;
  /** An RFC 3161 time-stamping authority for seals (TSA_URL); none when null. */
  tsaUrl: string | null;
  /** LINK_SECRET: the key room and outside-form codes are derived under; else one kept in app_secrets. */
  linkSecret: string | null;
  /** The TSA's certificate or its issuing CA (DER of the PEM file TSA_CERT): timestamps must come from it. */
  tsaCertificate: Buffer | null;
  /** LibreOffice's soffice, for previews of office files as PDF; null when none is installed. */
  libreOffice: string | null;
  /** STRIPE_SECRET_KEY: bill through Stripe; without it the offline `test` payment provider (test mode). */
  stripeSecretKey: string | null;
  /**
   * TEST_WEBHOOK_SECRET: the secret the `test` provider's webhooks are signed with (HMAC-SHA256, Stripe's
   * `t=…,v1=…` scheme; signTestWebhook in adapters/payments/test-provider.ts). Unset: every test webhook is
   * refused. Only for local runs and tests: it lets POST /api/public/billing/webhook/test be exercised.
   */
  testWebhookSecret: string | null;
  /** METRICS_TOKEN: the Bearer token GET /metrics asks for; unset, the endpoint answers 404. */
  metricsToken: string | null;
  /** File storage in an S3 bucket (S3_BUCKET); null keeps files on disk under DATA_DIR/files. */
  s3: {
    endpoint: string | null;
    region: string;
    bucket: string;
    /** S3_PREFIX: this installation's part of the bucket ('' for all of it); each installation sweeps its own. */
    prefix: string;
    accessKeyId: string;
    secretAccessKey: string;
  } | null;
  /**
   * The rest of Stripe's settings (used when stripeSecretKey is set): STRIPE_PUBLISHABLE_KEY is Stripe.js's
   * key in the browser, STRIPE_WEBHOOK_SECRET checks webhook signatures (webhooks are refused without it),
   * STRIPE_API_BASE points the SDK at another host (the tests' stand-in).
   */
  stripe: {
    publishableKey: string | null;
    webhookSecret: string | null;
    apiBase: string | null;
  };
};

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 3000);
  // Relative to where npm was run (npm start runs the server from its package folder).
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? './data');
  const statementTimeoutMs = Number(env.DATABASE_STATEMENT_TIMEOUT_MS ?? 30_000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          issuer: env.OIDC_ISSUER ?? 'https://accounts.google.com',
        }
      : null;
  const s3 = env.S3_BUCKET
    ? {
        endpoint: env.S3_ENDPOINT || null,
        region: env.S3_REGION || 'us-east-1',
        bucket: env.S3_BUCKET,
        prefix: env.S3_PREFIX ?? '',
        accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      }
    : null;
  const stripe = {
    publishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    apiBase: env.STRIPE_API_BASE || null,
  };
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    databaseListenUrl: env.DATABASE_LISTEN_URL || null,
    databaseConnectTimeoutMs: Number(env.DATABASE_CONNECT_TIMEOUT_MS ?? 5000),
    databaseStatementTimeoutMs: statementTimeoutMs,
    // Past the statement timeout by default, so a server that answers cancels its own statement first.
    databaseQueryTimeoutMs: Number(
      env.DATABASE_QUERY_TIMEOUT_MS ?? (statementTimeoutMs > 0 ? statementTimeoutMs + 5000 : 0),
    ),
    smtpUrl: env.SMTP_URL || null,
    publicUrl,
    mailFrom: env.MAIL_FROM ?? 'Charter <no-reply@charter.local>',
    google,
    oidcAllowLoopback: env.OIDC_ALLOW_LOOPBACK === 'true',
    seedDemo: env.SEED_DEMO !== 'false',
    webDist:
      env.WEB_DIST === '' ? null : (env.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    checkResponses: env.CHECK_RESPONSES === 'true',
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 30),
    authEmailAttempts: Number(env.AUTH_EMAIL_ATTEMPTS ?? 10),
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: env.TRUST_PROXY === 'true',
    runWorker: true,
    uploadMaxBytes: Number(env.UPLOAD_MAX_MB ?? 100) * 1024 * 1024,
    extraTemplatesDir: env.TEMPLATES_DIR
      ? path.resolve(env.INIT_CWD ?? process.cwd(), env.TEMPLATES_DIR)
      : null,
    s3,
    stripe,
    signingP12: env.SIGNING_P12
      ? {
          p12Path: path.resolve(env.INIT_CWD ?? process.cwd(), env.SIGNING_P12),
          p12Password: env.SIGNING_P12_PASSWORD ?? '',
        }
      : null,
    signingLinkDays: Number(env.SIGNING_LINK_DAYS ?? SIGNING_LINK_DAYS),
    tsaUrl: env.TSA_URL || null,
    linkSecret: env.LINK_SECRET || null,
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    testWebhookSecret: env.TEST_WEBHOOK_SECRET || null,
    metricsToken: env.METRICS_TOKEN || null,
    tsaCertificate: env.TSA_CERT
      ? derOfPem(fs.readFileSync(path.resolve(env.INIT_CWD ?? process.cwd(), env.TSA_CERT), 'utf8'))
      : null,
    // LIBREOFFICE_PATH='' turns previews of office files off; unset looks for soffice on the PATH.
    libreOffice:
      env.LIBREOFFICE_PATH === undefined ? findLibreOffice(env.PATH) : env.LIBREOFFICE_PATH || null,
    ...overrides,
  };
}
