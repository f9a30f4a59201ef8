import { Tooltip } from '@mantine/core';
import type { LiveState } from './live-socket.ts';

const LABELS: Record<LiveState, string> = {
  connecting: 'Connecting to live updates…',
  live: 'Live updates on',
  reconnecting: 'Reconnecting to live updates…',
};

/** A dot in the top bar: green while this page receives live updates, grey while it reconnects. */
export function LiveStatus({ state }: { state: LiveState }) {
  const live = state === 'live';
  return (
    <Tooltip label={LABELS[state]}>
      <span
        role="status"
        aria-label={LABELS[state]}
        data-live-state={state}
        style={{
          display: 'inline-block',
          width: 10,
          height: 10,
          borderRadius: '50%',
          background: live ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-gray-6)',
        }}
      />
    </Tooltip>
  );
}
