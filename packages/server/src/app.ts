import path from 'node:path';
import { healthView } from '@charter/domain';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMailer } from './adapters/mail/mailer.ts';
import { createLibreOfficeConverter } from './adapters/office/office-pdf.ts';
import { createPayments } from './adapters/payments/index.ts';
import { createStripeProvider } from './adapters/payments/stripe-provider.ts';
import { readP12 } from './adapters/signing/seal-identity.ts';
import { createStorage } from './adapters/storage/create-storage.ts';
import { createTokenService } from './adapters/tokens.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/client.ts';
import { startMaintenance } from './db/maintenance.ts';
import { startPgChannel } from './db/pg-channel.ts';
import { createAuthCaches } from './http/authenticate.ts';
import { compressAnswers } from './http/compression.ts';
import { databaseCounters, memoryCounters } from './http/counters.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { unauthorized } from './http/errors.ts';
import { answerClientError, answerFrameworkError, shuttingDown } from './http/framework-errors.ts';
import { logSerializers } from './http/log-serializers.ts';
import { createMetrics, installMetrics } from './http/metrics.ts';
import { openapiOptions } from './http/openapi.ts';
import { countersStore } from './http/rate-limit-store.ts';
import { readinessRoutes } from './http/readiness.ts';
import { installRequestGuards } from './http/request-guards.ts';
import { installRequestIds, requestIdOf, requestScopedLogger } from './http/request-id.ts';
import { sendSecurityHeaders } from './http/security-headers.ts';
import { createSerializerCompiler } from './http/serializer.ts';
import { installStaffAudit } from './http/staff-audit.ts';
import type { App } from './http/types.ts';
import { serveWebApp } from './http/web-app.ts';
import { createJobQueue } from './jobs/queue.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { publicAuthRoutes } from './modules/auth/public-routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { userAuthRoutes } from './modules/auth/user-routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { billingChargeRoutes } from './modules/billing-charges/routes.ts';
import { startBillingReconcile } from './modules/billing-events/jobs.ts';
import { billingEventRoutes } from './modules/billing-events/routes.ts';
import { brandRoutes } from './modules/brand/routes.ts';
import { cabinetRoutes } from './modules/cabinet/routes.ts';
import { createLiveHub } from './modules/live/live-hub.ts';
import { LIVE_CHANNEL } from './modules/live/publish-event.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { memberRoutes } from './modules/members/routes.ts';
import { noticeRoutes } from './modules/notices/routes.ts';
import { oidcRoutes } from './modules/oidc/routes.ts';
import { publicOutsideFormRoutes } from './modules/outside-forms/public-routes.ts';
import { outsideFormRoutes } from './modules/outside-forms/routes.ts';
import { partnerSsoRoutes } from './modules/partner-sso/routes.ts';
import { partnerRoutes } from './modules/partners/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { publicReviewRoutes } from './modules/review/public-routes.ts';
import { reviewRoutes } from './modules/review/routes.ts';
import { roomSettingsRoutes } from './modules/room-settings/routes.ts';
import { roomVisitorRoutes } from './modules/room-visitors/routes.ts';
import { roomRoutes } from './modules/rooms/routes.ts';
import { userRoomRoutes } from './modules/rooms/user-routes.ts';
import { sharedLinkRoutes, unlistedStorageRoutes } from './modules/shared-links/routes.ts';
import { publicSigningRoutes } from './modules/signing/public-routes.ts';
import { signingRoutes } from './modules/signing/routes.ts';
import { startSigningSchedule } from './modules/signing/sweep.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { templateRoutes } from './modules/templates/routes.ts';
import { syncTemplateLibrary } from './modules/templates/sync-library.ts';
import { workflowRoutes } from './modules/workflows/routes.ts';
import { removeFilesOnRollback } from './remove-on-rollback.ts';
import { type StorageSweepOptions, startStorageSweep } from './storage-sweep.ts';

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** An auth cache notification that also asks for the live sockets' sessions to be checked again. */
const RECHECK_LIVE = 'recheck-live';

export type BuildOptions = {
  /** An already opened database (tests); otherwise one is opened from the config. */
  database?: Database;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** How often and how old stored leftovers are swept (storage-sweep.ts); tests shorten both. */
  storageSweep?: StorageSweepOptions;
};

