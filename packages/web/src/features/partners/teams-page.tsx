import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../api/client.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { useTeams } from './queries.ts';
import { TeamCard } from './team-card.tsx';

export const TEAM_ERROR = 'The team could not be changed. Please try again.';

/** /c/:companyId/teams (reachable without a workspace): the user's partner teams (spec 1 §2 Teams). */
export function TeamsPage() {
  const teams = useTeams();
  return (
    <Stack gap="lg" maw={1080}>
      <Stack gap={4}>
        <PageTitle>Teams</PageTitle>
        <Text c="dimmed">Your partner teams: their people, client workspaces and brand.</Text>
      </Stack>
      {teams.isPending && (
        <Center mih={160}>
          <Loader aria-label="Loading teams" />
        </Center>
      )}
      {teams.isError && <Alert color="red">{errorMessage(teams.error, 'Teams could not be loaded.')}</Alert>}
      {teams.data?.length === 0 && <Text>You are not a member of any partner team.</Text>}
      {teams.data?.map((team) => (
        <TeamCard key={team.id} team={team} />
      ))}
    </Stack>
  );
}
