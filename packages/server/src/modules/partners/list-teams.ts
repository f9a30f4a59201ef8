import type { TeamView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { UserActor } from '../../http/actor.ts';
import { presentTeam } from './presenters.ts';
import { clientsOf, membersOf, teamsOf } from './scope.ts';

/** GET /api/user/team{query}: the user's partner teams, with the parts asked for; three queries at most. */
export async function listTeams({
  tx,
  actor,
  parts,
}: {
  tx: Tx;
  actor: UserActor;
  parts: { members: boolean; packages: boolean; accounts: boolean };
}): Promise<TeamView[]> {
  const teams = await teamsOf(tx, actor.userId);
  const ids = teams.map((t) => t.partner.id);
  const [members, clients] = await Promise.all([
    parts.members ? membersOf(tx, ids) : [],
    parts.accounts ? clientsOf(tx, ids) : [],
  ]);
  return teams.map((team) => presentTeam(actor, team, parts, members, clients));
}
