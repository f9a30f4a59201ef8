import { WORKSPACE_ACCESS_LOST } from '@charter/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { pushNotice } from '../../app/notices.tsx';
import { COMPANY_SELECT_PATH } from '../auth/use-home-path.ts';

/** The server's answer to a token whose membership is gone (authenticateAccessToken). */
export const isAccessLost = (error: unknown) =>
  isApiError(error, 'FORBIDDEN') && error.message === WORKSPACE_ACCESS_LOST;

/**
 * When the user is removed from the open workspace (the live socket cannot get a new token, or a call
 * answers that access is gone): one clear notice, the workspace's cached data dropped, and the
 * workspaces page. Returns the function the live channel calls.
 */
export function useWorkspaceLoss(companyId: number) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const done = useRef(false);

  const lost = useCallback(() => {
    if (done.current || companyId <= 0) return;
    done.current = true;
    pushNotice({ type: 'warning', message: WORKSPACE_ACCESS_LOST });
    navigate(COMPANY_SELECT_PATH, { replace: true });
    queryClient.removeQueries({ queryKey: ['account', companyId] });
    void queryClient.invalidateQueries({ queryKey: ['user', 'accounts'] });
  }, [companyId, navigate, queryClient]);

  useEffect(() => {
    const onError = (error: unknown) => {
      if (isAccessLost(error)) lost();
    };
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient, lost]);

  return lost;
}
