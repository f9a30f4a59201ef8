import { GENERIC_ERROR_PERSISTS, type TakeoverItemView } from '@charter/domain';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconShieldCheck } from '@tabler/icons-react';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useAfterSignIn } from '../auth/use-after-sign-in.ts';
import { useDecideTakeover, useTakeoverReview } from './queries.ts';

/**
 * What one item is, as the owner reads it; `name` is what its Keep and Remove buttons are called (a
 * workspace by its name, shown once, in its section's heading).
 */
function describe(item: TakeoverItemView): { label: string; detail: string; name: string } {
  const named = (label: string, detail: string) => ({ label, detail, name: label });
  switch (item.kind) {
    case 'workspace':
      return {
        label: 'The workspace itself',
        detail: 'Created with this account',
        name: item.workspace.name,
      };
    case 'membership':
      return named(
        item.email ?? 'A member',
        `${item.is_admin ? 'Admin' : 'Member'}: suspended until you keep them`,
      );
    case 'shared_link':
      return named(`File cabinet link to ${item.path ?? '/'}`, 'Anyone with the link can read it');
    case 'room_code':
      return named(`Room link for ${item.email ?? ''}`, `Opens ${item.room ?? 'a room'}`);
  }
}

function ItemRow({
  item,
  busy,
  onDecide,
}: {
  item: TakeoverItemView;
  busy: boolean;
  onDecide: (keep: boolean) => void;
}) {
  const { label, detail, name } = describe(item);
  return (
    <Group justify="space-between" wrap="nowrap">
      <Stack gap={2}>
        <Text fw={500}>{label}</Text>
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          variant="light"
          disabled={busy}
          onClick={() => onDecide(true)}
          aria-label={`Keep ${name}`}
        >
          Keep
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={busy}
          onClick={() => onDecide(false)}
          aria-label={`Remove ${name}`}
        >
          Remove
        </Button>
      </Group>
    </Group>
  );
}

/**
 * /c/0/account-review: after the owner of an address proves it, what an earlier registration of it set up
 * (workspaces, the people it let in, links it handed out), to keep or remove one by one. The people stay
 * suspended until kept. Shown after sign-in while anything is left, and from the bell.
 */
export function AccountReviewPage() {
  const review = useTakeoverReview();
  const decide = useDecideTakeover();
  const notices = useNotices();
  // The page a sign-in was going to (?redirect=), not back here.
  const carryOn = useAfterSignIn({ review: false });
  const items = review.data?.items ?? [];
  const workspaces = [...new Map(items.map((i) => [i.workspace.id, i.workspace])).values()];

  const send = (item: TakeoverItemView, keep: boolean) =>
    decide.mutate(
      { id: item.id, decision: keep ? 'keep' : 'remove' },
      {
        onError: (error) =>
          notices.push({ type: 'error', message: errorMessage(error, GENERIC_ERROR_PERSISTS), error }),
      },
    );
  const onDecide = (item: TakeoverItemView, keep: boolean) => {
    if (keep || item.kind !== 'workspace') return send(item, keep);
    modals.openConfirmModal({
      title: 'Remove Workspace',
      children: (
        <Text size="sm">
          Leave {item.workspace.name}? You, and everyone this registration added to it, lose access. Its
          contents are kept, not deleted.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => send(item, false),
    });
  };

  return (
    <Stack gap="lg" maw={760}>
      <PageTitle>Review your account</PageTitle>
      <Alert color="yellow" variant="light" icon={<IconShieldCheck size={18} />}>
        Before you proved this email address, someone signed in to this account with a password and set up
        what is listed below. If it was you, keep it. People it added cannot open your workspaces until you
        keep them; what you remove is undone.
      </Alert>
      {review.isPending && <Skeleton h={160} radius="md" aria-label="Loading what to review" />}
      {review.isError && <Text c="red">{errorMessage(review.error, GENERIC_ERROR_PERSISTS)}</Text>}
      {review.isSuccess && items.length === 0 && <Text>Nothing is left to review.</Text>}
      {workspaces.map((workspace) => (
        <Paper
          key={workspace.id}
          withBorder
          radius="md"
          p="md"
          aria-label={workspace.name}
          component="section"
        >
          <Stack gap="md">
            <Group gap="xs">
              <Title order={2} size="h4">
                {workspace.name}
              </Title>
              <Badge variant="light" color="gray">
                Workspace
              </Badge>
            </Group>
            {items
              .filter((item) => item.workspace.id === workspace.id)
              .map((item) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  busy={decide.isPending}
                  onDecide={(keep) => onDecide(item, keep)}
                />
              ))}
          </Stack>
        </Paper>
      ))}
      {review.isSuccess && (
        <Group>
          <Button onClick={() => void carryOn()} variant={items.length > 0 ? 'default' : 'filled'}>
            {items.length > 0 ? 'Decide later' : 'Continue'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
