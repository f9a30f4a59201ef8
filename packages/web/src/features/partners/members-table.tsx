import {
  PARTNER_MEMBER_REMOVED,
  PARTNER_ROLE_LABELS,
  type PartnerMemberView,
  type TeamView,
} from '@charter/domain';
import { Button, Group, Select, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { AddMemberModal } from './add-member-modal.tsx';
import { useChangePartnerRole, useRemovePartnerMember } from './queries.ts';
import { roleLabel } from './team-card.tsx';
import { TEAM_ERROR } from './teams-page.tsx';

const ROLE_OPTIONS = Object.entries(PARTNER_ROLE_LABELS).map(([value, label]) => ({ value, label }));

/** The team's people: role select and Remove for what the server's abilities allow. */
export function MembersTable({ team }: { team: TeamView }) {
  const [adding, setAdding] = useState(false);
  const { push } = useNotices();
  const changeRole = useChangePartnerRole(team.id);
  const remove = useRemovePartnerMember(team.id);
  const fail = (error: unknown) => push({ type: 'error', message: errorMessage(error, TEAM_ERROR) });

  const confirmRemove = (member: PartnerMemberView) =>
    modals.openConfirmModal({
      title: 'Remove Member',
      children: (
        <Text size="sm">
          Are you sure you want to remove {member.name || member.email} from {team.name}?
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(member.user_id, {
          onSuccess: (res) => push({ type: 'success', message: res.message || PARTNER_MEMBER_REMOVED }),
          onError: fail,
        }),
    });

  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" aria-label={`${team.name} members`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th w={180}>Role</Table.Th>
              <Table.Th w={110} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(team.members ?? []).map((member) => (
              <Table.Tr key={member.user_id}>
                <Table.Td>{member.name || '—'}</Table.Td>
                <Table.Td>{member.email}</Table.Td>
                <Table.Td>
                  {member.abilities.change_role ? (
                    <Select
                      aria-label={`Role of ${member.email}`}
                      data={ROLE_OPTIONS}
                      value={String(member.role_id)}
                      allowDeselect={false}
                      disabled={changeRole.isPending}
                      onChange={(value) =>
                        value &&
                        changeRole.mutate(
                          { userId: member.user_id, roleId: Number(value) },
                          { onError: fail },
                        )
                      }
                    />
                  ) : (
                    roleLabel(member.role_id)
                  )}
                </Table.Td>
                <Table.Td>
                  {member.abilities.remove && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      aria-label={`Remove ${member.email}`}
                      onClick={() => confirmRemove(member)}
                    >
                      Remove
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {team.abilities.manage_members && (
        <Group>
          <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
            Add Member
          </Button>
        </Group>
      )}
      <AddMemberModal team={team} opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
