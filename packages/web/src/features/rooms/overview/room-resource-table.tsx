import type { RoomTableView } from '@charter/domain';
import { displayValue } from '@charter/domain/reports/display';
import { ActionIcon, Button, Group, Paper, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';

export type RoomTableActions = {
  onRename: (table: RoomTableView) => void;
  onRemoveTable: (table: RoomTableView) => void;
  onAddRecord: (table: RoomTableView) => void;
  onAddFields: (table: RoomTableView) => void;
  onRemoveRecord: (table: RoomTableView, resourceId: number) => void;
  onRemoveField: (table: RoomTableView, key: string) => void;
};

/** An overview table of resources (people, companies, a checklist), props only; edits in edit mode. */
export function RoomResourceTable({ table, actions }: { table: RoomTableView; actions?: RoomTableActions }) {
  return (
    <Stack gap="xs" component="section" aria-label={table.label}>
      <Group justify="space-between">
        <Group gap={4}>
          <Text fw={600}>{table.label}</Text>
          {actions ? (
            <Tooltip label="Rename table">
              <ActionIcon
                variant="subtle"
                aria-label={`Rename ${table.label}`}
                onClick={() => actions.onRename(table)}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
        {actions ? (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => actions.onAddRecord(table)}
            >
              Add Record
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => actions.onAddFields(table)}
            >
              Add Field
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => actions.onRemoveTable(table)}
            >
              Remove Table
            </Button>
          </Group>
        ) : null}
      </Group>
      <Paper withBorder radius="sm">
        <ScrollArea>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                {table.fields.map((field) => (
                  <Table.Th key={field.key}>
                    <Group gap={2} wrap="nowrap">
                      {field.label}
                      {actions ? (
                        <ActionIcon
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={`Remove field ${field.label}`}
                          onClick={() => actions.onRemoveField(table, field.key)}
                        >
                          <IconX size={12} />
                        </ActionIcon>
                      ) : null}
                    </Group>
                  </Table.Th>
                ))}
                {actions ? <Table.Th aria-label="Actions" /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row) => (
                <Table.Tr key={row.resource_id}>
                  <Table.Td>{row.name}</Table.Td>
                  {table.fields.map((field) => (
                    <Table.Td key={field.key}>{displayValue(field.type, row.values[field.key])}</Table.Td>
                  ))}
                  {actions ? (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${row.name}`}
                        onClick={() => actions.onRemoveRecord(table, row.resource_id)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
              {table.rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={table.fields.length + 2}>
                    <Text size="sm" c="dimmed">
                      No records yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
    </Stack>
  );
}
