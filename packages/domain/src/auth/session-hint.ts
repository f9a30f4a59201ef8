/**
 * A cookie the page's script can read, set and cleared with the session cookie (which it cannot read:
 * httpOnly, and scoped to /api): while it is there the web app asks for an id_token with the session
 * cookie; without it the page is signed out and asks nothing, so a visitor's page logs no 401. Auth0's
 * SPA SDK does the same with its `auth0.is.authenticated` cookie.
 */
export const SESSION_HINT_COOKIE = 'charter_signed_in';
