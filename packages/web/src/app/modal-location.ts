import type { Location } from 'react-router';

/** Router state carried by links that open a modal route (/terms, /privacy, /new-company) over a page. */
export type ModalState = { backgroundLocation?: Location };

export const MODAL_PATHS = ['/terms', '/privacy', '/new-company'] as const;

export function isModalPath(pathname: string): boolean {
  return (MODAL_PATHS as readonly string[]).includes(pathname.replace(/\/$/, ''));
}

/** State for `<Link to="/terms" state={modalState(location)}>`: the current page stays behind the modal. */
export function modalState(location: Location): ModalState {
  const current = (location.state as ModalState | null)?.backgroundLocation;
  return { backgroundLocation: current ?? location };
}

export function backgroundOf(location: Location): Location | undefined {
  return (location.state as ModalState | null)?.backgroundLocation;
}

/** Accepts only same-site paths for ?redirect= (no protocol-relative or absolute URLs). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
