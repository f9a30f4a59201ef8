import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Per-route limit for authentication calls (requests per minute per client). */
export const authRateLimit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/**
 * A GET that changes state (confirming an email, finishing a Google sign-in that may revoke another
 * account's sessions): like every write, it clears what cached tokens proved before its answer leaves.
 */
export const WRITES = { writes: true } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See WRITES. */
    writes?: boolean;
  }
}
