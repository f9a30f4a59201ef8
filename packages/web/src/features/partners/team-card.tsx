import { PARTNER_ROLE_LABELS, type PartnerRoleId, type TeamView } from '@charter/domain';
import { Badge, Card, CopyButton, Group, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { SsoSettings } from '../partner-sso/sso-settings.tsx';
import { BrandForm } from './brand-form.tsx';
import { ClientsTable } from './clients-table.tsx';
import { MembersTable } from './members-table.tsx';

export const roleLabel = (roleId: number) => PARTNER_ROLE_LABELS[roleId as PartnerRoleId] ?? `Role ${roleId}`;

/** One partner team: its people, its client workspaces and, for its admins, its brand and single sign-on. */
export function TeamCard({ team }: { team: TeamView }) {
  return (
    <Card withBorder radius="md" padding="xl" shadow="xs" component="section" aria-label={team.name}>
      <Group justify="space-between" align="flex-start" mb="lg">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {team.name}
          </Title>
          <Text fz="sm" c="dimmed">
            You are {roleLabel(team.role_id) === 'Admin' ? 'an admin' : 'a member'} of this team.
          </Text>
        </Stack>
        <CopyButton value={team.code}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy the code clients enter to connect'}>
              <UnstyledButton onClick={copy} aria-label={`Partner code ${team.code}`}>
                <Badge size="lg" variant="light" radius="sm" tt="none">
                  Partner code: {team.code}
                </Badge>
              </UnstyledButton>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Stack gap="xl">
        <Part title="Members">
          <MembersTable team={team} />
        </Part>
        <Part title="Client Workspaces">
          <ClientsTable team={team} />
        </Part>
        {team.abilities.manage_brand && (
          <Part title="Brand">
            <BrandForm partnerId={team.id} />
          </Part>
        )}
        {team.abilities.manage_brand && <SsoSettings partnerId={team.id} />}
      </Stack>
    </Card>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
