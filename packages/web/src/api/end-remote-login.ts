import { apiFetch } from './client.ts';
import { clearStoredTokens, setCurrentAccountId } from './token-storage.ts';

/**
 * The staff member's way back from acting as a user: ends the remote login's session (its id token), forgets
 * its tokens, and opens the staff console, where the staff member's own session (the cookie a remote login
 * never replaced) signs them in as themselves.
 */
export async function backToStaffConsole() {
  await apiFetch('/api/authn/session/remote', { method: 'DELETE', auth: 'id' }).catch(() => undefined);
  clearStoredTokens();
  setCurrentAccountId(null);
  window.location.assign('/staff');
}
