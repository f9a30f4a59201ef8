/** Leaves the SPA for a server page (an issuer's sign-in start); a module of its own so tests can stand in for it. */
export function navigateAway(url: string) {
  window.location.assign(url);
}
