import type { CounselOptions } from '@charter/domain';
import { ActionIcon, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch, errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { useProject, useWorkbenchMutation } from '../workbench/api.ts';

type Options = CounselOptions;

/**
 * Workflow counsel options (first form only): members of the workspace given a workflow role
 * (Attorney, Co-Founder…), added and removed at once.
 */
export function WorkflowRoles({ companyId, projectId }: { companyId: number; projectId: number }) {
  const project = useProject(companyId, projectId);
  const { push } = useNotices();
  const options = useQuery({
    queryKey: ['account', companyId, 'counsel-options'],
    queryFn: () => apiFetch<Options>('/api/account/counsel', { accountId: companyId }),
    staleTime: 60_000,
  });
  const [role, setRole] = useState<string | null>('Investor');
  const [member, setMember] = useState<string | null>(null);
  const path = `/api/account/project/${projectId}/counsel`;
  const add = useWorkbenchMutation(companyId, () =>
    apiFetch(path, {
      method: 'POST',
      body: { counsel_type: role, user_id: member ? Number(member) : null },
      accountId: companyId,
    }),
  );
  const remove = useWorkbenchMutation(companyId, (id: number) =>
    apiFetch(`${path}/${id}`, { method: 'DELETE', accountId: companyId }),
  );
  const fail = (caught: unknown) =>
    push({ type: 'error', message: errorMessage(caught, 'An error has occurred.') });
  const counsel = project.data?.counsel ?? [];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Workflow roles">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Workflow roles
          </Title>
          <Text size="sm" c="dimmed">
            Who takes part in this workflow, and as what.
          </Text>
        </div>
        {counsel.length > 0 && (
          <Table verticalSpacing="xs">
            <Table.Tbody>
              {counsel.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.counsel_type}</Table.Td>
                  <Table.Td>{c.user.full_name}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${c.user.full_name} as ${c.counsel_type}`}
                      onClick={() => remove.mutate(c.id, { onError: fail })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group align="flex-end">
          <Select
            label="Role"
            data={options.data?.roles ?? []}
            value={role}
            onChange={setRole}
            allowDeselect={false}
            w={200}
          />
          <Select
            label="Member"
            placeholder="Choose a member"
            data={counselChoices(options.data)}
            value={member}
            onChange={setMember}
            w={240}
          />
          <Button
            variant="light"
            disabled={!role || !member}
            loading={add.isPending}
            onClick={() => add.mutate(undefined, { onSuccess: () => setMember(null), onError: fail })}
          >
            Add role
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The workspace's members, then each connected partner's people under the partner's name (spec 2 §3
 * Counsel: partner.name). Someone in both lists is offered once, as a member.
 */
function counselChoices(data: CounselOptions | undefined) {
  const option = (u: { id: number; full_name: string; email: string }) => ({
    value: String(u.id),
    label: u.full_name || u.email,
  });
  const members = (data?.users ?? []).map(option);
  const taken = new Set(members.map((m) => m.value));
  const partners = (data?.partners ?? [])
    .map((p) => ({ group: p.name, items: p.users.map(option).filter((o) => !taken.has(o.value)) }))
    .filter((g) => g.items.length > 0);
  return partners.length === 0 ? members : [{ group: 'Workspace members', items: members }, ...partners];
}
