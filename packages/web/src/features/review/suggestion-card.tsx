import type { SuggestionView } from '@charter/domain';
import { Badge, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { describeChange, type RedlinePart, redlineOf } from './redline-diff.ts';

const STYLE: Record<RedlinePart['kind'], React.CSSProperties> = {
  same: {},
  added: { background: 'var(--mantine-color-green-1)', textDecoration: 'underline' },
  removed: { background: 'var(--mantine-color-red-1)', textDecoration: 'line-through' },
};

/** The passage with this suggestion's insertions and deletions marked. */
export function RedlineText({ parts }: { parts: RedlinePart[] }) {
  // Keyed by where each run starts in the redline (runs never move within one).
  let at = 0;
  const keyed = parts.map((part) => {
    const key = `${at}-${part.kind}`;
    at += part.value.length;
    return { ...part, key };
  });
  return (
    <Text
      size="sm"
      component="div"
      style={{ whiteSpace: 'pre-wrap', fontFamily: 'var(--mantine-font-family)' }}
    >
      {keyed.map((part) =>
        part.kind === 'same' ? (
          <span key={part.key}>{part.value}</span>
        ) : (
          <span key={part.key} style={STYLE[part.kind]} data-change={part.kind}>
            <VisuallyHidden>{part.kind === 'added' ? '[inserted: ' : '[deleted: '}</VisuallyHidden>
            {part.value}
            <VisuallyHidden>]</VisuallyHidden>
          </span>
        ),
      )}
    </Text>
  );
}

const STATUS_COLOR: Record<string, string> = {
  accepted: 'teal',
  rejected: 'red',
  applied: 'blue',
  pending: 'gray',
};

/** One suggestion: who, what (as a redline on the current text), their comment, accept or reject. */
export function SuggestionCard({
  suggestion,
  markdown,
  busy,
  onDecide,
}: {
  suggestion: SuggestionView;
  markdown: string | null;
  busy: boolean;
  onDecide: (status: 'accepted' | 'rejected' | 'pending') => void;
}) {
  const anchored = suggestion.start !== null && suggestion.end !== null && markdown !== null;
  const parts =
    anchored && suggestion.kind !== 'comment'
      ? redlineOf(markdown, { ...suggestion, start: suggestion.start ?? 0, end: suggestion.end ?? 0 })
      : null;
  const open = ['pending', 'accepted', 'rejected'].includes(suggestion.status);
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      aria-label={`Suggestion by ${suggestion.reviewer?.name ?? 'a reviewer'}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {describeChange(suggestion)}
          </Text>
          <Badge variant="light" color={STATUS_COLOR[suggestion.status] ?? 'gray'}>
            {suggestion.status}
          </Badge>
        </Group>
        {parts && <RedlineText parts={parts} />}
        {suggestion.comment && (
          <Text size="sm" fs="italic">
            “{suggestion.comment}”
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {suggestion.reviewer?.name} · {new Date(suggestion.created_at).toLocaleString()}
        </Text>
        {open && (
          <Group gap="xs">
            <Button
              size="compact-sm"
              color="teal"
              variant={suggestion.status === 'accepted' ? 'filled' : 'light'}
              disabled={busy}
              onClick={() => onDecide(suggestion.status === 'accepted' ? 'pending' : 'accepted')}
            >
              {suggestion.status === 'accepted' ? 'Accepted' : 'Accept'}
            </Button>
            <Button
              size="compact-sm"
              color="red"
              variant={suggestion.status === 'rejected' ? 'filled' : 'light'}
              disabled={busy}
              onClick={() => onDecide(suggestion.status === 'rejected' ? 'pending' : 'rejected')}
            >
              {suggestion.status === 'rejected' ? 'Rejected' : 'Reject'}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
