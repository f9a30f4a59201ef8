import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { refreshCabinet } from './api.ts';
import { MAX_UPLOAD_FILES, TOO_MANY_FILES, UPLOAD_FAILED, uploadFile } from './upload.ts';

export type UploadEntry = {
  key: string;
  filename: string;
  progress: number;
  status: 'waiting' | 'uploading' | 'done' | 'error';
  error?: string;
};

/**
 * Uploads files into a folder one request per file, one after another, keeping each file's progress;
 * when all are done it tells the outcome (spec: 'File uploaded.') and refreshes the cabinet.
 */
export function useUploads(companyId: number) {
  const { push } = useNotices();
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const busy = entries.some((e) => e.status === 'waiting' || e.status === 'uploading');

  const update = (key: string, change: Partial<UploadEntry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));

  async function start(path: string, files: File[]) {
    if (files.length === 0) return;
    if (files.length > MAX_UPLOAD_FILES) {
      push({ type: 'error', message: TOO_MANY_FILES });
      return;
    }
    const batch = files.map((file, i) => ({ file, key: `${Date.now()}-${i}-${file.name}` }));
    setEntries(
      batch.map(({ file, key }) => ({ key, filename: file.name, progress: 0, status: 'waiting' as const })),
    );
    const errors: string[] = [];
    for (const { file, key } of batch) {
      update(key, { status: 'uploading' });
      try {
        await uploadFile(companyId, path, file, (progress) => update(key, { progress }));
        update(key, { status: 'done', progress: 100 });
      } catch (error) {
        const message = errorMessage(error, UPLOAD_FAILED);
        errors.push(message);
        update(key, { status: 'error', error: message });
      }
    }
    if (errors.length < batch.length) push({ type: 'success', message: 'File uploaded.' });
    for (const message of new Set(errors)) push({ type: 'error', message });
    await refreshCabinet(queryClient, companyId);
  }

  return { entries, busy, start, clear: () => setEntries([]) };
}
