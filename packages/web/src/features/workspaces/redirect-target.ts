/**
 * Where to go after choosing workspace `id` on the workspaces page: the ?redirect= target with its company
 * replaced, or the workspace's home. Only in-app /c/... paths are followed, never another origin.
 */
export function workspaceTarget(id: number, redirect: string | null): string {
  const home = `/c/${id}/home`;
  if (!redirect || !/^\/c\/[^/?#]+/.test(redirect)) return home;
  const target = redirect.replace(/^\/c\/[^/?#]+/, `/c/${id}`);
  if (/^\/c\/\d+\/?(company-select)?\/?([?#].*)?$/.test(target)) return home;
  return target;
}

/** Case-insensitive filter on the workspace's names. */
export function matchesWorkspace(query: string, names: (string | null | undefined)[]): boolean {
  const needle = query.trim().toLowerCase();
  return !needle || names.some((name) => name?.toLowerCase().includes(needle));
}
