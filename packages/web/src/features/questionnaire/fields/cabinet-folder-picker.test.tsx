import type { FolderListing } from '@charter/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../shell/test-providers.tsx';
import { CabinetFolderPicker, pathTrail } from './cabinet-folder-picker.tsx';

const api = vi.hoisted(() => ({
  apiFetch: vi.fn(),
  errorMessage: (_: unknown, fallback: string) => fallback,
}));
vi.mock('../../../api/client.ts', () => api);

const CREATED = '2026-01-05T10:00:00.000Z';

afterEach(cleanup);

describe('the cabinet folder picker of a share-links field', () => {
  it('names each level of a path', () => {
    expect(pathTrail('/')).toEqual([['File Cabinet', '/']]);
    expect(pathTrail('/A/B')).toEqual([
      ['File Cabinet', '/'],
      ['A', '/A'],
      ['B', '/A/B'],
    ]);
  });

  it('browses into a folder and links it by its cabinet address', async () => {
    const contracts = { id: 1, name: 'Contracts', path: '/Contracts', parent_path: '/', created_at: CREATED };
    api.apiFetch.mockImplementation(
      async (path: string): Promise<FolderListing> =>
        path.includes('path=%2FContracts')
          ? { path: '/Contracts', parent_path: '/', folders: [], files: [], total_files: 0 }
          : { path: '/', parent_path: null, folders: [contracts], files: [], total_files: 0 },
    );
    const onPick = vi.fn();
    renderAt('/c/7/x', '/c/:companyId/x', <CabinetFolderPicker onPick={onPick} />);
    fireEvent.click(screen.getByRole('button', { name: 'Link a cabinet folder' }));
    fireEvent.click(await screen.findByText('Contracts'));
    await screen.findByText('No folders here.');
    fireEvent.click(screen.getByRole('button', { name: 'Link this folder' }));
    await waitFor(() =>
      expect(onPick).toHaveBeenCalledWith({
        label: 'Contracts',
        url: `${window.location.origin}/c/7/cabinet?path=%2FContracts`,
      }),
    );
  });
});
