import type { ReviewerPageView, SuggestionKind } from '@charter/domain';
import { REVIEW_LINK_INVALID } from '@charter/domain/review/messages';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { LoadingNotice, NoticeCard, PAGE_MAX_WIDTH, SigningFrame } from '../signing/signing-frame.tsx';
import { openReview, selectionIn, suggest, withdraw } from './review-api.ts';

type Passage = { start: number; end: number; quote: string };
const KIND_LABELS: { value: SuggestionKind; label: string }[] = [
  { value: 'replace', label: 'Replace' },
  { value: 'delete', label: 'Delete' },
  { value: 'insert', label: 'Insert after' },
  { value: 'comment', label: 'Comment' },
];

/** /review/:token: a reviewer reads the text, selects a passage and proposes a change or comments. */
export function ReviewPage() {
  const token = useParams().token ?? '';
  const [view, setView] = useState<ReviewerPageView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [passage, setPassage] = useState<Passage | null>(null);
  const [kind, setKind] = useState<SuggestionKind>('replace');
  const [text, setText] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const textRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    openReview(token)
      .then(setView)
      .catch((caught) => setProblem(errorMessage(caught, REVIEW_LINK_INVALID)));
  }, [token]);
  const markdown = view?.document.markdown ?? null;
  const pick = useCallback(() => {
    if (markdown === null) return;
    const picked = selectionIn(textRef.current, markdown);
    if (picked) setPassage(picked);
  }, [markdown]);
  if (problem)
    return (
      <SigningFrame>
        <NoticeCard title={problem} />
      </SigningFrame>
    );
  if (!view)
    return (
      <SigningFrame>
        <LoadingNotice />
      </SigningFrame>
    );
  const canChange = view.document.redlining_allowed;
  const chosen = canChange ? kind : 'comment';
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const anchor = passage ?? { start: null, end: null, quote: '' };
      const body = { kind: chosen, ...anchor, text, comment, revision: view.document.revision };
      setView(await suggest(token, body));
      setPassage(null);
      setText('');
      setComment('');
    } catch (caught) {
      setError(errorMessage(caught, 'Your suggestion could not be saved.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SigningFrame>
      <Stack maw={PAGE_MAX_WIDTH} mx="auto" w="100%" p="md" gap="md">
        <Title order={1} size="h3">
          {view.document.title}
        </Title>
        <Text size="sm" c="dimmed">
          {view.sender.name} ({view.sender.workspace}) asks you to review this document, revision{' '}
          {view.document.revision}.{' '}
          {canChange ? 'Select a passage to propose a change to it, or comment.' : 'You can comment on it.'}
        </Text>
        {markdown !== null && (
          <Paper withBorder p="md" radius="md">
            <Box
              ref={textRef}
              onMouseUp={pick}
              onKeyUp={pick}
              onTouchEnd={pick}
              aria-label="Document text"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 14, lineHeight: 1.6 }}
            >
              {markdown}
            </Box>
          </Paper>
        )}
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h5">
              Your suggestion
            </Title>
            {passage ? (
              <Text size="sm">
                Selected: “{passage.quote.length > 120 ? `${passage.quote.slice(0, 120)}…` : passage.quote}”{' '}
                <Button size="compact-xs" variant="subtle" onClick={() => setPassage(null)}>
                  Clear
                </Button>
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {markdown !== null ? 'No passage selected.' : 'A comment on the whole document.'}
              </Text>
            )}
            {canChange && (
              <SegmentedControl
                aria-label="Kind of change"
                value={kind}
                onChange={(value) => setKind(value as SuggestionKind)}
                data={KIND_LABELS}
              />
            )}
            {(chosen === 'replace' || chosen === 'insert') && (
              <Textarea
                label={chosen === 'replace' ? 'New text' : 'Text to insert'}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                autosize
                minRows={2}
              />
            )}
            <Textarea
              label="Comment"
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              autosize
              minRows={2}
            />
            {error && <Alert color="red">{error}</Alert>}
            <Group justify="flex-end">
              <Button loading={busy} onClick={submit}>
                {chosen === 'comment' ? 'Add comment' : 'Suggest change'}
              </Button>
            </Group>
          </Stack>
        </Paper>
        {view.suggestions.length > 0 && (
          <Stack gap="xs">
            <Title order={2} size="h5">
              Your suggestions
            </Title>
            {view.suggestions.map((s) => (
              <Paper key={s.id} withBorder p="sm" radius="sm">
                <Group justify="space-between" gap="xs">
                  <Text size="sm">
                    {KIND_LABELS.find((k) => k.value === s.kind)?.label}
                    {s.quote && ` “${s.quote.length > 60 ? `${s.quote.slice(0, 60)}…` : s.quote}”`}
                    {s.text && ` → “${s.text}”`}
                  </Text>
                  <Group gap="xs">
                    <Badge variant="light">{s.status}</Badge>
                    {s.status === 'pending' && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={async () => setView(await withdraw(token, s.id))}
                      >
                        Withdraw
                      </Button>
                    )}
                  </Group>
                </Group>
                {s.comment && (
                  <Text size="sm" fs="italic">
                    {s.comment}
                  </Text>
                )}
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </SigningFrame>
  );
}
