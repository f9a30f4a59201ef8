import type { MemberView } from '@charter/domain';
import { ActionIcon, Badge, Group, Menu, Select, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCrown, IconDots, IconSignature, IconUserMinus } from '@tabler/icons-react';
import { memberName } from './member-name.ts';

export type MemberActions = {
  onRole: (member: MemberView, isAdmin: boolean) => void;
  onCabinet: (member: MemberView, access: boolean) => void;
  onSignatory: (member: MemberView) => void;
  onOwner: (member: MemberView) => void;
  onRemove: (member: MemberView) => void;
};

type Props = MemberActions & {
  members: MemberView[];
  /** The caller manages members (the list's manage ability): the cabinet switch is theirs to turn. */
  manage: boolean;
  busy: boolean;
};

const ROLES = [
  { value: 'admin', label: 'Admin' },
  { value: 'member', label: 'Member' },
];

function RowActions({ member, ...actions }: MemberActions & { member: MemberView }) {
  const { abilities } = member;
  if (!abilities.make_signatory && !abilities.make_owner && !abilities.remove) return null;
  const name = memberName(member);
  return (
    <Group justify="flex-end">
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {abilities.make_signatory && (
            <Menu.Item leftSection={<IconSignature size={16} />} onClick={() => actions.onSignatory(member)}>
              Make Signatory
            </Menu.Item>
          )}
          {abilities.make_owner && (
            <Menu.Item leftSection={<IconCrown size={16} />} onClick={() => actions.onOwner(member)}>
              Make Owner
            </Menu.Item>
          )}
          {abilities.remove && (
            <Menu.Item
              color="red"
              leftSection={<IconUserMinus size={16} />}
              onClick={() => actions.onRemove(member)}
            >
              Remove
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** The workspace's members: role, file cabinet access and the actions the server allows on each. */
export function MembersTable({ members, manage, busy, ...actions }: Props) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table verticalSpacing="sm" aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th w={150}>Role</Table.Th>
            <Table.Th w={120}>File Cabinet</Table.Th>
            <Table.Th w={60} pos="relative">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const name = memberName(member);
            return (
              <Table.Tr key={member.id} data-member={member.email}>
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={500}>
                      {name}
                    </Text>
                    {member.is_owner && (
                      <Badge size="xs" variant="light" color="grape">
                        Owner
                      </Badge>
                    )}
                    {member.is_signatory && (
                      <Badge size="xs" variant="light" color="teal">
                        Signatory
                      </Badge>
                    )}
                    {member.suspended ? (
                      <Badge size="xs" variant="light" color="red">
                        Suspended
                      </Badge>
                    ) : (
                      !member.accepted && (
                        <Badge size="xs" variant="light" color="yellow">
                          Invited
                        </Badge>
                      )
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {member.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {member.abilities.change_role ? (
                    <Select
                      size="xs"
                      aria-label={`Role of ${name}`}
                      data={ROLES}
                      value={member.is_admin ? 'admin' : 'member'}
                      allowDeselect={false}
                      disabled={busy}
                      onChange={(value) => value && actions.onRole(member, value === 'admin')}
                    />
                  ) : (
                    <Text size="sm">{member.is_admin ? 'Admin' : 'Member'}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`File Cabinet access of ${name}`}
                    checked={member.filecabinet_access}
                    disabled={!manage || busy}
                    onChange={(event) => actions.onCabinet(member, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <RowActions member={member} {...actions} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
