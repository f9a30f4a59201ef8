import { BILLING_MESSAGES } from '@charter/domain';
import { Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../../api/api-error.ts';
import { apiFile } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { saveBlob } from '../../ui/save-blob.ts';
import { formatCents } from './money.ts';
import { useInvoices } from './queries.ts';

/** The workspace's invoices with their lines, and each one's receipt PDF. */
export function Invoices({ companyId }: { companyId: number }) {
  const invoices = useInvoices(companyId);
  const { push } = useNotices();
  const list = invoices.data?.invoices ?? [];
  const download = async (url: string, number: string) => {
    try {
      const file = await apiFile(url, companyId);
      saveBlob(file.blob, file.filename ?? `receipt-${number}.pdf`);
    } catch (failure) {
      push({ type: 'error', message: errorMessage(failure, BILLING_MESSAGES.fallback) });
    }
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Invoices
        </Title>
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {invoices.isLoading ? 'Loading...' : 'No invoices yet.'}
          </Text>
        ) : (
          <Table verticalSpacing="xs" aria-label="Invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Items</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((inv) => (
                <Table.Tr key={inv.id} data-testid={`invoice-${inv.id}`}>
                  <Table.Td>
                    <Text size="sm">{inv.number}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{new Date(inv.paid_at ?? inv.created_at).toLocaleDateString()}</Text>
                  </Table.Td>
                  <Table.Td>
                    {inv.lines.map((l) => (
                      <Text size="sm" key={l.id}>
                        {l.label}
                        {l.quantity > 1 ? ` × ${l.quantity}` : ''} —{' '}
                        {formatCents(l.amount * l.quantity, inv.currency)}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={inv.status === 'paid' ? 'green' : 'gray'}>
                      {inv.status === 'paid' ? 'Paid' : inv.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={500}>
                      {formatCents(inv.total, inv.currency)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => download(inv.receipt_url, inv.number)}
                    >
                      Download Receipt
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
