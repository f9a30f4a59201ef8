/** Short codes the login page receives as `?oidc_error=` when a sign-in with an issuer fails. */
export type OidcFailureCode =
  | 'state'
  | 'denied'
  | 'provider'
  | 'unavailable'
  | 'email_missing'
  | 'email_unverified'
  | 'email_in_use'
  | 'identity_in_use'
  | 'account_disabled'
  | 'server';

export class OidcFailure extends Error {
  readonly code: OidcFailureCode;

  constructor(code: OidcFailureCode, options?: ErrorOptions) {
    super(`OIDC sign-in failed: ${code}`, options);
    this.code = code;
  }
}
