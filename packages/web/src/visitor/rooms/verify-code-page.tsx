import { normalizeVerificationCode, ROOM_MESSAGES, VERIFICATION_POLL_MS } from '@charter/domain';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { InvalidLinkPage } from '../invalid-link-page.tsx';
import { challengeStatus, saveRoomSession, verifyCode } from './room-api.ts';
import { RoomFrame } from './room-states.tsx';

const EXPIRED = 'This code has expired. Please ask for a new one from the room.';

/**
 * /verify-code/{template_key}?room&id: the visitor types the 8-character code from the email (spec 3 §5:
 * 'must be 8 characters'); while the tab that asked waits, the challenge's status is polled every 20 s.
 */
export function VerifyCodePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const room = params.get('room') ?? '';
  const id = params.get('id') ?? '';
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const form = useForm({
    initialValues: { code: '' },
    validate: {
      code: (value) => (normalizeVerificationCode(value).length === 8 ? null : ROOM_MESSAGES.codeLength),
    },
  });

  useEffect(() => {
    if (!id) return;
    const timer = window.setInterval(() => {
      challengeStatus(id).then(
        (status) => {
          if (status === 'expired') setExpired(true);
        },
        () => {},
      );
    }, VERIFICATION_POLL_MS);
    return () => window.clearInterval(timer);
  }, [id]);

  const incomplete = !room || !id;
  const submit = form.onSubmit(async ({ code }) => {
    setError(null);
    try {
      saveRoomSession(room, await verifyCode(room, id, code));
      navigate(`/data-room/${room}/overview`, { replace: true });
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : new ApiError(500);
      if (apiError.fields.code) form.setFieldError('code', apiError.fields.code);
      else setError(apiError.hasServerMessage ? apiError.message : 'An error has occurred');
    }
  });

  // Opened without the room and challenge it belongs to (typed in, cut short): nothing to verify here.
  if (incomplete) return <InvalidLinkPage />;
  return (
    <RoomFrame>
      <Title order={1} size="h3">
        Enter your verification code
      </Title>
      <Text size="sm">We emailed you an 8-character code. It is valid for 24 hours.</Text>
      {expired ? (
        <Text role="alert">{EXPIRED}</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Verification code"
              autoComplete="one-time-code"
              {...form.getInputProps('code')}
            />
            {error && (
              <Text role="alert" c="red" size="sm">
                {error}
              </Text>
            )}
            <Button type="submit" loading={form.submitting} w="fit-content">
              Verify
            </Button>
          </Stack>
        </form>
      )}
      <Anchor href={`/data-room/${room}/overview`} size="sm">
        Go to Room
      </Anchor>
    </RoomFrame>
  );
}
