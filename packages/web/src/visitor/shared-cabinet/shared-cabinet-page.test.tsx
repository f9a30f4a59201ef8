import { SHARED_LINK_MESSAGES, type UnlistedFolderListing } from '@charter/domain';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SharedCabinetPage } from './shared-cabinet-page.tsx';

const CODE = 'AbCdEfGhIjKlMnOpQrStUv';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const listing = (path: string, over: Partial<UnlistedFolderListing> = {}): UnlistedFolderListing => ({
  kind: 'cabinet',
  can_write: false,
  expires_at: '2030-01-01T00:00:00.000Z',
  path,
  parent_path: path === '/' ? null : '/',
  folders: path === '/' ? [{ name: 'Closing Set', path: '/Closing Set' }] : [],
  files:
    path === '/'
      ? []
      : [
          {
            id: 9,
            filename: 'SPA.pdf',
            content_type: 'application/pdf',
            size: 2048,
            created_at: '2026-01-01',
          },
        ],
  total_files: path === '/' ? 0 : 1,
  ...over,
});

function renderAt(url: string) {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/shared-cabinet/:code" element={<SharedCabinetPage />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('SharedCabinetPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the root, opens a folder by its relative path and shows its breadcrumbs', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').searchParams.get('path') ?? '/';
      return json(200, listing(path));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt(`/shared-cabinet/${CODE}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Open folder Closing Set' }));
    expect(await screen.findByText('SPA.pdf')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Folder path' }).textContent).toContain('Closing Set');
    const last = String(fetchMock.mock.calls.at(-1)?.[0]);
    expect(last).toContain(`access_code=${CODE}`);
    expect(last).toContain(`path=${encodeURIComponent('/Closing Set')}`);
  });

  it('says when the link is dead', async () => {
    vi.stubGlobal('fetch', async () => json(404, { code: 'NOT_FOUND', message: SHARED_LINK_MESSAGES.gone }));
    renderAt(`/shared-cabinet/${CODE}`);
    await waitFor(() => expect(screen.getByText(SHARED_LINK_MESSAGES.gone)).toBeTruthy());
  });
});
