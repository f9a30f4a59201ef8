import { SHARED_LINK_MESSAGES, type SharedLinkView } from '@charter/domain';
import { Alert, Badge, Button, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCopy, IconRefresh, IconShare } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useRegenerateSharedLink, useSaveSharedLink, useSharedLinks } from './api.ts';

/**
 * The Share File Cabinet link of this module's page: its url and expiry, Copy, Create/Extend Link (POST)
 * and New Link (PUT, after a confirm: the old url stops working).
 */
export function CabinetLinkPanel({ companyId, moduleId }: { companyId: number; moduleId: number }) {
  const { push } = useNotices();
  const links = useSharedLinks(companyId);
  const save = useSaveSharedLink(companyId);
  const regenerate = useRegenerateSharedLink(companyId);
  const link = links.data?.links.find((l) => l.module_id === moduleId) ?? null;
  const canCreate = links.data?.abilities.create ?? false;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      push({ type: 'success', message: 'Link Copied!' });
    } catch (caught) {
      push({ type: 'error', message: errorMessage(caught, SHARED_LINK_MESSAGES.getFailed) });
    }
  };
  const createOrExtend = () =>
    save.mutate(
      { module_id: moduleId },
      {
        onSuccess: () => push({ type: 'success', message: SHARED_LINK_MESSAGES.saved }),
        onError: (caught) =>
          push({ type: 'error', message: errorMessage(caught, SHARED_LINK_MESSAGES.createFailed) }),
      },
    );
  const renew = (current: SharedLinkView) =>
    modals.openConfirmModal({
      title: 'New Link',
      children: (
        <Text size="sm">
          A new link replaces this one: anyone holding the current link will no longer be able to open the
          file cabinet.
        </Text>
      ),
      labels: { confirm: 'Create New Link', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        regenerate.mutate(current.id, {
          onSuccess: () => push({ type: 'success', message: SHARED_LINK_MESSAGES.regenerated }),
          onError: (caught) =>
            push({ type: 'error', message: errorMessage(caught, SHARED_LINK_MESSAGES.updateFailed) }),
        }),
    });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap="xs">
          <IconShare size={18} />
          <Title order={4}>File Cabinet Link</Title>
        </Group>
        <Text size="sm" c="dimmed">
          Anyone with this link can browse and open the files of your file cabinet, read-only, until it
          expires.
        </Text>
        {links.isPending ? <Loader size="sm" /> : null}
        {links.isError ? (
          <Alert color="red">{errorMessage(links.error, SHARED_LINK_MESSAGES.getFailed)}</Alert>
        ) : null}
        {link ? (
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="cabinet-link-url" style={{ wordBreak: 'break-all' }}>
                {link.url}
              </Code>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCopy size={14} />}
                onClick={() => void copy(link.url)}
              >
                Copy
              </Button>
            </Group>
            <Group gap="xs">
              {link.expired ? (
                <Badge color="red" variant="light">
                  Expired
                </Badge>
              ) : (
                <Badge color="teal" variant="light">
                  Active
                </Badge>
              )}
              <Text size="sm" data-testid="cabinet-link-expiry">
                {link.expired ? 'Expired' : 'Expires'} {dayjs(link.expires_at).format('MMM D, YYYY h:mm A')}
              </Text>
              {link.root_path !== '/' ? <Text size="sm">· Folder {link.root_path}</Text> : null}
            </Group>
          </Stack>
        ) : links.data ? (
          <Text size="sm">No file cabinet link yet.</Text>
        ) : null}
        {canCreate ? (
          <Group gap="xs">
            <Button size="sm" onClick={createOrExtend} loading={save.isPending}>
              Create/Extend Link
            </Button>
            {link ? (
              <Button
                size="sm"
                variant="default"
                leftSection={<IconRefresh size={14} />}
                onClick={() => renew(link)}
                loading={regenerate.isPending}
              >
                New Link
              </Button>
            ) : null}
          </Group>
        ) : links.data ? (
          <Text size="sm" c="dimmed">
            Only the workspace’s admins create and renew this link.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
