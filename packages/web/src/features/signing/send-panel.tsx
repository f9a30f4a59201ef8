import type { SigningDocumentView } from '@charter/domain';
import { Button, Select, Stack, Switch, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import type { SendOptions } from './api.ts';

const NEVER = 'never';
const REMINDER_DAYS = [1, 2, 3, 5, 7, 14, 30];
const REMINDERS = [
  { value: NEVER, label: 'Never' },
  ...REMINDER_DAYS.map((days) => ({
    value: String(days),
    label: days === 1 ? 'Every day' : `Every ${days} days`,
  })),
];

type Props = {
  view: SigningDocumentView;
  /** Fields not saved yet are saved with the send. */
  unsaved: boolean;
  sending: boolean;
  onSend: (options: SendOptions) => void;
};

/** How the draft goes out (in order or all at once, with reminders) and Send. */
export function SendPanel({ view, unsaved, sending, onSend }: Props) {
  const [sequential, setSequential] = useState(view.sequential);
  const [reminder, setReminder] = useState(view.reminder_days === null ? NEVER : String(view.reminder_days));
  return (
    <Stack gap="sm">
      <Switch
        label="Sign in order"
        description="Each signer gets the link when the one before has signed (by Order)."
        checked={sequential}
        onChange={(e) => setSequential(e.currentTarget.checked)}
      />
      <Select
        label="Remind who has not signed"
        data={REMINDERS}
        value={reminder}
        onChange={(value) => value && setReminder(value)}
        allowDeselect={false}
      />
      {unsaved && (
        <Text size="xs" c="dimmed">
          Your unsaved field changes are saved when you send.
        </Text>
      )}
      <Button
        leftSection={<IconSend size={16} />}
        loading={sending}
        onClick={() => onSend({ sequential, reminder_days: reminder === NEVER ? null : Number(reminder) })}
      >
        Send for Signature
      </Button>
    </Stack>
  );
}
