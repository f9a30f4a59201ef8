import { formatAddress } from '@charter/domain';
import { Card, Table, Title } from '@mantine/core';
import { useQuestionnaire } from './api.ts';
import type { Transaction } from './types.ts';

const shown = (type: string, value: string) => {
  if (type === 'boolean') return value === 'true' ? 'Yes' : value === 'false' ? 'No' : value;
  if (type === 'address' || type === 'address_universal') return formatAddress(value);
  return value;
};

/** A finalized assessment's overview: the answers it was submitted with (its finalize_snapshot). */
export function AssessmentAnswers({
  companyId,
  transaction,
}: {
  companyId: number;
  transaction: Transaction;
}) {
  const questionnaire = useQuestionnaire(companyId, transaction.id);
  const snapshot = transaction.finalize_snapshot ?? {};
  const rows = (questionnaire.data?.questions ?? []).filter(
    (q) => q.type !== 'resource_list' && typeof snapshot[q.id] === 'string' && snapshot[q.id] !== '',
  );
  if (rows.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Assessment answers">
      <Title order={2} size="h4" mb="xs">
        Assessment answers
      </Title>
      <Table verticalSpacing="xs">
        <Table.Tbody>
          {rows.map((q) => (
            <Table.Tr key={q.id}>
              <Table.Td>{q.label}</Table.Td>
              <Table.Td fw={600}>{shown(q.type, String(snapshot[q.id]))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
