import type { NoticeKind, NoticeView } from '@charter/domain';
import { Box, Button, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconDoor, IconFileCheck, IconForms } from '@tabler/icons-react';
import dayjs from 'dayjs';

const ICONS: Record<NoticeKind, typeof IconDoor> = {
  form_submitted: IconForms,
  room_visited: IconDoor,
  signing_completed: IconFileCheck,
};

type Props = {
  notices: NoticeView[];
  unread: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  onOpen: (notice: NoticeView) => void;
  onReadAll: () => void;
  onOlder: () => void;
};

/** The bell's notices, newest first: unread ones marked; one opens what it is about and is read. */
export function NoticeList({ notices, unread, hasOlder, loadingOlder, onOpen, onReadAll, onOlder }: Props) {
  if (notices.length === 0) return null;
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Activity
        </Text>
        {unread > 0 && (
          <Button size="compact-xs" variant="subtle" onClick={onReadAll}>
            Mark all as read
          </Button>
        )}
      </Group>
      <Stack
        component="ul"
        aria-label="Notices"
        gap={2}
        m={0}
        p={0}
        mah={360}
        style={{ overflowY: 'auto', listStyle: 'none' }}
      >
        {notices.map((notice) => {
          const Icon = ICONS[notice.kind];
          return (
            <Box component="li" key={notice.id}>
              <UnstyledButton
                w="100%"
                aria-label={`${notice.read ? '' : 'Unread: '}${notice.message}`}
                onClick={() => onOpen(notice)}
                p={6}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                bg={notice.read ? undefined : 'var(--mantine-color-blue-light)'}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <ThemeIcon variant="light" radius="xl" color={notice.read ? 'gray' : 'blue'}>
                    <Icon size={16} aria-hidden />
                  </ThemeIcon>
                  <Box>
                    <Text fz="sm" fw={notice.read ? 400 : 600}>
                      {notice.message}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {dayjs(notice.created_at).format('MMM D, YYYY h:mm A')}
                    </Text>
                  </Box>
                </Group>
              </UnstyledButton>
            </Box>
          );
        })}
      </Stack>
      {hasOlder && (
        <Button size="compact-xs" variant="default" loading={loadingOlder} onClick={onOlder}>
          Show older
        </Button>
      )}
    </Stack>
  );
}
