import { LIVE_REFRESH_DELAY_MS } from '@charter/domain';
import { describe, expect, it } from 'vitest';
import { refreshDelayFor } from './use-live-channel.ts';

describe('refreshDelayFor (spec 1)', () => {
  it('waits 2 s on dashboards and 3.5 s on task and home pages', () => {
    expect(refreshDelayFor('/dashboard')).toBe(LIVE_REFRESH_DELAY_MS.dashboard);
    expect(refreshDelayFor('/c/3/dashboard/_account/3')).toBe(LIVE_REFRESH_DELAY_MS.dashboard);
    expect(refreshDelayFor('/c/0/dashboard/personal')).toBe(LIVE_REFRESH_DELAY_MS.dashboard);
    expect(refreshDelayFor('/c/3/home')).toBe(LIVE_REFRESH_DELAY_MS.page);
    expect(refreshDelayFor('/c/3/workbench/2/5/9/overview')).toBe(LIVE_REFRESH_DELAY_MS.page);
    expect(refreshDelayFor('/c/3/dashboards-archive')).toBe(LIVE_REFRESH_DELAY_MS.page);
  });
});
