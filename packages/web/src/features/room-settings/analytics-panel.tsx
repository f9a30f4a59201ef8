import type { RoomAnalytics } from '@charter/domain';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 24;

/** Visits per day as bars, in plain SVG (no chart library): the day and count are in each bar's title. */
export function VisitsChart({ days }: { days: RoomAnalytics['views_over_time'] }) {
  const max = Math.max(1, ...days.map((d) => d.visits));
  const step = (WIDTH - PAD * 2) / Math.max(days.length, 1);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label={`Visits over the last ${days.length} days`}
    >
      <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} stroke="#ced4da" />
      <text x={PAD} y={14} fontSize={11} fill="#868e96">
        {max}
      </text>
      {days.map((d, i) => {
        const h = ((HEIGHT - PAD * 2) * d.visits) / max;
        return (
          <rect
            key={d.day}
            data-testid="visits-bar"
            x={PAD + i * step + 1}
            y={HEIGHT - PAD - h}
            width={Math.max(step - 2, 1)}
            height={h}
            fill="#1c7ed6"
          >
            <title>{`${d.day}: ${d.visits}`}</title>
          </rect>
        );
      })}
      <text x={PAD} y={HEIGHT - 6} fontSize={11} fill="#868e96">
        {days[0]?.day}
      </text>
      <text x={WIDTH - PAD} y={HEIGHT - 6} fontSize={11} fill="#868e96" textAnchor="end">
        {days.at(-1)?.day}
      </text>
    </svg>
  );
}

const duration = (seconds: number) =>
  seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;

/** Views over time, time per page of each document, and how much of each document each visitor read. */
export function AnalyticsPanel({ analytics }: { analytics: RoomAnalytics }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Title order={4}>Views Over Time</Title>
        <VisitsChart days={analytics.views_over_time} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap="xs">
            <Title order={5}>Time Per Page</Title>
            {analytics.time_per_page.length === 0 ? (
              <Text size="sm" c="dimmed">
                No pages viewed yet.
              </Text>
            ) : (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Document</Table.Th>
                    <Table.Th>Page</Table.Th>
                    <Table.Th>Time</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {analytics.time_per_page.map((row) => (
                    <Table.Tr key={`${row.file_id}-${row.page}`}>
                      <Table.Td>{row.label}</Table.Td>
                      <Table.Td>{row.page}</Table.Td>
                      <Table.Td>{duration(row.seconds)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
          <Stack gap="xs">
            <Title order={5}>Completion</Title>
            {analytics.completion.length === 0 ? (
              <Text size="sm" c="dimmed">
                No documents read yet.
              </Text>
            ) : (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Document</Table.Th>
                    <Table.Th>User</Table.Th>
                    <Table.Th>Read</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {analytics.completion.map((row) => (
                    <Table.Tr key={`${row.file_id}-${row.visitor_id}`}>
                      <Table.Td>{row.label}</Table.Td>
                      <Table.Td>{row.name}</Table.Td>
                      <Table.Td>{`${Math.round(row.share * 100)}% (${row.pages_viewed}/${row.page_count})`}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
