import { ADMIN_WARNING } from '@charter/domain';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { COMPANY_SELECT_PATH } from '../auth/use-home-path.ts';
import { useAccountMe } from '../shell/queries.ts';
import { isAccessLost } from './use-workspace-loss.ts';

/**
 * Workspace settings are for the workspace's admins (the server's manage_settings ability): anyone else
 * is warned with the spec's text and sent to the workspaces page, as is anyone a settings call refuses.
 * True once the page may show.
 */
export function useSettingsGuard(companyId: number, errors: unknown[] = []): boolean {
  const me = useAccountMe(companyId);
  const navigate = useNavigate();
  const { push } = useNotices();
  const allowed = me.data?.abilities.manage_settings === true;
  const refused =
    (me.data !== undefined && !allowed) ||
    errors.some((error) => isApiError(error, 'FORBIDDEN') && !isAccessLost(error));
  useEffect(() => {
    if (!refused) return;
    push({ type: 'warning', message: ADMIN_WARNING });
    navigate(COMPANY_SELECT_PATH, { replace: true });
  }, [refused, navigate, push]);
  return allowed && !refused;
}
