import { isStaffConsolePath } from '@charter/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/modal-location.ts';
import { resolveHomePath } from './use-home-path.ts';

/** Navigates after a sign-in: ?redirect= (same-site only), else the preferred workspace home or the workspaces page. */
export function useAfterSignIn(): (preferred?: string | null) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  return useCallback(
    async (preferred?: string | null) => {
      const target =
        safeRedirect(params.get('redirect')) ?? preferred ?? (await resolveHomePath(queryClient));
      // The staff console is a page of its own (staff.html), not a route of this app: load it.
      if (isStaffConsolePath(new URL(target, window.location.origin).pathname))
        window.location.assign(target);
      else navigate(target, { replace: true });
    },
    [navigate, queryClient, params],
  );
}
