import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { randomToken, sha256 } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';

/** What a derived code opens: a room's general access link, an outside form or a shared file cabinet. */
export type LinkKind = 'room' | 'form' | 'cabinet';

const SECRET_NAME = 'link-codes';

/**
 * The key codes are derived under: LINK_SECRET when set (kept out of the database), else a random key made
 * once and kept in app_secrets. Either way the rooms and forms tables hold only hashes of their codes.
 */
export async function linkSecret(ctx: AppContext, tx: Tx): Promise<string> {
  if (ctx.config.linkSecret) return ctx.config.linkSecret;
  await tx
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomToken(32) })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error('link secret missing');
  return row.value;
}

/**
 * A room's or a form's code: 22 URL-safe characters (128 bits) derived from what it opens, its id and its
 * generation. The owner's admins can be shown it again; a new generation makes every earlier code dead.
 */
export function deriveCode(secret: string, kind: LinkKind, id: number, generation: number): string {
  return createHmac('sha256', secret).update(`${kind}:${id}:${generation}`).digest('base64url').slice(0, 22);
}

/** How a code is looked up: the rows keep this hash, never the code. */
export const codeHash = (code: string) => sha256(code);

/** A code's shape before any lookup: anything else is refused without touching the database. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
