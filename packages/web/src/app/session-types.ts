import type { SessionUser } from '@charter/domain';

/** GET /api/user/me, as the domain declares it. */
export type { SessionUser } from '@charter/domain';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export type Session = {
  status: SessionStatus;
  user: SessionUser | null;
  idToken: string | null;
  /** Stores the id_token, loads the user and marks the session authenticated. */
  signIn: (idToken: string) => Promise<SessionUser>;
  /** Ends the session on the server and here; shows `message` as a warning when given. */
  logout: (message?: string) => Promise<void>;
  /** An access token for the account (cached, renewed 600 s before expiry). */
  accessTokenFor: (accountId: number | string) => Promise<string>;
  currentAccountId: number | null;
  /** Requests a new access token, makes the account current and resets cached queries. */
  switchAccount: (accountId: number) => Promise<void>;
  /** Reloads GET /api/user/me (after verifying an email, changing the profile, …). */
  refreshUser: () => Promise<void>;
  impersonatorId: number | string | null;
  /** True after an explicit logout in this page's life (guards then skip the ?redirect= query). */
  loggedOut: boolean;
};
