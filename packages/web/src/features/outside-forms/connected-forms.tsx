import { OUTSIDE_FORM_MESSAGES, type OutsideFormView } from '@charter/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useNotices } from '../../app/notices.tsx';
import { outsideFormsApi, useOutsideForms } from './api.ts';

/**
 * Connected Forms and Standing Forms (spec 3 §4) of a task or a room: name, Open/Completed (open ones
 * after completed ones, as the server sorts them), Email Sent / Email Not Sent for data requests,
 * 'Finalizes task on submission', and the link to copy. Nothing shows while there are no forms.
 */
export function ConnectedForms({
  companyId,
  transactionId,
  roomId,
}: {
  companyId: number;
  transactionId?: number;
  roomId?: number;
}) {
  const forms = useOutsideForms(companyId, { transactionId, roomId });
  if (forms.isPending) return <Loader size="sm" aria-label="Loading forms" />;
  if (forms.isError || forms.data.length === 0) return null;
  // A standing form's instances (one per visit of its link) are listed with it.
  const isStanding = (f: OutsideFormView) => f.type === 'persistent' || f.type === 'persistent_instance';
  const standing = forms.data.filter(isStanding);
  const connected = forms.data.filter((f) => !isStanding(f));
  return (
    <Stack gap="md">
      {connected.length > 0 && (
        <FormList companyId={companyId} title="Connected Forms" forms={connected} onChanged={forms.refetch} />
      )}
      {standing.length > 0 && (
        <FormList companyId={companyId} title="Standing Forms" forms={standing} onChanged={forms.refetch} />
      )}
    </Stack>
  );
}

function FormList({
  companyId,
  title,
  forms,
  onChanged,
}: {
  companyId: number;
  title: string;
  forms: OutsideFormView[];
  onChanged: () => unknown;
}) {
  const { push } = useNotices();
  const [resending, setResending] = useState<number | null>(null);
  /** The link again to the connected email ('Error resending email link.' when it cannot go). */
  const resend = async (form: OutsideFormView) => {
    setResending(form.id);
    try {
      await outsideFormsApi(companyId).resend(form.transaction_id, form.id);
      push({ type: 'success', message: OUTSIDE_FORM_MESSAGES.emailResent });
      await onChanged();
    } catch {
      push({ type: 'error', message: OUTSIDE_FORM_MESSAGES.resendFailed });
    } finally {
      setResending(null);
    }
  };
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {forms.map((form) => (
          <Group key={form.id} justify="space-between" wrap="nowrap" data-testid="outside-form-row">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={500}>{form.name}</Text>
                <Badge color={form.state === 'Open' ? 'blue' : 'green'} variant="light">
                  {form.state}
                </Badge>
              </Group>
              {form.type === 'persistent_instance' && (
                <Text size="xs" c="dimmed">
                  Filled from the standing link
                </Text>
              )}
              {form.type === 'data_request' && (
                <Text size="xs" c="dimmed">
                  {form.email_status}
                </Text>
              )}
              {form.finalize && (
                <Text size="xs" c="dimmed">
                  {OUTSIDE_FORM_MESSAGES.finalizes}
                </Text>
              )}
            </Stack>
            <Group gap="xs" wrap="nowrap">
              {form.state === 'Open' && form.assigned_email && (
                <Button
                  size="xs"
                  variant="subtle"
                  loading={resending === form.id}
                  onClick={() => void resend(form)}
                >
                  Resend Email
                </Button>
              )}
              <CopyButton value={form.link}>
                {({ copy }) => (
                  <Tooltip label="Copy link">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Copy link of ${form.name}`}
                      onClick={() => {
                        copy();
                        push({ type: 'success', message: OUTSIDE_FORM_MESSAGES.linkCopied });
                      }}
                    >
                      <IconCopy size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
