import type { AddonView, FeeView, ProductView } from '@charter/domain';
import { describe, expect, it } from 'vitest';
import { feeNotice, nextAddons } from './addons.ts';

const fee = (status: FeeView['status'], amount = 30_000): FeeView => ({
  taskId: 1,
  key: 'state-filing',
  label: 'State Filing Fee',
  amount,
  is_annual: false,
  comment: '',
  dynamic_table: 'llc',
  feature_type_id: 'state',
  status,
});
const addon = (key: string, chosen: boolean): AddonView => ({
  taskId: 1,
  key,
  label: key,
  amount: 24_900,
  period: 'year',
  chosen,
  status: chosen ? 'due' : 'none',
});
const product = (fees: FeeView[], addons: AddonView[], total: number): ProductView => ({
  fees,
  addon: addons,
  fee_total: total,
});

describe('the fee/credit notice', () => {
  it("says the spec's no-fees line only when nothing is listed and no credit is used", () => {
    expect(feeNotice(product([], [], 0), 0)).toBe('No fees or document credits apply to this task.');
    // A state without a fee in its table lists nothing either.
    expect(feeNotice(product([fee('none', 0)], [], 0), 0)).toBe(
      'No fees or document credits apply to this task.',
    );
  });

  it('says what submitting costs when fees or credits apply, and nothing once all is settled', () => {
    expect(feeNotice(product([fee('due')], [addon('agent', false)], 30_000), 1)).toBe(
      'Due when this task is submitted: $300.00 and 1 document credit.',
    );
    expect(feeNotice(product([], [], 0), 2)).toBe('Due when this task is submitted: 2 document credits.');
    expect(feeNotice(product([fee('succeeded')], [], 0), 0)).toBeNull();
    expect(feeNotice(product([], [addon('agent', false)], 0), 0)).toBeNull();
  });
});

describe('nextAddons', () => {
  it('sends the whole chosen set with the one ticked or unticked', () => {
    const addons = [addon('agent', true), addon('vault', false)];
    expect(nextAddons(addons, 'vault', true)).toEqual(['agent', 'vault']);
    expect(nextAddons(addons, 'agent', false)).toEqual([]);
  });
});
