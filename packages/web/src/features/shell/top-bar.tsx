import { Burger, Group } from '@mantine/core';
import { UpgradePlanButton } from '../billing/upgrade-plan-button.tsx';
import { CreditCounter } from '../billing-charges/credit-counter.tsx';
import type { LiveState } from '../live/live-socket.ts';
import { LiveStatus } from '../live/live-status.tsx';
import { CompanyMenu } from './company-menu.tsx';
import { NotificationsBell } from './notifications-bell.tsx';
import { UserMenu } from './user-menu.tsx';

type Props = {
  companyId: number;
  accountName: string | null;
  roleId: number | null;
  /** The live channel's state, when the page is in a workspace. */
  liveState: LiveState | null;
  mobileOpened: boolean;
  onToggleMobile: () => void;
};

export function TopBar({ companyId, accountName, roleId, liveState, mobileOpened, onToggleMobile }: Props) {
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
        {liveState && <LiveStatus state={liveState} />}
        <NotificationsBell companyId={companyId} />
        {companyId > 0 && <CreditCounter companyId={companyId} roleId={roleId} />}
        <UpgradePlanButton companyId={companyId} roleId={roleId} />
        <CompanyMenu companyId={companyId} currentName={accountName} />
        <UserMenu companyId={companyId} accountName={accountName} roleId={roleId} />
      </Group>
    </Group>
  );
}
