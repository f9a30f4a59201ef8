import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cabinetKeys, refreshCabinet } from './api.ts';

describe('refreshCabinet', () => {
  it('reads a listing again when its first fetch began before the change and is still in flight', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers = [['before the upload'], ['after the upload']];
    let calls = 0;
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const observer = new QueryObserver(queryClient, {
      queryKey: cabinetKeys.folder(7, '/'),
      queryFn: async () => {
        const answer = answers[calls++];
        if (calls === 1) await firstHeld;
        return answer;
      },
    });
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await Promise.resolve();
    expect(calls).toBe(1);

    const refreshed = refreshCabinet(queryClient, 7);
    releaseFirst();
    await refreshed;
    expect(calls).toBe(2);
    expect(queryClient.getQueryData(cabinetKeys.folder(7, '/'))).toEqual(['after the upload']);
    unsubscribe();
  });
});
