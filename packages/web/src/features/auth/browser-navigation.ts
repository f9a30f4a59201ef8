/** Leaves the SPA for a server page (an issuer's sign-in start); a module of its own so tests can stand in for it. */
export function navigateAway(url: string) {
  window.location.assign(url);
}

/** Leaves the SPA for a page of another entry (the visitor app), in place of this one in the history. */
export function replaceLocation(url: string) {
  window.location.replace(url);
}
