import type { GuestRoomFormView } from '@charter/domain';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fetchRoomForms, recordRoomHistory } from './room-api.ts';

/** The room's open outside forms, asked for once the room is open to this viewer (not behind the NDA). */
export function useRoomForms(code: string, enabled: boolean): GuestRoomFormView[] {
  const [forms, setForms] = useState<GuestRoomFormView[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    fetchRoomForms(code)
      .then((list) => !stopped && setForms(list))
      .catch(() => {});
    return () => {
      stopped = true;
    };
  }, [code, enabled]);
  return forms;
}

/** The Connected Form tab: each form opens on its own page; opening one is recorded in the room's history. */
export function RoomFormList({ code, forms }: { code: string; forms: GuestRoomFormView[] }) {
  return (
    <Stack gap="sm">
      {forms.map((form) => (
        <Paper key={form.id} withBorder radius="md" p="md">
          <Anchor
            href={form.path}
            fw={600}
            onClick={(event) => {
              // Recorded before leaving (a navigation would cut the request short).
              event.preventDefault();
              void recordRoomHistory(code, { action: 'form', form_id: form.id })
                .catch(() => {})
                .finally(() => window.location.assign(form.path));
            }}
          >
            {form.name}
          </Anchor>
          {form.description && (
            <Text size="sm" c="dimmed">
              {form.description}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
