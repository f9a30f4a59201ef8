import { countOf, type RoomAnalytics } from '@charter/domain';
import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';

const WIDTH = 600;
const HEIGHT = 120;

/**
 * Visits per day as bars, in plain SVG (no chart library). The drawing stretches to the panel's width;
 * the scale and dates are text beside it, so they keep their size. Each bar's title names day and count.
 * Before any visit there is no scale to state: the chart says so.
 */
export function VisitsChart({ days }: { days: RoomAnalytics['views_over_time'] }) {
  const most = Math.max(0, ...days.map((d) => d.visits));
  const max = Math.max(1, most);
  const step = WIDTH / Math.max(days.length, 1);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" data-testid="visits-scale">
        {most === 0 ? 'No visits yet.' : countOf(most, 'visit')}
      </Text>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={`Visits over the last ${days.length} days`}
      >
        <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} stroke="#ced4da" />
        {days.map((d, i) => {
          const h = (HEIGHT * d.visits) / max;
          return (
            <rect
              key={d.day}
              data-testid="visits-bar"
              x={i * step + 1}
              y={HEIGHT - h}
              width={Math.max(step - 2, 1)}
              height={h}
              fill="#1c7ed6"
            >
              <title>{`${d.day}: ${countOf(d.visits, 'visit')}`}</title>
            </rect>
          );
        })}
      </svg>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {days[0]?.day}
        </Text>
        <Text size="xs" c="dimmed">
          {days.at(-1)?.day}
        </Text>
      </Group>
    </Stack>
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
