import { FILE_NAME_SLASH } from '@charter/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { fakeSession, renderAt } from '../shell/test-providers.tsx';
import { CabinetPage } from './cabinet-page.tsx';
import type { CabinetFile, CabinetFolder, FolderListing } from './types.ts';

const api = vi.hoisted(() => ({
  apiFetch: vi.fn(),
  apiBlob: vi.fn(),
  apiFile: vi.fn(),
  apiPostBlob: vi.fn(),
}));
const push = vi.hoisted(() => vi.fn());
const uploadFile = vi.hoisted(() => vi.fn());
const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => api);
vi.mock('../../app/session.tsx', () => ({ useSession: () => fakeSession() }));
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push }) }));
vi.mock('../../ui/save-blob.ts', () => ({ saveBlob }));
vi.mock('./upload.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./upload.ts')>()),
  uploadFile,
}));

const CREATED = '2024-03-05T10:00:00Z';
const folder = (id: number, path: string): CabinetFolder => ({
  id,
  name: path.slice(path.lastIndexOf('/') + 1),
  path,
  parent_path: path.slice(0, path.lastIndexOf('/')) || '/',
  created_at: CREATED,
});
const file = (id: number, filename: string, path = '/', size = 1536, isDocument = false): CabinetFile => ({
  id,
  filename,
  content_type: filename.endsWith('.pdf') ? 'application/pdf' : 'text/plain',
  size,
  path,
  created_at: CREATED,
  abilities: { download: true, rename: true, move: true, delete: !isDocument },
});

let listings: Record<string, FolderListing>;
/** GET /api/account/me's abilities: the page offers the cabinet's actions by the server's word. */
let filecabinet: boolean;
const listing = (path: string, folders: CabinetFolder[], files: CabinetFile[], total = files.length) => ({
  path,
  parent_path: path === '/' ? null : '/',
  folders,
  files,
  total_files: total,
});

type Options = { method?: string; body?: unknown };
let override: ((path: string, options?: Options) => unknown) | null;
beforeEach(() => {
  push.mockReset();
  uploadFile.mockReset();
  saveBlob.mockReset();
  override = null;
  filecabinet = true;
  listings = {
    '/': listing(
      '/',
      [folder(1, '/Contracts'), folder(2, '/Tax')],
      [file(10, 'a.pdf'), file(11, 'notes.txt')],
    ),
    '/Contracts': listing('/Contracts', [], [file(12, 'nda.pdf', '/Contracts')]),
  };
  api.apiFetch.mockReset();
  api.apiFetch.mockImplementation(async (path: string, options?: Options) => {
    if (override) {
      const answer = override(path, options);
      if (answer !== undefined) return answer;
    }
    if (path === '/api/account/me') {
      return { abilities: { manage_settings: true, filecabinet, reports: true, rooms: true } };
    }
    const match = /^\/api\/account\/storage\/folder\?path=([^&]*)&limit=200&offset=0$/.exec(path);
    if (match && !options?.method) {
      const found = listings[decodeURIComponent(match[1])];
      if (!found) throw new ApiError(404, { code: 'NOT_FOUND', message: 'Folder not found' });
      return found;
    }
    return undefined;
  });
});
afterEach(cleanup);

