import type { SigningDocumentView } from '@charter/domain';
import { Text, Timeline } from '@mantine/core';
import { eventTitle } from './labels.ts';

const when = (iso: string) => new Date(iso).toLocaleString();

/** The document's signing history, newest first: what happened, who did it, from where, and when. */
export function HistoryList({ events }: { events: SigningDocumentView['events'] }) {
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing has happened yet.
      </Text>
    );
  }
  const newestFirst = [...events].sort((a, b) => b.seq - a.seq);
  return (
    <Timeline bulletSize={12} lineWidth={2} active={-1} aria-label="History">
      {newestFirst.map((event) => (
        <Timeline.Item key={event.seq} title={eventTitle(event)}>
          <Text size="xs">
            {event.who}
            {event.ip ? ` · IP ${event.ip}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {when(event.at)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
