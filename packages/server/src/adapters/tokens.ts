import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import {
  type CryptoKey,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { Db } from '../db/client.ts';
import { signingKeys } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';

const ALG = 'ES256';

/** `oidc` marks the short-lived state of a sign-in with an OIDC issuer (never accepted as a user token). */
export type TokenClaims = Record<string, unknown> & {
  sid: string;
  sub: string;
  typ: 'id' | 'access' | 'oidc';
};

export type TokenService = {
  sign(claims: TokenClaims, ttlSeconds: number): Promise<string>;
  verify(token: string, typ: TokenClaims['typ']): Promise<TokenClaims & { exp: number }>;
  jwks(): { keys: JWK[] };
};

/** Loads the newest signing key from the database, creating one on first start. */
export async function createTokenService(db: Db, issuer: string): Promise<TokenService> {
  let [row] = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt)).limit(1);
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomUUID();
    const inserted = await db
      .insert(signingKeys)
      .values({
        kid,
        privateJwk: { ...(await exportJWK(privateKey)), kid, alg: ALG },
        publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' },
      })
      .onConflictDoNothing()
      .returning();
    row =
      inserted[0] ?? (await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt)).limit(1))[0];
  }
  const kid = row.kid;
  const privateKey = (await importJWK(row.privateJwk as JWK, ALG)) as CryptoKey;
  const publicKey = (await importJWK(row.publicJwk as JWK, ALG)) as CryptoKey;
  const publicJwk = row.publicJwk as JWK;

  return {
    async sign(claims, ttlSeconds) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: ALG, kid })
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(privateKey);
    },
    async verify(token, typ) {
      try {
        const { payload } = await jwtVerify(token, publicKey, { algorithms: [ALG] });
        if (payload.iss !== issuer) throw new AppError('INVALID_JWT_ISS', 'Token issuer is not recognised');
        if (payload.typ !== typ || typeof payload.sid !== 'string' || typeof payload.sub !== 'string') {
          throw new AppError('INVALID_JWT', 'Token is not valid for this call');
        }
        return payload as TokenClaims & { exp: number };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof errors.JWTExpired)
          throw new AppError('TOKEN_EXPIRED_ERROR', 'Token has expired');
        throw new AppError('INVALID_JWT', 'Token is not valid');
      }
    },
    jwks: () => ({ keys: [publicJwk] }),
  };
}
