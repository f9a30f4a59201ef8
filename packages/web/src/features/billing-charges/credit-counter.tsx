import { CREDIT_WARNING_MIN_WIDTH, CREDIT_WARNING_UNDER, countOf } from '@charter/domain';
import { Badge, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSession } from '../../app/session.tsx';
import { useCredits } from './queries.ts';

/** White on it is 5.2:1. */
const WARNING_ORANGE = '#c2410c';

type Props = { companyId: number; roleId: number | null };

/**
 * The top bar's document credits (spec 1 §2): remaining = limit − used. Limited (role 3) workspaces and
 * partner subscriptions see none; the warning (under 6 left) shows for verified users on screens wider
 * than 576 px.
 */
export function CreditCounter({ companyId, roleId }: Props) {
  const verified = useSession().user?.email_verified === true;
  const wide = useMediaQuery(`(min-width: ${CREDIT_WARNING_MIN_WIDTH + 1}px)`) ?? true;
  const credits = useCredits(companyId, roleId !== 3);
  const data = credits.data;
  if (!data?.visible) return null;
  const warn = data.remaining < CREDIT_WARNING_UNDER && verified && wide;
  const label = `${countOf(data.remaining, 'document credit')} left`;
  return (
    <Tooltip
      label={
        warn
          ? `${data.remaining} of ${countOf(data.limit, 'document credit')} left. Click "Upgrade Plan" to get more credits.`
          : `${data.used} of ${countOf(data.limit, 'document credit')} used`
      }
    >
      <Badge
        variant={warn ? 'filled' : 'light'}
        // A dark orange: white 11 px text on Mantine's orange (#f76707) is 3.0:1, under WCAG's 4.5:1.
        color={warn ? WARNING_ORANGE : 'gray'}
        aria-label={label}
        visibleFrom="xs"
      >
        Credits: {data.remaining}
      </Badge>
    </Tooltip>
  );
}
