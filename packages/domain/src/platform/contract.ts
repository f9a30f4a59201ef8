import { z } from 'zod';

/** GET /api/health: the server is up and its database migrated. */
export const healthView = z.object({ status: z.literal('ok') });
export type HealthView = z.infer<typeof healthView>;

/** One public signing key (ES256: an EC P-256 key), as RFC 7517 writes it. */
export const publicJwk = z.object({
  kty: z.string(),
  crv: z.string(),
  x: z.string(),
  y: z.string(),
  kid: z.string(),
  alg: z.string(),
  use: z.string(),
});
export type PublicJwk = z.infer<typeof publicJwk>;

/** GET /.well-known/jwks.json: the keys that verify the tokens this server signs. */
export const jwks = z.object({ keys: z.array(publicJwk) });
export type Jwks = z.infer<typeof jwks>;
