// The subpath, not the package index: the signing page's bundle stays without the domain's contracts.
import { countOf } from '@charter/domain/rules/counts';
import { Alert, Box, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useRef } from 'react';
import classes from './signing.module.css';
import { GUTTER, PAGE_MAX_WIDTH } from './signing-frame.tsx';

type Props = {
  done: number;
  total: number;
  sending: boolean;
  failure: string | null;
  onNext: () => void;
  onFinish: () => void;
  onDecline: () => void;
  /** 'Approve' for an Approver (who approves the document without fields), else 'Finish'. */
  finishLabel?: string;
};

export const progressText = (done: number, total: number) =>
  total === 0 ? 'No fields to fill' : `${done} of ${countOf(total, 'field')}`;

/** The foot of the document, always in view: how far the signer is, the next field, Finish. */
export function SigningBar({
  done,
  total,
  sending,
  failure,
  onNext,
  onFinish,
  onDecline,
  finishLabel = 'Finish',
}: Props) {
  const complete = done >= total;
  return (
    <section className={classes.bar} aria-label="Signing progress">
      <Stack maw={PAGE_MAX_WIDTH} mx="auto" px={GUTTER} gap="xs">
        {failure && (
          <Alert color="red" role="alert" py="xs">
            {failure}
          </Alert>
        )}
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={500} aria-live="polite" truncate>
              {progressText(done, total)}
            </Text>
            <Progress
              value={total === 0 ? 100 : (done / total) * 100}
              size="sm"
              mt={4}
              aria-label="Required fields filled"
            />
          </Box>
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" size="sm" px="sm" onClick={onNext} disabled={complete}>
              Next field
            </Button>
            <Button size="sm" px="md" onClick={onFinish} disabled={!complete} loading={sending}>
              {finishLabel}
            </Button>
            <MoreActions onDecline={onDecline} />
          </Group>
        </Group>
      </Stack>
    </section>
  );
}

/**
 * "⋯" with the rarer actions (Decline). A disclosure rather than Mantine's Menu: the Menu brings
 * floating-ui, 15 kB gzipped of the visitor pages' 170 kB budget, for one item.
 */
function MoreActions({ onDecline }: { onDecline: () => void }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => ref.current?.removeAttribute('open');
  return (
    <details
      ref={ref}
      className={classes.more}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <summary aria-label="More actions" title="More actions">
        <IconDots size={20} aria-hidden />
      </summary>
      <div className={classes.moreActions}>
        <Button
          variant="subtle"
          color="red"
          size="sm"
          fullWidth
          onClick={() => {
            close();
            onDecline();
          }}
        >
          Decline
        </Button>
      </div>
    </details>
  );
}
