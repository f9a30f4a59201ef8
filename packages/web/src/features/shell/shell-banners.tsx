import { IMPERSONATION_PREFIX, SELECT_COMPANY_BANNER } from '@charter/domain';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconInfoCircle, IconUserShield } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { backToStaffConsole } from '../../api/end-remote-login.ts';
import { useSession } from '../../app/session.tsx';
import { isAskingForCompany } from './company-gate.ts';
import { showsVerifyBanner, VerifyAccountBanner } from './verify-account.tsx';

/**
 * Notices across the top of the page: impersonation, an email still to verify, and the workspace choice
 * a page is waiting for.
 */
export function ShellBanners() {
  const { user, impersonatorId } = useSession();
  const { pathname, search } = useLocation();
  const asking = isAskingForCompany(pathname, search);
  const unverified = user !== null && !user.email_verified && showsVerifyBanner(pathname);
  if (!impersonatorId && !asking && !unverified) return null;
  const who = [user?.first_name, user?.family_name].filter(Boolean).join(' ') || user?.email;
  return (
    <Stack gap="sm" mb="lg">
      {impersonatorId && (
        <Alert color="orange" variant="light" icon={<IconUserShield size={18} />} role="status">
          <Group justify="space-between" gap="sm">
            <span>
              {IMPERSONATION_PREFIX}
              {who}
              {user?.email && who !== user.email ? ` (${user.email})` : ''}.
            </span>
            <Button size="xs" variant="light" color="orange" onClick={() => void backToStaffConsole()}>
              Back to staff console
            </Button>
          </Group>
        </Alert>
      )}
      {unverified && <VerifyAccountBanner />}
      {asking && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} role="status">
          {SELECT_COMPANY_BANNER}
        </Alert>
      )}
    </Stack>
  );
}
