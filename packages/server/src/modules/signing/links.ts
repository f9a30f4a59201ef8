import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 of a link's secret: what the database keeps, so a leaked table opens no document. */
export const hashLinkSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new signing link's secret (256 random bits, URL-safe) and its hash. */
export function newLinkSecret() {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashLinkSecret(secret) };
}

/** The page a recipient opens: on the brand's web address the request came through. */
export const signingLinkUrl = (baseUrl: string, secret: string) => `${baseUrl}/sign/${secret}`;
