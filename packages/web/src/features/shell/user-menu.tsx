import { DEFAULT_SUBSCRIPTION_LABEL } from '@charter/domain';
import { Avatar, Badge, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { useIsPartner } from '../partners/queries.ts';
import { useAccountMe } from './queries.ts';
import { userMenuItems } from './user-menu-items.ts';

type Props = {
  companyId: number;
  accountName: string | null;
  roleId: number | null;
};

export function UserMenu({ companyId, accountName, roleId }: Props) {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const partner = useIsPartner();
  // The workspace's active plans, as billing names them (the shell has already asked for them).
  const me = useAccountMe(companyId).data;
  const subscriptions = me?.subscriptions ?? [];
  const name = [user?.first_name, user?.family_name].filter(Boolean).join(' ') || user?.email || '';
  const plans = subscriptions.length > 0 ? subscriptions : [DEFAULT_SUBSCRIPTION_LABEL];
  return (
    <Menu position="bottom-end" width={280} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="User menu">
          <Group gap={6} wrap="nowrap">
            <Avatar name={name} color="initials" radius="xl" size={34} />
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={2} px="sm" py="xs">
          <Text fw={600} fz="sm" truncate>
            {name}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {user?.email}
          </Text>
          <Text fz="xs" c="dimmed" mt={4} truncate>
            Viewing as {accountName ?? name}
          </Text>
          <Group gap={4} mt={6} data-testid="user-menu-plans">
            {plans.map((plan) => (
              <Badge key={plan} size="sm" variant="light">
                {plan}
              </Badge>
            ))}
          </Group>
        </Stack>
        <Menu.Divider />
        {userMenuItems(companyId, roleId, partner, me?.abilities.manage_settings).map((item) => (
          <Menu.Item key={item.label} onClick={() => navigate(item.to)}>
            {item.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
