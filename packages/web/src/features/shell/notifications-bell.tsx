import type { NoticeView } from '@charter/domain';
import { GENERIC_ERROR_PERSISTS, SET_NEW_PASSWORD_EMAIL_SENT } from '@charter/domain';
import { ActionIcon, Button, Group, Indicator, Popover, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconBell } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useSession } from '../../app/session.tsx';
import { ACCOUNT_REVIEW_PATH, useTakeoverReview } from '../account-review/queries.ts';
import { useBellNotices, useReadNotices } from '../notices/api.ts';
import { NoticeList } from '../notices/notice-list.tsx';
import { useSendPasswordLink } from './queries.ts';
import { UNVERIFIED_TEXT, useVerifyAccount } from './verify-account.tsx';

const FALLBACK_ERROR = GENERIC_ERROR_PERSISTS;

/** 'Notifications', or 'Notifications: 2 new' when there is something to do. */
export const bellLabel = (count: number) => (count > 0 ? `Notifications: ${count} new` : 'Notifications');

/**
 * The bell lists what the user should still do (verify their email, set a password, review what an
 * earlier registration of their address set up: only a proven address has anything to review) and, in a workspace,
 * the notices kept for them there (outside activity on what they own), unread ones counted.
 */
export function NotificationsBell({ companyId = 0 }: { companyId?: number }) {
  const { user, impersonatorId } = useSession();
  const navigate = useNavigate();
  // Opening a notice goes to another page: the bell closes there (a new popover for each location).
  const { pathname } = useLocation();
  const bell = useBellNotices(companyId);
  const read = useReadNotices(companyId);
  const pages = bell.data?.pages ?? [];
  const kept = pages.flatMap((page) => page.notices);
  const unread = pages[0]?.unread ?? 0;
  const notices = useNotices();
  const { verify, pending: verifying } = useVerifyAccount();
  const passwordLink = useSendPasswordLink();
  const unverified = user ? !user.email_verified : false;
  const noPassword = user ? !user.password_allowed : false;
  const review = useTakeoverReview(Boolean(user?.email_verified) && impersonatorId === null);
  const toReview = (review.data?.items.length ?? 0) > 0;
  const count = Number(unverified) + Number(noPassword) + Number(toReview) + unread;

  const open = (notice: NoticeView) => {
    if (!notice.read) read.mutate(notice.id);
    if (notice.link) navigate(`/c/${companyId}/${notice.link}`);
  };

  const sendLink = () =>
    passwordLink.mutate(undefined, {
      onSuccess: () => notices.push({ type: 'success', message: SET_NEW_PASSWORD_EMAIL_SENT }),
      onError: (error) =>
        notices.push({ type: 'error', message: errorMessage(error, FALLBACK_ERROR), error }),
    });

  return (
    // Not hidden when "detached": the top bar never scrolls away, and a browser without layout (tests)
    // would hide it as soon as its position is computed.
    <Popover key={pathname} position="bottom-end" width={340} shadow="md" withArrow hideDetached={false}>
      <Popover.Target>
        {/* The button itself is the popover's target, so it carries aria-haspopup and aria-expanded. */}
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={bellLabel(count)}>
          <Indicator disabled={count === 0} label={count} size={16} offset={-2} color="red" aria-hidden>
            <IconBell size={20} stroke={1.6} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="md">
          <Text fw={600}>Notifications</Text>
          {count === 0 && kept.length === 0 && (
            <Text c="dimmed" fz="sm">
              You're all caught up.
            </Text>
          )}
          {unverified && (
            <Warning text={UNVERIFIED_TEXT}>
              <Button size="xs" onClick={verify} loading={verifying}>
                Verify your account
              </Button>
            </Warning>
          )}
          {toReview && (
            <Warning text="Things set up before you verified your email address wait for your review.">
              <Button size="xs" onClick={() => navigate(ACCOUNT_REVIEW_PATH)}>
                Review your account
              </Button>
            </Warning>
          )}
          {noPassword && (
            <Warning text="Your account has no password yet.">
              <Button size="xs" variant="light" onClick={sendLink} loading={passwordLink.isPending}>
                Email New Password Link
              </Button>
            </Warning>
          )}
          <NoticeList
            notices={kept}
            unread={unread}
            hasOlder={bell.hasNextPage}
            loadingOlder={bell.isFetchingNextPage}
            onOpen={open}
            onReadAll={() => read.mutate(null)}
            onOlder={() => void bell.fetchNextPage()}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function Warning({ text, children }: { text: string; children: ReactNode }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm">
      <ThemeIcon color="yellow" variant="light" radius="xl">
        <IconAlertTriangle size={16} />
      </ThemeIcon>
      <Stack gap={6} align="flex-start">
        <Text fz="sm">{text}</Text>
        {children}
      </Stack>
    </Group>
  );
}
