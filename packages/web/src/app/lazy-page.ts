import { type ComponentType, lazy } from 'react';

/**
 * A page loaded when first drawn: its module, and whatever only it uses, becomes a chunk of its own, so
 * the first load carries only the shell. Shown inside a <PageBoundary>.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
