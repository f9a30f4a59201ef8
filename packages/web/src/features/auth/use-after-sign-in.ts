import { isStaffConsolePath, isVisitorPath } from '@charter/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type NavigateFunction, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/modal-location.ts';
import { ACCOUNT_REVIEW_PATH, hasPendingReview } from '../account-review/queries.ts';
import { replaceLocation } from './browser-navigation.ts';
import { resolveHomePath } from './use-home-path.ts';

/**
 * Goes to a same-site path after a sign-in. A page of the visitor app (a data room's link, which sent the
 * visitor here to sign in) or the staff console (staff.html) is another entry of the site, not a route of
 * this app: the browser loads it.
 */
function goAfterSignIn(navigate: NavigateFunction, target: string) {
  const path = target.split(/[?#]/)[0] ?? '';
  if (isVisitorPath(path) || isStaffConsolePath(path)) replaceLocation(target);
  else navigate(target, { replace: true });
}

/**
 * Navigates after a sign-in: ?redirect= (same-site only), else the preferred workspace home or the
 * workspaces page; by way of the account review first when an earlier registration of the address set
 * things up (features/account-review). `review: false` goes straight on: from the review itself, and after
 * a confirmed email, which takes nothing over.
 */
export function useAfterSignIn({ review = true } = {}): (preferred?: string | null) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  return useCallback(
    async (preferred?: string | null) => {
      const target =
        safeRedirect(params.get('redirect')) ?? preferred ?? (await resolveHomePath(queryClient));
      if (review && (await hasPendingReview(queryClient)))
        navigate(`${ACCOUNT_REVIEW_PATH}?redirect=${encodeURIComponent(target)}`, { replace: true });
      else goAfterSignIn(navigate, target);
    },
    [navigate, queryClient, params, review],
  );
}
