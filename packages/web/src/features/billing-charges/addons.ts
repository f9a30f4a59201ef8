import { type AddonView, FEE_MESSAGES, type ProductView } from '@charter/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCents } from '../billing/money.ts';
import { workbenchApi, workbenchKeys } from '../workbench/api.ts';

/** A paid (or partner-covered) add-on is bought: it can no longer be declined here. */
export const addonSettled = (addon: AddonView) => addon.status === 'succeeded' || addon.status === 'covered';

/** The add-on keys of the task once `key` is chosen or declined (the server takes the whole set). */
export function nextAddons(addons: readonly AddonView[], key: string, chosen: boolean): string[] {
  const kept = addons.filter((a) => a.chosen && a.key !== key).map((a) => a.key);
  return chosen ? [...kept, key] : kept;
}

/**
 * Choosing or declining a task's add-on (PUT /api/account/task/{id} `addons`): the group's page and what
 * its submission costs are read again, so every total shown follows the choice.
 */
export function useChooseAddon(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { addon: AddonView; addons: readonly AddonView[]; chosen: boolean }) =>
      workbenchApi(companyId).updateTask(input.addon.taskId, {
        addons: nextAddons(
          input.addons.filter((a) => a.taskId === input.addon.taskId),
          input.addon.key,
          input.chosen,
        ),
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: workbenchKeys.all(companyId),
          predicate: (query) => query.queryKey[3] !== 'questionnaire',
        }),
        queryClient.invalidateQueries({ queryKey: ['account', companyId, 'billing'] }),
      ]),
  });
}

const keyOf = (addon: AddonView) => `${addon.taskId}:${addon.key}`;

/**
 * A tick shown at once: the box follows the click while the choice is saved and the totals are read
 * again, then the server's value; a refused choice falls back to it.
 */
export function useAddonTicks(choose: (addon: AddonView, chosen: boolean) => Promise<unknown>) {
  const [pending, setPending] = useState<Record<string, boolean>>({});
  return {
    chosen: (addon: AddonView) => pending[keyOf(addon)] ?? addon.chosen,
    tick: (addon: AddonView, chosen: boolean) => {
      const key = keyOf(addon);
      setPending((current) => ({ ...current, [key]: chosen }));
      void choose(addon, chosen).finally(() => setPending(({ [key]: _settled, ...rest }) => rest));
    },
  };
}

/**
 * The task overview's fee/credit notice (spec 2 §2): the spec's "no fees" line only when nothing is
 * listed and no credit is used; otherwise what submitting costs now, or nothing when it is all settled.
 */
export function feeNotice(product: ProductView, creditsNeeded: number): string | null {
  const listed =
    product.fees.some((fee) => fee.status !== 'none') || product.addon.length > 0 || creditsNeeded > 0;
  if (!listed) return FEE_MESSAGES.none;
  const parts = [
    product.fee_total > 0 ? formatCents(product.fee_total) : null,
    creditsNeeded > 0 ? `${creditsNeeded} document credit${creditsNeeded === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? `Due when this task is submitted: ${parts.join(' and ')}.` : null;
}
