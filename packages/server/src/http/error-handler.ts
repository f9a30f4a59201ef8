import { NUMBER_TOO_LARGE } from '@charter/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isEmailClaimConflict, pgError } from '../db/errors.ts';
import { describeFailure } from '../db/resilience.ts';
import { withWriteLedger } from '../db/write-ledger.ts';
import { EMAIL_IN_USE_MESSAGE } from '../modules/auth/email-claims.ts';
import { DATABASE_FULL_MESSAGE, databaseFailure } from './database-errors.ts';
import { AppError, type ErrorCode } from './errors.ts';
import { allowedMethods, clientFailure } from './framework-errors.ts';
import { NUL_REFUSED } from './request-guards.ts';

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

/**
 * Bad input the database refused where no earlier check caught it: an answer naming the input, never a
 * 500. The request guards and the email claims are the first line; this is the last.
 */
function databaseRefusal(error: unknown): { status: number; code: ErrorCode; message: string } | null {
  if (isEmailClaimConflict(error)) {
    return { status: 409, code: 'E_EMAIL_ALREADY_CLAIMED', message: EMAIL_IN_USE_MESSAGE };
  }
  const code = pgError(error)?.code;
  // 22021: a NUL in text; 22P05: a NUL in JSON (jsonb).
  if (code === '22021' || code === '22P05') {
    return { status: 400, code: 'VALIDATION_ERROR', message: NUL_REFUSED };
  }
  if (code === '22003') return { status: 400, code: 'VALIDATION_ERROR', message: NUMBER_TOO_LARGE };
  // disk_full: the statement (and its transaction) failed, as an upload does on a full disk.
  if (code === '53100') return { status: 507, code: 'STORAGE_FULL', message: DATABASE_FULL_MESSAGE };
  return null;
}

/** Every failure leaves as `{code, message, fields?}` with the status its code implies. */
export function installErrorHandler(app: FastifyInstance, { writeLedger = true } = {}) {
  // Handlers run with a ledger of their writes, so a lost database is answered 503 only when nothing
  // of the request was saved (see databaseFailure). After body parsing, which would lose the context.
  // Only PostgreSQL's connections write to the ledger; on the embedded database it would cost every
  // request the promise hooks AsyncLocalStorage turns on (on Node 20, a tenth of a small answer) for
  // nothing.
  if (writeLedger) app.addHook('preHandler', (_request, _reply, done) => withWriteLedger(() => done()));
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
    const database = databaseRefusal(error);
    if (database?.code === 'STORAGE_FULL') {
      request.log.error({ err: error }, 'write refused: the database is out of storage space');
    }
    if (database) {
      return reply.status(database.status).send({ code: database.code, message: database.message });
    }
    const client = clientFailure(error);
    if (client) return reply.status(client.status).send({ code: client.code, message: client.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: 'An error has occurred' });
  });
  app.setNotFoundHandler((request, reply) => {
    const allowed = allowedMethods(app, request);
    if (allowed.length > 0) {
      const path = request.url.split('?')[0];
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({
          code: 'METHOD_NOT_ALLOWED',
          message: `${path} does not take ${request.method}; it takes ${allowed.join(', ')}.`,
        });
    }
    reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `Route ${request.method} ${request.url} not found` });
  });
}
