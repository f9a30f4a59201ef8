import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authenticators } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { authorizeSignInChange } from './policies.ts';
import { findOwnAuthenticator } from './scope.ts';

/** DELETE /api/v1/user/authenticators/{id}: an added address goes (the primary one has no row). */
export async function removeAuthenticator({ tx, actor, id }: { tx: Tx; actor: UserActor; id: number }) {
  authorizeSignInChange(actor);
  const row = await findOwnAuthenticator(tx, actor, eq(authenticators.id, id));
  await tx.delete(authenticators).where(eq(authenticators.id, row.id));
}
