import { ROOM_MESSAGES, VISITOR_MESSAGES } from '@charter/domain';
import { Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from '../../ui/brand-mark.tsx';

export function RoomFrame({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" px="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={480} gap="lg">
        <Center>
          <BrandMark />
        </Center>
        <Paper component="main" withBorder shadow="sm" radius="lg" p="xl">
          <Stack gap="sm">{children}</Stack>
        </Paper>
      </Stack>
    </Center>
  );
}

/** Spec 3 §4: a revoked (or unknown) room link, with the way back to the dashboard. */
export function RevokedRoom() {
  return (
    <RoomFrame>
      <Title order={1} size="h3">
        {ROOM_MESSAGES.revoked}
      </Title>
      <Anchor href="/">Go to Dashboard</Anchor>
    </RoomFrame>
  );
}

/**
 * A Private (or Invite Only) room opened by someone it was not shared with: only its admins and personal
 * links open it, so the page says so and offers no sign-in that would not help.
 */
export function PrivateRoom() {
  return (
    <RoomFrame>
      <Title order={1} size="h3">
        Private room
      </Title>
      <Text>{VISITOR_MESSAGES.privateRoom}</Text>
    </RoomFrame>
  );
}

/** Spec 3 §6 and §8: the room needs a sign-in (or another account); the message is the server's. */
export function SignInPrompt({ message, code }: { message: string; code: string }) {
  const back = `/data-room/${code}`;
  return (
    <RoomFrame>
      <Title order={1} size="h3">
        Sign in to view this room
      </Title>
      <Text>{message}</Text>
      <Button component="a" href={`/login?redirect=${encodeURIComponent(back)}`} w="fit-content">
        Sign In
      </Button>
    </RoomFrame>
  );
}

export function RoomError({ message }: { message: string }) {
  return (
    <RoomFrame>
      <Text role="alert">{message}</Text>
    </RoomFrame>
  );
}