const renderPage = (url = '/c/7/cabinet') => renderAt(url, '/c/:companyId/cabinet', <CabinetPage />);
const location = () => screen.getByTestId('location').textContent;
const rowNames = () =>
  within(screen.getByRole('table', { name: 'Folder contents' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1].textContent);

describe('CabinetPage', () => {
  it('lists folders first, then files with their size', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'File Cabinet' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Contracts' });
    expect(rowNames()).toEqual(['Contracts', 'Tax', 'a.pdf', 'notes.txt']);
    expect(screen.getAllByText('1.5 KB')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Select a.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' }).hasAttribute('disabled')).toBe(true);
    expect(api.apiFetch).toHaveBeenCalledWith('/api/account/storage/folder?path=/&limit=200&offset=0', {
      accountId: 7,
    });
  });

  it('opens a folder by click and comes back by the breadcrumbs', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Contracts' }));
    await waitFor(() => expect(location()).toBe('/c/7/cabinet?path=/Contracts'));
    expect(await screen.findByRole('button', { name: 'nda.pdf' })).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith(
      '/api/account/storage/folder?path=/Contracts&limit=200&offset=0',
      { accountId: 7 },
    );
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByRole('button', { name: 'Contracts' })).toBeTruthy();
    fireEvent.click(within(crumbs).getByRole('button', { name: 'File Cabinet' }));
    await waitFor(() => expect(location()).toBe('/c/7/cabinet'));
  });

  it('creates a folder in the current folder and shows a refusal', async () => {
    renderPage('/c/7/cabinet?path=/Contracts');
    await screen.findByRole('button', { name: 'nda.pdf' });
    override = (path, options) => {
      if (path !== '/api/account/storage/folder' || options?.method !== 'POST') return undefined;
      const { path: target } = options.body as { path: string };
      if (target === '/Contracts/Tax')
        throw new ApiError(409, { code: 'CONFLICT', message: 'A folder of that name already exists here.' });
      return folder(3, target);
    };
    fireEvent.click(screen.getByRole('button', { name: 'New Folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Folder' });
    const name = within(dialog).getByRole('textbox', { name: 'Folder name' });
    fireEvent.change(name, { target: { value: 'Tax' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A folder of that name already exists here.')).toBeTruthy();

    fireEvent.change(name, { target: { value: 'Signed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith({ type: 'success', message: 'Folder created.' }));
    expect(api.apiFetch).toHaveBeenCalledWith('/api/account/storage/folder', {
      method: 'POST',
      body: { path: '/Contracts/Signed' },
      accountId: 7,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Folder' })).toBeNull());
  });

  it('deletes a file after confirming, and shows why a folder cannot go', async () => {
    renderPage();
    override = (path, options) => {
      if (options?.method !== 'DELETE') return undefined;
      if (path === '/api/account/storage/folder/1')
        throw new ApiError(409, { code: 'CONFLICT', message: 'Only an empty folder can be deleted.' });
      return null;
    };
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for a.pdf' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete File' });
    expect(within(dialog).getByText('a.pdf')).toBeTruthy();
    expect(api.apiFetch).not.toHaveBeenCalledWith('/api/account/box/file/10', expect.anything());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith({ type: 'success', message: 'File deleted.' }));
    expect(api.apiFetch).toHaveBeenCalledWith('/api/account/box/file/10', { method: 'DELETE', accountId: 7 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete File' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Contracts' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const folderDialog = await screen.findByRole('dialog', { name: 'Delete Folder' });
    fireEvent.click(within(folderDialog).getByRole('button', { name: 'Delete' }));
    expect(await within(folderDialog).findByText('Only an empty folder can be deleted.')).toBeTruthy();
  });

  it("offers no Delete on a task's document, as the server refuses it", async () => {
    listings['/'] = listing('/', [], [file(12, 'nda.pdf', '/', 1536, true)]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for nda.pdf' }));
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });

  it('refuses a file name with a slash, saying why, instead of cutting it short', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for notes.txt' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename File' });
    const name = within(dialog).getByRole('textbox', { name: 'File name' });
    fireEvent.change(name, { target: { value: 'Q3/notes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText(FILE_NAME_SLASH)).toBeTruthy();
    expect(api.apiFetch).not.toHaveBeenCalledWith('/api/account/box/file/11', expect.anything());

    fireEvent.change(name, { target: { value: 'Q3 notes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith({ type: 'success', message: 'File renamed.' }));
    expect(api.apiFetch).toHaveBeenCalledWith('/api/account/box/file/11', {
      method: 'PUT',
      body: { filename: 'Q3 notes' },
      accountId: 7,
    });
  });

  it('shows an empty folder, and a refusal to open the cabinet', async () => {
    listings['/'] = listing('/', [], []);
    renderPage();
    expect(await screen.findByText('This folder is empty.')).toBeTruthy();
    cleanup();
    override = (path) => {
      if (path === '/api/account/me') return undefined;
      throw new ApiError(403, { code: 'FORBIDDEN', message: 'You do not have access to the file cabinet.' });
    };
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You do not have access to the file cabinet.',
    );
  });

  it('offers a member without the cabinet no Upload or New Folder, and lists nothing', async () => {
    filecabinet = false;
    renderAt('/c/7/cabinet/-1/10', '/c/:companyId/cabinet/:parentId/:fileId', <CabinetPage />);
    expect(await screen.findByText('You do not have access to the file cabinet.')).toBeTruthy();
    // A document link still previews the file they may open.
    await waitFor(() => expect(api.apiBlob).toHaveBeenCalledWith('/api/account/box/file/10/preview', 7));
    for (const name of ['Upload', 'New Folder', 'Move', 'Delete']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByLabelText('Files to upload')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Search the file cabinet' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Folder contents' })).toBeNull();
  });

  it('searches the whole cabinet by name and says where each file is', async () => {
    override = (path) =>
      path === '/api/account/storage/search?q=nda&limit=200&offset=0'
        ? { folders: [], files: [file(12, 'nda.pdf', '/Contracts')], total_files: 1 }
        : path.startsWith('/api/account/storage/search?q=zz')
          ? { folders: [], files: [], total_files: 0 }
          : undefined;
    renderPage();
    await screen.findByRole('button', { name: 'a.pdf' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search the file cabinet' }), {
      target: { value: ' nda ' },
    });
    expect(await screen.findByRole('button', { name: 'nda.pdf' })).toBeTruthy();
    expect(screen.getByText('in /Contracts')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'a.pdf' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search the file cabinet' }), {
      target: { value: 'zz' },
    });
    expect(await screen.findByText('No folder or file has that in its name.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search the file cabinet' }), {
      target: { value: '' },
    });
    expect(await screen.findByRole('button', { name: 'a.pdf' })).toBeTruthy();
  });

  it('moves the selected files to a folder picked in the cabinet', async () => {
    override = (path, options) =>
      path === '/api/account/storage/files/move' && options?.method === 'POST' ? [] : undefined;
    renderPage();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select a.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select notes.txt' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 files' });
    // Already there: nothing to move until another folder is chosen.
    expect(within(dialog).getByRole('button', { name: 'Move here' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(await within(dialog).findByText('Contracts'));
    expect(await within(dialog).findByRole('button', { name: 'Contracts', current: 'page' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move here' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith({ type: 'success', message: 'Files moved.' }));
    expect(api.apiFetch).toHaveBeenCalledWith('/api/account/storage/files/move', {
      method: 'POST',
      body: { file_ids: [10, 11], path: '/Contracts' },
      accountId: 7,
    });
  });

  it("deletes the selected files together, and offers no bulk Delete with a task's document in it", async () => {
    listings['/'] = listing(
      '/',
      [],
      [file(10, 'a.pdf'), file(11, 'notes.txt'), file(12, 'memo.pdf', '/', 9, true)],
    );
    override = (path, options) =>
      path === '/api/account/storage/files/delete' && options?.method === 'POST' ? null : undefined;
    renderPage();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all files' }));
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select memo.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Files' });
    expect(within(dialog).getByText('2 files')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith({ type: 'success', message: 'Files deleted.' }));
    expect(api.apiFetch).toHaveBeenCalledWith('/api/account/storage/files/delete', {
      method: 'POST',
      body: { file_ids: [10, 11] },
      accountId: 7,
    });
  });

  it('loads more files while the folder has more', async () => {
    listings['/'] = listing('/', [], [file(10, 'a.pdf')], 2);
    override = (path) => (path.endsWith('offset=1') ? listing('/', [], [file(11, 'b.pdf')], 2) : undefined);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'b.pdf' })).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('/api/account/storage/folder?path=/&limit=200&offset=1', {
      accountId: 7,
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('uploads each file with its progress, then tells the outcome', async () => {
    renderPage('/c/7/cabinet?path=/Contracts');
    await screen.findByRole('button', { name: 'nda.pdf' });
    uploadFile.mockImplementation(
      async (_company: number, _path: string, chosen: File, onProgress: (n: number) => void) => {
        onProgress(50);
        if (chosen.name === 'bad.exe')
          throw new ApiError(400, { code: 'VALIDATION_ERROR', message: 'Unable to upload file type.' });
        return [file(20, chosen.name, '/Contracts')];
      },
    );
    const input = screen.getByLabelText('Files to upload');
    const chosen = [new File(['x'], 'one.pdf'), new File(['y'], 'bad.exe')];
    fireEvent.change(input, { target: { files: chosen } });
    await waitFor(() => expect(push).toHaveBeenCalledWith({ type: 'success', message: 'File uploaded.' }));
    expect(push).toHaveBeenCalledWith({ type: 'error', message: 'Unable to upload file type.' });
    expect(uploadFile).toHaveBeenCalledWith(7, '/Contracts', chosen[0], expect.any(Function));
    const uploading = screen.getByRole('region', { name: 'Uploading' });
    const bar = within(uploading).getByRole('progressbar', { name: 'Upload progress of one.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(within(uploading).getByText('Done')).toBeTruthy();
    expect(within(uploading).getByText('Unable to upload file type.')).toBeTruthy();
  });

  it('refuses more than 100 files at once', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'a.pdf' });
    const chosen = Array.from({ length: 101 }, (_, i) => new File(['x'], `f${i}.pdf`));
    fireEvent.change(screen.getByLabelText('Files to upload'), { target: { files: chosen } });
    expect(push).toHaveBeenCalledWith({ type: 'error', message: 'Upload at most 100 files at once.' });
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('downloads the selected files as one zip', async () => {
    const zip = new Blob(['zip']);
    api.apiPostBlob.mockResolvedValue(zip);
    renderPage();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select a.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select notes.txt' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(api.apiPostBlob).toHaveBeenCalledWith(
        '/api/account/storage/download-zip',
        { file_ids: [10, 11] },
        7,
      ),
    );
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(zip, 'Documents.zip'));
    expect(push).toHaveBeenCalledWith({ type: 'success', message: 'Starting Download.' });
  });

  it('opens any file of the listing in the preview, and downloads from the row menu', async () => {
    api.apiBlob.mockResolvedValue(new Blob(['text']));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for notes.txt' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Download' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'notes.txt'));
    expect(push).toHaveBeenCalledWith({ type: 'success', message: 'Starting Download.' });
    expect(api.apiBlob).toHaveBeenCalledWith('/api/account/box/file/11?download=1', 7);
    fireEvent.click(await screen.findByRole('button', { name: 'notes.txt' }));
    await waitFor(() => expect(location()).toBe('/c/7/cabinet/-1/11'));
  });

  it('sends a PDF for signature from its menu and opens its signing page', async () => {
    override = (path, options) =>
      path === '/api/account/signing/documents' && options?.method === 'POST'
        ? { document: { id: 40 }, state: 'draft', recipients: [], fields: [], pages: [], events: [] }
        : undefined;
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for notes.txt' }));
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Send for signature' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for a.pdf' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Send for signature' }));
    await waitFor(() => expect(location()).toBe('/c/7/documents/40/sign'));
    expect(api.apiFetch).toHaveBeenCalledWith('/api/account/signing/documents', {
      method: 'POST',
      body: { file_id: 10 },
      accountId: 7,
    });
  });

  it('previews a file by its link and closes back to the cabinet', async () => {
    api.apiBlob.mockRejectedValue(new ApiError(500, {}));
    listings['/'] = listing('/', [], []);
    override = (path) =>
      path === '/api/account/box/file/10/info' ? file(10, 'Deep.pdf', '/Tax') : undefined;
    renderAt('/c/7/cabinet/-1/10', '/c/:companyId/cabinet/:parentId/:fileId', <CabinetPage />);
    const dialog = await screen.findByRole('dialog', { name: 'Deep' });
    expect(api.apiBlob).toHaveBeenCalledWith('/api/account/box/file/10/preview', 7);
    expect(await within(dialog).findByText('Unable to preview file at this time.')).toBeTruthy();
    // The file itself can still be downloaded, under the name the server gives it.
    api.apiFile.mockResolvedValue({ blob: new Blob(['%PDF']), filename: 'Deep.pdf' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'Deep.pdf'));
    expect(push).toHaveBeenCalledWith({ type: 'success', message: 'Starting Download.' });
    expect(api.apiFile).toHaveBeenCalledWith('/api/account/box/file/10?download=1', 7);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(location()).toBe('/c/7/cabinet'));
  });
});
