import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession } from '../features/shell/test-providers.tsx';
import { LOAD_ERROR_MESSAGE } from '../ui/loading-screen.tsx';
import { lazyPage } from './lazy-page.ts';
import { PageBoundary } from './page-boundary.tsx';

const session = fakeSession();
vi.mock('./session.tsx', () => ({ useSession: () => session }));

const show = (resetKey: string, page: ReactNode) => (
  <MantineProvider>
    <PageBoundary resetKey={resetKey}>{page}</PageBoundary>
  </MantineProvider>
);

describe('PageBoundary', () => {
  it('shows the loading screen while a page loads, then the page', async () => {
    const Page = lazyPage(async () => ({ title }: { title: string }) => <h1>{title}</h1>);
    render(show('/a', <Page title="Documents" />));
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Documents' })).toBeTruthy();
  });

  it('offers a reload when a page cannot be loaded, and tries again at another location', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Missing = lazyPage<object>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const { rerender } = render(show('/a', <Missing />));
    expect(await screen.findByText(LOAD_ERROR_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();

    const Page = lazyPage(async () => () => <h1>Cabinet</h1>);
    rerender(show('/b', <Page />));
    expect(await screen.findByRole('heading', { name: 'Cabinet' })).toBeTruthy();
  });
});
