import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { modalState } from '../../app/modal-location.ts';

/** Upgrade Plan in the top bar (spec 1 §2): opens the plans modal over the current page. */
export function UpgradePlanButton({ companyId, roleId }: { companyId: number; roleId: number | null }) {
  const location = useLocation();
  // No workspace chosen, or a restricted (role 3) workspace with no Account area: nothing to upgrade.
  if (companyId <= 0 || roleId === 3) return null;
  return (
    <Button
      component={Link}
      to={`/c/${companyId}/plans`}
      state={modalState(location)}
      size="compact-sm"
      variant="light"
      visibleFrom="xs"
    >
      Upgrade Plan
    </Button>
  );
}
