import type { SignerView } from '@charter/domain';
import { ESIGN_DISCLOSURE } from '@charter/domain/signing/consent';
import { Alert, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';

export const CONSENT_FAILED = 'Sorry, your answer could not be saved. Please try again.';

type Props = {
  view: SignerView;
  onAgree: () => Promise<void>;
  onDecline: () => void;
};

/** The ESIGN disclosure, before anything but the download: agree to sign electronically, or decline. */
export function ConsentScreen({ view, onAgree, onDecline }: Props) {
  const [agreeing, setAgreeing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const agree = async () => {
    setAgreeing(true);
    setFailure(null);
    try {
      await onAgree();
    } catch (error) {
      setFailure(errorMessage(error, CONSENT_FAILED));
      setAgreeing(false);
    }
  };
  return (
    <Box px="sm" py="lg">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={680} mx="auto">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {view.sender.name} ({view.sender.workspace}) sent you “{view.document.title}” to sign.
          </Text>
          <Title order={1} size="h3">
            {view.disclosure.title}
          </Title>
          {view.disclosure.paragraphs.map((paragraph) => (
            <Text key={paragraph} size="sm">
              {paragraph}
            </Text>
          ))}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group gap="sm">
            <Button onClick={() => void agree()} loading={agreeing}>
              {ESIGN_DISCLOSURE.agree}
            </Button>
            <Button variant="default" onClick={onDecline} disabled={agreeing}>
              Decline
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Box>
  );
}
