import { ACCESS_TOKEN_ERROR, ADMIN_WARNING } from '@charter/domain';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error.ts';
import { isSessionErrorCode } from '../../api/session-events.ts';
import { useNotices } from '../../app/notices.tsx';
import { useAccountMe } from './queries.ts';

/** Loads the workspace in the URL; without access to it, warns and sends the user to the workspaces page. */
export function useAccountGuard(companyId: number) {
  const query = useAccountMe(companyId);
  const navigate = useNavigate();
  const { push } = useNotices();
  const { error } = query;
  useEffect(() => {
    if (!error) return;
    if (isApiError(error, 'FORBIDDEN') || isApiError(error, 'UNAUTHORIZED')) {
      push({ type: 'warning', message: ADMIN_WARNING });
      navigate('/c/0/company-select', { replace: true });
    } else if (!isApiError(error) || !(isSessionErrorCode(error.code) || error.code === 'INVALID_JWT_ISS')) {
      // Session failures are announced by the session itself.
      push({ type: 'error', message: errorMessage(error, ACCESS_TOKEN_ERROR), error });
    }
  }, [error, navigate, push]);
  return query;
}
