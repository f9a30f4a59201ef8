import { ADMIN_WARNING, BILLING_MESSAGES, DEFAULT_SUBSCRIPTION_LABEL } from '@charter/domain';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { useBrand } from '../../app/brand-value.ts';
import { modalState } from '../../app/modal-location.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { parseCompanyId } from '../shell/company-gate.ts';
import { formatCents } from './money.ts';
import { useBillingCustomer } from './queries.ts';
import { TestModeNotice } from './test-mode-notice.tsx';

/** /c/:companyId/settings/subscriptions: the current plan and every subscription with its status. */
export function SubscriptionsPage() {
  const companyId = parseCompanyId(useParams().companyId) ?? 0;
  const location = useLocation();
  const customer = useBillingCustomer(companyId);
  const { supportEmail } = useBrand();
  const data = customer.data;
  const active = data?.plans[data.active_plan_index];
  return (
    <Stack gap="lg">
      <PageTitle>Subscriptions</PageTitle>
      {customer.isLoading ? (
        <Center mih={160}>
          <Loader aria-label="Loading subscriptions" />
        </Center>
      ) : !data ? (
        <Alert color="yellow">{ADMIN_WARNING}</Alert>
      ) : (
        <>
          {data.test_mode && <TestModeNotice />}
          <Paper withBorder p="md">
            <Group justify="space-between">
              <div>
                <Text size="sm" c="dimmed">
                  Current plan
                </Text>
                <Title order={3} size="h4" data-testid="current-plan">
                  {active && data.active_plan_index > 0 ? active.label : DEFAULT_SUBSCRIPTION_LABEL}
                </Title>
              </div>
              <Group gap="xs">
                <Button component={Link} to={`/c/${companyId}/plans`} state={modalState(location)}>
                  Upgrade Plan
                </Button>
                <Button component={Link} to={`/c/${companyId}/settings/billing`} variant="default">
                  Billing
                </Button>
              </Group>
            </Group>
            <Text size="xs" c="dimmed" mt="sm">
              {BILLING_MESSAGES.contactSupportToChange} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </Text>
          </Paper>
          <Paper withBorder p="md">
            <Title order={3} size="h4" mb="sm">
              Subscriptions
            </Title>
            {data.subscriptions.length === 0 ? (
              <Text size="sm" c="dimmed">
                {DEFAULT_SUBSCRIPTION_LABEL}: no paid subscription yet.
              </Text>
            ) : (
              <Table aria-label="Subscriptions" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Plan</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Price</Table.Th>
                    <Table.Th>Renews</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.subscriptions.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>{s.nickname}</Table.Td>
                      <Table.Td>
                        <Badge size="sm" variant="light" color={s.active ? 'green' : 'gray'}>
                          {s.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {formatCents(s.amount)}/{s.interval}
                      </Table.Td>
                      <Table.Td>
                        {s.current_period_end ? new Date(s.current_period_end).toLocaleDateString() : ''}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}
