import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import { FormFrame, useFormLoad } from './form-frame.tsx';
import { loadStandingForm, openStandingForm } from './outside-form-api.ts';

/**
 * /outside-form/{code}/start: where a standing form's link (/api/redirect/form/{code}) leads. Fetching
 * the link makes nothing, so mail scanners and link previews leave no task group behind; the visitor's
 * Start makes their own copy of the form and goes on to it.
 */
export function StandingFormPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useFormLoad(code, loadStandingForm);
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const start = async () => {
    setOpening(true);
    setFailure(null);
    try {
      const opened = await openStandingForm(code);
      // Replaced: Back does not return here to make another copy.
      navigate(opened.location, { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404) setLoaded({ missing: true });
      else setFailure(errorMessage(caught, 'An error has occurred.'));
      setOpening(false);
    }
  };

  return (
    <FormFrame loaded={loaded} maw={520}>
      {(ready) => (
        <Paper withBorder radius="lg" p="xl">
          {'failed' in ready ? (
            <Alert color="red">{ready.failed}</Alert>
          ) : (
            <Stack gap="md">
              <Title order={1} size="h3">
                {ready.form.name}
              </Title>
              {ready.form.description && <Text c="dimmed">{ready.form.description}</Text>}
              <Text size="sm">
                {ready.form.brand.name} asks you to fill out this form. Start makes a copy of it for you; no
                sign-in is needed.
              </Text>
              {failure && <Alert color="red">{failure}</Alert>}
              <Button onClick={() => void start()} loading={opening} w="fit-content">
                Start
              </Button>
            </Stack>
          )}
        </Paper>
      )}
    </FormFrame>
  );
}
