import { taskActionLabel } from '@charter/domain';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { useTransactions } from './api.ts';
import { stepFor, workbenchPath } from './routing.ts';
import type { TransactionSummary } from './types.ts';

/** Spec 2 §9: a transaction title is long above 33 characters. */
export const LONG_TITLE = 33;

type Props = { submitted: boolean };

/**
 * The tasks page (open task groups) and the submitted-tasks page (the rest), newest activity first,
 * each row opening the group where the routing rule says.
 */
export function TasksPage({ submitted }: Props) {
  const companyId = Number(useParams().companyId);
  const navigate = useNavigate();
  const list = useTransactions(companyId);
  const title = submitted ? 'Submitted Tasks' : 'Tasks';
  const rows = (list.data ?? []).filter((t) => t.open !== submitted);
  const open = (t: TransactionSummary) =>
    navigate(
      workbenchPath(
        companyId,
        t.template.module_id,
        t.project_id,
        t.id,
        stepFor(t, { isAssessment: t.template.is_assessment }),
      ),
    );

  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      {list.isPending && <Loader aria-label={`Loading ${title.toLowerCase()}`} />}
      {list.isError && <Alert color="red">{errorMessage(list.error, 'An error has occurred.')}</Alert>}
      {list.data && rows.length === 0 && (
        <Card withBorder padding="xl">
          <Stack align="center" gap="xs">
            <Text>{submitted ? 'No submitted tasks yet.' : 'No open tasks.'}</Text>
            {!submitted && (
              <Button variant="light" onClick={() => navigate(`/c/${companyId}/workflows`)}>
                Browse workflows
              </Button>
            )}
          </Stack>
        </Card>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table highlightOnHover verticalSpacing="sm" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Task</Table.Th>
                <Table.Th>Workflow</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>{submitted ? 'Submitted' : 'Updated'}</Table.Th>
                <Table.Th pos="relative">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td title={t.label.length > LONG_TITLE ? t.label : undefined}>
                    {t.label.length > LONG_TITLE ? `${t.label.slice(0, LONG_TITLE)}…` : t.label}
                  </Table.Td>
                  <Table.Td>{t.project_label}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Badge variant="light">{t.status}</Badge>
                      {t.redlining && (
                        <Badge variant="outline" color="orange">
                          Redlining
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{new Date(t.submission_date ?? t.updated_at).toLocaleDateString()}</Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button size="compact-sm" variant="light" onClick={() => open(t)}>
                        {taskActionLabel(t, t.template.is_assessment)}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
