import { ROOM_ERROR_CODES, ROOM_MESSAGES } from '@charter/domain';
import { Anchor, Center, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { redeemInvite, saveRoomSession } from './room-api.ts';
import type { RoomLocationState } from './room-messages.ts';
import { RoomFrame } from './room-states.tsx';

/**
 * /invites/room/{code}?id&code: redeems a personal link (a POST by the page, never by the link itself)
 * and goes to the room. A used or invalid link goes straight to the room with the message (spec 3 §8);
 * other errors stay here with a way to the room.
 */
export function InvitePage() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const room = `/data-room/${code}/overview`;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The link's random public id; a link mailed before those carries its number.
    const raw = params.get('id') ?? '';
    const id = /^\d+$/.test(raw) ? Number(raw) : raw;
    const secret = params.get('code') ?? '';
    redeemInvite(code, id, secret)
      .then((session) => {
        saveRoomSession(code, session);
        navigate(room, { replace: true });
      })
      .catch((failure: unknown) => {
        const apiError = failure instanceof ApiError ? failure : new ApiError(500);
        if (apiError.code === ROOM_ERROR_CODES.redeemed || apiError.code === ROOM_ERROR_CODES.invalid) {
          const notice =
            apiError.code === ROOM_ERROR_CODES.redeemed
              ? ROOM_MESSAGES.codeRedeemedLimited
              : apiError.message;
          navigate(room, { replace: true, state: { notice } satisfies RoomLocationState });
          return;
        }
        setError(apiError.hasServerMessage ? apiError.message : 'An error has occurred');
      });
  }, [code, params, navigate, room]);

  if (!error) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Opening your invite" />
      </Center>
    );
  }
  return (
    <RoomFrame>
      <Text role="alert">{error}</Text>
      <Anchor href={room}>Go to Room</Anchor>
    </RoomFrame>
  );
}
