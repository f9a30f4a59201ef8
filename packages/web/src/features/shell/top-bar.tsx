import { Burger, Group } from '@mantine/core';
import { CompanyMenu } from './company-menu.tsx';
import { NotificationsBell } from './notifications-bell.tsx';
import { UserMenu } from './user-menu.tsx';

type Props = {
  companyId: number;
  accountName: string | null;
  roleId: number | null;
  mobileOpened: boolean;
  onToggleMobile: () => void;
};

export function TopBar({ companyId, accountName, roleId, mobileOpened, onToggleMobile }: Props) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Burger
        opened={mobileOpened}
        onClick={onToggleMobile}
        hiddenFrom="sm"
        size="sm"
        aria-label={mobileOpened ? 'Close menu' : 'Open menu'}
      />
      {/* minWidth 0: on a narrow screen the workspace button shrinks (its name ellipsed) instead of
          pushing the user menu off screen. */}
      <Group gap="sm" ml="auto" wrap="nowrap" miw={0}>
        <NotificationsBell />
        <CompanyMenu companyId={companyId} currentName={accountName} />
        <UserMenu companyId={companyId} accountName={accountName} roleId={roleId} />
      </Group>
    </Group>
  );
}
