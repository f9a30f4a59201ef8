import {
  countOf,
  GENERIC_ERROR_PERSISTS,
  MEMBER_REMOVED,
  type MemberView,
  REMOVE_PERSON_PROMPT,
} from '@charter/domain';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconUserPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { COMPANY_SELECT_PATH } from '../auth/use-home-path.ts';
import { InviteMemberModal } from './invite-member-modal.tsx';
import { memberName } from './member-name.ts';
import { MembersTable } from './members-table.tsx';
import { useChangeOwner, useMembers, useRemoveMember, useSetSignatory, useUpdateMember } from './queries.ts';

/** /settings/members: the members table, and inviting people up to the workspace's user limit. */
export function MembersSection({ companyId, userId }: { companyId: number; userId: number }) {
  const members = useMembers(companyId);
  const update = useUpdateMember(companyId);
  const remove = useRemoveMember(companyId);
  const owner = useChangeOwner(companyId);
  const signatory = useSetSignatory(companyId);
  const [inviting, invite] = useDisclosure(false);
  const { push } = useNotices();
  const navigate = useNavigate();
  const fail = (error: unknown) =>
    push({ type: 'error', message: errorMessage(error, GENERIC_ERROR_PERSISTS), error });
  const saved = (message: string) => () => push({ type: 'success', message });

  if (members.isPending) return <Skeleton h={200} radius="md" aria-label="Loading members" />;
  if (!members.data) return null;
  const list = members.data;
  const busy = update.isPending || remove.isPending || owner.isPending || signatory.isPending;

  const actions = {
    onRole: (member: MemberView, isAdmin: boolean) =>
      update.mutate(
        { id: member.id, is_admin: isAdmin },
        { onSuccess: saved('Role updated.'), onError: fail },
      ),
    onCabinet: (member: MemberView, access: boolean) =>
      update.mutate(
        { id: member.id, filecabinet_access: access },
        { onSuccess: saved('File Cabinet access updated.'), onError: fail },
      ),
    onSignatory: (member: MemberView) =>
      signatory.mutate(member.id, {
        onSuccess: saved(`${memberName(member)} now signs for this workspace.`),
        onError: fail,
      }),
    onOwner: (member: MemberView) =>
      modals.openConfirmModal({
        title: 'Make Owner',
        children: (
          <Text size="sm">
            Make {memberName(member)} the owner of this workspace? They become an admin; you stay an admin,
            and only the new owner can hand ownership on again.
          </Text>
        ),
        labels: { confirm: 'Make Owner', cancel: 'Cancel' },
        onConfirm: () =>
          owner.mutate(member.id, {
            onSuccess: saved(`${memberName(member)} now owns this workspace.`),
            onError: fail,
          }),
      }),
    onRemove: (member: MemberView) =>
      modals.openConfirmModal({
        title: 'Remove Member',
        children: <Text size="sm">{REMOVE_PERSON_PROMPT(memberName(member))}</Text>,
        labels: { confirm: 'Remove', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove.mutate(member.id, {
            onSuccess: () => {
              push({ type: 'success', message: MEMBER_REMOVED });
              if (member.id === userId) navigate(COMPANY_SELECT_PATH, { replace: true });
            },
            onError: fail,
          }),
      }),
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {list.count} of {countOf(list.user_limit, 'member')}
        </Text>
        {list.abilities.invite && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
            Invite Member
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md">
        <MembersTable members={list.users} manage={list.abilities.manage} busy={busy} {...actions} />
      </Paper>
      <InviteMemberModal
        companyId={companyId}
        opened={inviting}
        onClose={invite.close}
        count={list.count}
        limit={list.user_limit}
      />
    </Stack>
  );
}
