import { useEffect } from 'react';
import { useSession } from '../../app/session.tsx';

/**
 * A workspace opened by its URL (a link, a bookmark) becomes the session's current one once it has loaded,
 * so calls that use the current account agree with the page. Impersonators keep the one they were given.
 */
export function useSyncCurrentAccount(companyId: number, loaded: boolean) {
  const { currentAccountId, impersonatorId, switchAccount } = useSession();
  const needed = loaded && companyId > 0 && currentAccountId !== companyId && !impersonatorId;
  useEffect(() => {
    if (needed) switchAccount(companyId).catch(() => undefined);
  }, [needed, companyId, switchAccount]);
}
