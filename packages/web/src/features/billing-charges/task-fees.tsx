import type { AddonView, FeeView } from '@charter/domain';
import { Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import { formatCents } from '../billing/money.ts';
import { addonSettled, useAddonTicks } from './addons.ts';

const STATUS_LABEL: Partial<Record<FeeView['status'], { label: string; color: string }>> = {
  succeeded: { label: 'Paid', color: 'green' },
  covered: { label: 'Covered', color: 'teal' },
  pending: { label: 'Processing', color: 'yellow' },
  failed: { label: 'Declined', color: 'red' },
  requires_action: { label: 'Needs authentication', color: 'orange' },
};

type Props = {
  fees: FeeView[];
  addons: AddonView[];
  /** While the task can still change: an add-on is chosen or declined here (settles when saved). */
  onChooseAddon?: (addon: AddonView, chosen: boolean) => Promise<unknown>;
};

/**
 * A task card's fees and add-ons (spec 2 §3, §4): label, amount (cents / 100), annual or per period. An
 * add-on is offered with a checkbox, unticked until chosen: it is charged only once chosen.
 */
export function TaskFees({ fees, addons, onChooseAddon }: Props) {
  const ticks = useAddonTicks(onChooseAddon ?? (async () => undefined));
  const shown = fees.filter((fee) => fee.status !== 'none' || fee.comment);
  if (shown.length === 0 && addons.length === 0) return null;
  return (
    <Stack gap={4} aria-label="Fees and add-ons">
      {shown.map((fee) => (
        <Group key={fee.key} gap="xs" wrap="nowrap">
          <Text size="sm">
            {fee.label}: {fee.status === 'none' ? '—' : formatCents(fee.amount)}
            {fee.is_annual ? ' per year' : ''}
          </Text>
          <FeeBadge status={fee.status} />
          {fee.comment && (
            <Text size="xs" c="dimmed">
              {fee.comment}
            </Text>
          )}
        </Group>
      ))}
      {addons.map((addon) => {
        const label = `Add-on: ${addon.label}, ${formatCents(addon.amount)}/${addon.period}`;
        return (
          <Group key={addon.key} gap="xs" wrap="nowrap">
            {onChooseAddon && !addonSettled(addon) ? (
              <Checkbox
                size="sm"
                label={label}
                description={ticks.chosen(addon) ? undefined : 'Optional: charged only if you add it.'}
                checked={ticks.chosen(addon)}
                onChange={(event) => ticks.tick(addon, event.currentTarget.checked)}
              />
            ) : (
              <Text size="sm" c={addon.chosen ? undefined : 'dimmed'}>
                {label}
                {addon.chosen ? '' : ' (not added)'}
              </Text>
            )}
            <FeeBadge status={addon.status} />
          </Group>
        );
      })}
    </Stack>
  );
}

function FeeBadge({ status }: { status: FeeView['status'] }) {
  const shown = STATUS_LABEL[status];
  if (!shown) return null;
  return (
    <Badge size="xs" variant="light" color={shown.color}>
      {shown.label}
    </Badge>
  );
}
