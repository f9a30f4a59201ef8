/**
 * OpenTelemetry traces, loaded before the server (`node --import ./src/telemetry.ts src/main.ts`, as
 * `npm start` does), so the instrumentations hook http, fastify and pg before anything loads them. Only
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set is the SDK even loaded; otherwise this costs nothing. The SDK
 * reads the standard OTEL_* variables itself (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS,
 * OTEL_TRACES_SAMPLER…).
 */
const sdk = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  ? await (await import('./telemetry-sdk.ts')).startTracing()
  : null;

/** Sends the spans still buffered; main.ts calls it before the process exits. */
export async function stopTracing() {
  await sdk?.shutdown();
}
