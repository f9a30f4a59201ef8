import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { uploadFile } from './upload.ts';

vi.mock('../../api/token-renewal.ts', () => ({ ensureAccessToken: async () => 'access-7' }));

/** Records what the uploader sends and answers as the test says. */
class FakeXhr {
  static last: FakeXhr;
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
afterEach(() => vi.unstubAllGlobals());

const sent = async () => {
  await vi.waitFor(() => expect(FakeXhr.last?.body).toBeTruthy());
  return FakeXhr.last;
};

describe('uploadFile', () => {
  it('posts one file to the folder with the workspace token and reports progress', async () => {
    const progress = vi.fn();
    const chosen = new File(['hello'], 'a b.pdf');
    const done = uploadFile(7, '/A/B C', chosen, progress);
    const xhr = await sent();
    expect(xhr.url).toBe('/api/account/storage/upload?path=/A/B%20C');
    expect(xhr.headers.Authorization).toBe('Bearer access-7');
    expect((xhr.body!.get('file') as File).name).toBe('a b.pdf');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    expect(progress).toHaveBeenLastCalledWith(25);
    xhr.answer(201, [{ id: 1, filename: 'a b.pdf' }]);
    expect(await done).toEqual([{ id: 1, filename: 'a b.pdf' }]);
    expect(progress).toHaveBeenLastCalledWith(100);
  });

  it("rejects with the server's message", async () => {
    const done = uploadFile(7, '/', new File(['x'], 'a.exe'), vi.fn());
    (await sent()).answer(400, { code: 'VALIDATION_ERROR', message: 'Unable to upload file type.' });
    await expect(done).rejects.toBeInstanceOf(ApiError);
    await expect(done).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Unable to upload file type.',
    });
  });
});
