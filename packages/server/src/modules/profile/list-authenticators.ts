import type { AuthenticatorView } from '@charter/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authenticators } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { presentAuthenticator, presentPrimaryEmail } from './presenters.ts';

/**
 * GET /api/v1/user/authenticators: the primary address (users.email) first, as priority 0, then the
 * added ones.
 */
export async function listAuthenticators({
  tx,
  actor,
}: {
  tx: Tx;
  actor: UserActor;
}): Promise<AuthenticatorView[]> {
  const rows = await tx
    .select()
    .from(authenticators)
    .where(eq(authenticators.userId, actor.user.id))
    .orderBy(asc(authenticators.priority), asc(authenticators.id));
  return [presentPrimaryEmail(actor.user), ...rows.map(presentAuthenticator)];
}
