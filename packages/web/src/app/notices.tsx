import { Button, Group, Stack, Text } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { type ReactNode, useSyncExternalStore } from 'react';
import { addNotice, describeError, NOTICE_MAX, type Notice, type NoticeInput } from './notice-list.ts';

export type { Notice, NoticeInput, NoticeType } from './notice-list.ts';

const COLORS = { success: 'teal', info: 'blue', warning: 'yellow', error: 'red' } as const;
const TITLES = { success: 'Success', info: 'Notice', warning: 'Warning', error: 'Error' } as const;

let notices: Notice[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function setNotices(next: Notice[]) {
  notices = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dismissNotice(id: string) {
  notifications.hide(id);
  if (notices.some((n) => n.id === id)) setNotices(notices.filter((n) => n.id !== id));
}

export function clearNotices() {
  notifications.clean();
  setNotices([]);
}

function NoticeBody({ notice }: { notice: Notice }) {
  if (notice.error === undefined) return <Text size="sm">{notice.message}</Text>;
  const copy = () => void navigator.clipboard?.writeText(`${notice.message}\n${describeError(notice.error)}`);
  return (
    <Stack gap={6}>
      <Text size="sm">{notice.message}</Text>
      <Group>
        <Button size="compact-xs" variant="light" color={COLORS[notice.type]} onClick={copy}>
          Copy Error
        </Button>
      </Group>
    </Stack>
  );
}

/** Shows a notice (spec §4): deduplicated by message, at most 9, auto-hidden after 7/15/18 s. Usable outside React. */
export function pushNotice(input: NoticeInput): string | null {
  counter += 1;
  const previous = notices;
  const { list, added } = addNotice(notices, input, `notice-${counter}`);
  if (!added) return null;
  for (const dropped of previous.filter((n) => !list.includes(n))) notifications.hide(dropped.id);
  setNotices(list);
  notifications.show({
    id: added.id,
    color: COLORS[added.type],
    title: TITLES[added.type],
    message: <NoticeBody notice={added} />,
    autoClose: added.duration,
    role: added.type === 'error' || added.type === 'warning' ? 'alert' : 'status',
    onClose: () => setNotices(notices.filter((n) => n.id !== added.id)),
  });
  return added.id;
}

export function useNotices() {
  const list = useSyncExternalStore(subscribe, () => notices);
  return { notices: list, push: pushNotice, dismiss: dismissNotice, clear: clearNotices };
}

/**
 * Where notices stack: at the top right they covered the top bar's bell, workspace and user menus
 * while they lasted (up to 18 s). At the bottom centre they cover neither those, nor the sidebar's
 * controls (bottom left), nor the Submit and Save buttons that pages align right.
 */
export const NOTICE_POSITION = 'bottom-center';

/** Mounts the notice stack; wrap the app inside MantineProvider. */
export function NoticesProvider({ children }: { children: ReactNode }) {
  return (
    <>
      <Notifications limit={NOTICE_MAX} position={NOTICE_POSITION} zIndex={1000} />
      {children}
    </>
  );
}
