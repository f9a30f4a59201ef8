import type { ChallengeTemplate } from './auth-api.ts';

const CHALLENGE_KEY = 'auth_challenge';
const NEW_ACCOUNT_KEY = 'registration_account_id';
const REDIRECT_KEY = 'redirect_location';
const REGISTRATION_KEY = 'registration_draft';

export type StoredChallenge = { id: string; receipt: string; email: string; template: ChallengeTemplate };

function read<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** The challenge just requested; kept in both storages so a code typed in another tab still works. */
export function saveChallenge(challenge: StoredChallenge) {
  const raw = JSON.stringify(challenge);
  sessionStorage.setItem(CHALLENGE_KEY, raw);
  localStorage.setItem(CHALLENGE_KEY, raw);
}

export function loadChallenge(): StoredChallenge | null {
  return (
    read<StoredChallenge>(sessionStorage, CHALLENGE_KEY) ?? read<StoredChallenge>(localStorage, CHALLENGE_KEY)
  );
}

export function clearChallenge() {
  sessionStorage.removeItem(CHALLENGE_KEY);
  localStorage.removeItem(CHALLENGE_KEY);
}

/** The workspace created with the account, so confirming the email can land on its home. */
export function saveNewAccountId(accountId: number | null | undefined) {
  if (accountId) localStorage.setItem(NEW_ACCOUNT_KEY, String(accountId));
  else localStorage.removeItem(NEW_ACCOUNT_KEY);
}

export function takeNewAccountId(): number | null {
  const value = Number(localStorage.getItem(NEW_ACCOUNT_KEY));
  localStorage.removeItem(NEW_ACCOUNT_KEY);
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function peekNewAccountId(): number | null {
  const value = Number(localStorage.getItem(NEW_ACCOUNT_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** Saved before leaving for an external sign-in (spec §4): where to return, with its hash. */
export function saveRedirectLocation(path: string, hash: string) {
  localStorage.setItem(REDIRECT_KEY, JSON.stringify({ path, hash }));
}

export function takeRedirectLocation(): string | null {
  const saved = read<{ path?: string; hash?: string }>(localStorage, REDIRECT_KEY);
  localStorage.removeItem(REDIRECT_KEY);
  return saved?.path ? saved.path + (saved.hash ?? '') : null;
}

/** What was registered (never the password), for Back to Registration to show again in this tab. */
export type RegistrationDraft = {
  firstName: string;
  lastName: string;
  email: string;
  addWorkspace: boolean;
  companyName: string;
  businessPurpose: string | null;
};

export function saveRegistrationDraft(draft: RegistrationDraft) {
  sessionStorage.setItem(REGISTRATION_KEY, JSON.stringify(draft));
}

export function loadRegistrationDraft(): RegistrationDraft | null {
  return read<RegistrationDraft>(sessionStorage, REGISTRATION_KEY);
}
