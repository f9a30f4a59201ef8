import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/modal-location.ts';
import { ACCOUNT_REVIEW_PATH, hasPendingReview } from '../account-review/queries.ts';
import { resolveHomePath } from './use-home-path.ts';

/**
 * Navigates after a sign-in: ?redirect= (same-site only), else the preferred workspace home or the
 * workspaces page; by way of the account review first when an earlier registration of the address set
 * things up (features/account-review).
 */
export function useAfterSignIn(): (preferred?: string | null) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  return useCallback(
    async (preferred?: string | null) => {
      const target =
        safeRedirect(params.get('redirect')) ?? preferred ?? (await resolveHomePath(queryClient));
      const review = await hasPendingReview(queryClient);
      navigate(review ? `${ACCOUNT_REVIEW_PATH}?redirect=${encodeURIComponent(target)}` : target, {
        replace: true,
      });
    },
    [navigate, queryClient, params],
  );
}
