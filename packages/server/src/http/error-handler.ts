import type { FastifyError, FastifyInstance } from 'fastify';
import { describeFailure } from '../db/resilience.ts';
import { withWriteLedger } from '../db/write-ledger.ts';
import { databaseFailure } from './database-errors.ts';
import { AppError } from './errors.ts';

type ValidationIssue = {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
};

function fieldsOf(validation: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of validation) {
    const key =
      issue.params?.issue?.path?.map(String).join('.') ||
      issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ||
      '_form';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/** Every failure leaves as `{code, message, fields?}` with the status its code implies. */
export function installErrorHandler(app: FastifyInstance) {
  // Handlers run with a ledger of their writes, so a lost database is answered 503 only when nothing
  // of the request was saved (see databaseFailure). After body parsing, which would lose the context.
  app.addHook('preHandler', (_request, _reply, done) => withWriteLedger(() => done()));
  app.setErrorHandler((failure: FastifyError | AppError, request, reply) => {
    const lostDatabase = databaseFailure(failure);
    if (lostDatabase) request.log.warn({ reason: describeFailure(failure) }, lostDatabase.message);
    const error = lostDatabase ?? failure;
    if (error instanceof AppError) {
      const retryAfter = (error as AppError & { retryAfter?: number }).retryAfter;
      if (retryAfter) reply.header('Retry-After', String(retryAfter));
      return reply
        .status(error.status)
        .send({ code: error.code, message: error.message, fields: error.fields });
    }
    if (error.validation) {
      const fields = fieldsOf(error.validation as ValidationIssue[]);
      return reply
        .status(400)
        .send({ code: 'VALIDATION_ERROR', message: Object.values(fields)[0] ?? 'Invalid input', fields });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: error.message });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR';
      return reply.status(error.statusCode).send({ code, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: 'An error has occurred' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `Route ${request.method} ${request.url} not found` });
  });
}
