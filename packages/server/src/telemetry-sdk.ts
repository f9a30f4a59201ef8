import { register } from 'node:module';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { FastifyInstrumentation } from '@opentelemetry/instrumentation-fastify';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';

/**
 * The official Node SDK: spans of requests (http, fastify's routes and hooks) and PostgreSQL queries,
 * over OTLP/HTTP. The server is ES modules: fastify and pg are hooked as they are imported
 * (import-in-the-middle), and only the modules an instrumentation names are wrapped, not every one.
 */
export async function startTracing() {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || 'charter',
    // Its endpoint is OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT).
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation(),
      new FastifyInstrumentation(),
      // Statements without their parameters' values.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  // The loader knows every module to hook before the server's own are imported.
  await waitForAllMessagesAcknowledged();
  return sdk;
}