/** Builds the whole server (API and web app) without listening; migrations are applied first. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: logSerializers,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Ids unique across processes (an incoming X-Request-Id when safe), in every log line's reqId.
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A path may carry a signed token (GET /api/user/report/file/{a}/jwt/{b}); schemas cap each param.
    routerOptions: { maxParamLength: 2000 },
    // What Fastify and Node refuse on their own answers `{code, message}` too (framework-errors.ts).
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // Its hard-coded 503 body would not be ours: the onRequest hook below answers SHUTTING_DOWN instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ check: config.checkResponses }));
  installRequestIds(app);

  // A .p12 the operator named must be readable before anything is served (it seals documents).
  if (config.signingP12) readP12(config.signingP12.p12Path, config.signingP12.p12Password);
  const database = options.database ?? (await openDatabase({ ...config, log: app.log }));
  await database.migrate();
  const db = database.db;
  const jobs = createJobQueue(db, app.log, { singleProcess: database.driver === 'pglite' });
  const maintenance = startMaintenance(database, app.log);
  const office = config.libreOffice ? createLibreOfficeConverter(config.libreOffice) : null;
  if (office && !office.networkIsolated) {
    app.log.warn(
      'LibreOffice runs with network access (no user namespaces here); links in documents stay blocked',
    );
  }
  const storage = removeFilesOnRollback(db, createStorage(config), app.log);
  // Instances behind a load balancer share one PostgreSQL: limits counted there hold across all of them.
  const counters = database.driver === 'postgres' ? databaseCounters(db) : memoryCounters();
  // Nothing is measured unless a scraper may read it.
  const metrics = config.metricsToken ? createMetrics() : null;
  const ctx: AppContext = {
    config,
    database,
    db,
    jobs,
    log: requestScopedLogger(app.log),
    authCaches: createAuthCaches(),
    counters,
    live: createLiveHub({ db, log: app.log }),
    tokens: await createTokenService(db, config.publicUrl),
    storage,
    payments: createPayments(config, {
      stripe: ({ secretKey }) =>
        createStripeProvider({
          secretKey,
          webhookSecret: config.stripe.webhookSecret,
          apiBase: config.stripe.apiBase,
        }),
    }),
    office,
    maintenance,
    mailer: createMailer(
      jobs,
      {
        smtpUrl: config.smtpUrl,
        outboxDir: path.join(config.dataDir, 'outbox'),
        from: config.mailFrom,
        readAttachment: (key) => storage.get(key),
      },
      metrics ? (outcome) => metrics.mailDeliveries.inc({ outcome }) : undefined,
    ),
  };
  app.decorate('ctx', ctx);
  await syncTemplateLibrary(ctx);
  if (config.extraTemplatesDir) await syncTemplateLibrary(ctx, config.extraTemplatesDir);

  // Stripe.js (its script, the card Element's frames, its API) only when the stripe provider runs; the hosts
  // are Stripe's documented CSP (docs.stripe.com/security/guide#content-security-policy).
  const stripeJs = config.stripeSecretKey !== null;
  sendSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(stripeJs ? ['https://api.stripe.com'] : [])],
        ...(stripeJs
          ? {
              scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
              frameSrc: [
                "'self'",
                'https://js.stripe.com',
                'https://*.js.stripe.com',
                'https://hooks.stripe.com',
              ],
            }
          : {}),
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await compressAnswers(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 100, fields: 10 } });
  await app.register(rateLimit, {
    global: false,
    ...(database.driver === 'postgres' ? { store: countersStore(counters) } : {}),
  });
  await app.register(swagger, openapiOptions());
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  installErrorHandler(app, { writeLedger: database.driver !== 'pglite' });
  installRequestGuards(app, ctx);
  installStaffAudit(app, ctx);
  installMetrics(app, ctx, metrics);
  // A write may end a session or change a membership: what cached tokens proved is forgotten at once.
  const clearAuthCaches = () => {
    ctx.authCaches.user.clear();
    ctx.authCaches.account.clear();
  };
  // Other instances forget within 5 s if a notification is lost (auth-cache.ts).
  const sync = config.databaseUrl
    ? await startPgChannel({
        databaseUrl: config.databaseListenUrl ?? config.databaseUrl,
        connectTimeoutMs: config.databaseConnectTimeoutMs,
        db,
        channel: 'charter_auth_cache',
        onMessage: (payload) => {
          clearAuthCaches();
          if (payload === RECHECK_LIVE) ctx.live.recheckSessions();
        },
        onListening: () => {
          clearAuthCaches();
          ctx.live.recheckSessions();
        },
        log: app.log,
      })
    : null;
  // Cleared before the reply leaves, so the client's next request can't see the old state; other
  // instances hear of it through the database. Callback-style hooks: an async one on every answer
  // costs reads a few percent for nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (READ_ONLY_METHODS.has(request.method) && !request.routeOptions.config?.writes) {
      return done(null, payload);
    }
    clearAuthCaches();
    maintenance?.noteWrite();
    // Live sockets are checked again after a write that went through (a refused one changed no sign-in,
    // and anyone can send those).
    const succeeded = reply.statusCode < 400;
    if (succeeded) ctx.live.recheckSessions();
    // 503 DATABASE_UNAVAILABLE: nothing was written, and the database is not there to tell.
    if (!sync || reply.statusCode === 503) return done(null, payload);
    sync.notify(succeeded ? RECHECK_LIVE : '').then(() => done(null, payload), done);
  });

  // Live events reach every instance when their transaction commits (publish-event.ts).
  const liveChannel = config.databaseUrl
    ? await startPgChannel({
        databaseUrl: config.databaseListenUrl ?? config.databaseUrl,
        connectTimeoutMs: config.databaseConnectTimeoutMs,
        db,
        channel: LIVE_CHANNEL,
        onMessage: (payload) => ctx.live.deliver(Number(payload)),
        onListening: () => ctx.live.deliverAll(),
        log: app.log,
      })
    : null;
  const stopListening = database.pglite
    ? await database.pglite.listen(LIVE_CHANNEL, (payload) => ctx.live.deliver(Number(payload)))
    : null;

  // A request that reaches a closing server (on a connection left open) is told to come back; workspace
  // routes answer 401 to a request without a token before its body is even validated.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (closing) return done(shuttingDown());
    if (request.url.startsWith('/api/account/') && !request.headers.authorization?.startsWith('Bearer ')) {
      return done(unauthorized());
    }
    done();
  });

  const health = { tags: ['public'], response: { 200: healthView } };
  app.get('/api/health', { schema: health }, async () => ({ status: 'ok' as const }));
  for (const routes of [
    brandRoutes,
    authRoutes,
    publicAuthRoutes,
    userAuthRoutes,
    accountRoutes,
    billingRoutes,
    billingChargeRoutes,
    billingEventRoutes,
    memberRoutes,
    noticeRoutes,
    profileRoutes,
    oidcRoutes,
    partnerRoutes,
    partnerSsoRoutes,
    templateRoutes,
    workflowRoutes,
    cabinetRoutes,
    signingRoutes,
    publicSigningRoutes,
    reviewRoutes,
    publicReviewRoutes,
    roomVisitorRoutes,
    roomRoutes,
    userRoomRoutes,
    reportRoutes,
    roomSettingsRoutes,
    outsideFormRoutes,
    publicOutsideFormRoutes,
    sharedLinkRoutes,
    unlistedStorageRoutes,
    staffRoutes,
    readinessRoutes,
  ]) {
    await routes(app, ctx);
  }
  // The WebSocket plugin's hooks (two on every request) stay inside the live channel's own context.
  await app.register(async (live) => {
    await live.register(websocket, { options: { maxPayload: 4096 } });
    await liveRoutes(live as App, ctx);
  });
  await serveWebApp(app, config.webDist);

  if (config.runWorker) jobs.start();
  const stopSigningSchedule = config.runWorker ? startSigningSchedule(ctx) : null;
  const stopBillingReconcile = config.runWorker ? startBillingReconcile(ctx) : null;
  const sweep = startStorageSweep(ctx, options.storageSweep);
  app.addHook('onClose', async () => {
    await sweep.stop();
    stopSigningSchedule?.();
    stopBillingReconcile?.();
    await jobs.stop();
    await ctx.live.close();
    await liveChannel?.close();
    await stopListening?.();
    await sync?.close();
    await office?.close();
    await maintenance?.stop();
    if (!options.database) await database.close();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
