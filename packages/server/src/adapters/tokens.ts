import { randomUUID } from 'node:crypto';
import type { Jwks, PublicJwk } from '@charter/domain';
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
import { ADVISORY_LOCKS, createOnce } from '../db/advisory-locks.ts';
import type { Db, Tx } from '../db/client.ts';
import { signingKeys } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';

const ALG = 'ES256';
const MAX_VERIFIED = 10_000;

/**
 * `oidc` marks the short-lived state of a sign-in with an OIDC issuer, `report_file` a link to one file of
 * one shared report for one user (modules/reports/report-file-links.ts), `device` a browser that has signed in
 * to one account with its password (modules/auth/password-attempts.ts); none is accepted as a user token.
 */
export type TokenClaims = Record<string, unknown> & {
  sid: string;
  sub: string;
  typ: 'id' | 'access' | 'oidc' | 'report_file' | 'device';
};

export type TokenService = {
  sign(claims: TokenClaims, ttlSeconds: number): Promise<string>;
  verify(token: string, typ: TokenClaims['typ']): Promise<TokenClaims & { exp: number }>;
  jwks(): Jwks;
};

/** Loads the newest signing key from the database, creating one on first start. */
export async function createTokenService(db: Db, issuer: string): Promise<TokenService> {
  const newest = async (tx: Tx) =>
    (await tx.select().from(signingKeys).orderBy(desc(signingKeys.createdAt)).limit(1))[0];
  let row = await newest(db);
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomUUID();
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
    // One key wins: instances starting together on an empty database wait on the lock and take the key
    // written first (each with a key of its own would refuse the others' tokens).
    row = await createOnce(db, ADVISORY_LOCKS.signingKey, newest, async (tx) => {
      const [inserted] = await tx.insert(signingKeys).values({ kid, privateJwk, publicJwk }).returning();
      return inserted;
    });
  }
  const kid = row.kid;
  const privateKey = (await importJWK(row.privateJwk as JWK, ALG)) as CryptoKey;
  const publicKey = (await importJWK(row.publicJwk as JWK, ALG)) as CryptoKey;
  const publicJwk = row.publicJwk as PublicJwk;

  /**
   * Tokens whose signature and issuer were checked, by their text: a signed token cannot change, so
   * checking it again (an ES256 verification, about 0.2 ms) would only repeat the answer. Whether its
   * session still holds is not remembered here (authenticate.ts asks the database).
   */
  const verified = new Map<string, TokenClaims & { exp: number }>();

  async function checkSignature(token: string) {
    try {
      const { payload } = await jwtVerify(token, publicKey, { algorithms: [ALG] });
      if (payload.iss !== issuer) throw new AppError('INVALID_JWT_ISS', 'Token issuer is not recognised');
      if (
        typeof payload.sid !== 'string' ||
        typeof payload.sub !== 'string' ||
        typeof payload.exp !== 'number'
      ) {
        throw new AppError('INVALID_JWT', 'Token is not valid for this call');
      }
      const claims = payload as TokenClaims & { exp: number };
      if (verified.size >= MAX_VERIFIED) verified.clear();
      verified.set(token, claims);
      return claims;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED_ERROR', 'Token has expired');
      throw new AppError('INVALID_JWT', 'Token is not valid');
    }
  }

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
      const claims = verified.get(token) ?? (await checkSignature(token));
      // What jose checks against the clock, checked again on every use of a remembered token.
      if (claims.exp <= Math.floor(Date.now() / 1000)) {
        verified.delete(token);
        throw new AppError('TOKEN_EXPIRED_ERROR', 'Token has expired');
      }
      if (claims.typ !== typ) throw new AppError('INVALID_JWT', 'Token is not valid for this call');
      return claims;
    },
    jwks: () => ({ keys: [publicJwk] }),
  };
}
