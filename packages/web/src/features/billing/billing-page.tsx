import { ADMIN_WARNING } from '@charter/domain';
import { Alert, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../ui/page-title.tsx';
import { parseCompanyId } from '../shell/company-gate.ts';
import { Invoices } from './invoices.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { useBillingCustomer } from './queries.ts';
import { TestModeNotice } from './test-mode-notice.tsx';

/** /c/:companyId/settings/billing: payment methods (cards, bank accounts, bank link) and invoices. */
export function BillingPage() {
  const companyId = parseCompanyId(useParams().companyId) ?? 0;
  const customer = useBillingCustomer(companyId);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <PageTitle>Billing</PageTitle>
        <Button component={Link} to={`/c/${companyId}/settings/subscriptions`} variant="subtle" size="xs">
          View Subscriptions
        </Button>
      </Group>
      {customer.isLoading ? (
        <Center mih={160}>
          <Loader aria-label="Loading billing" />
        </Center>
      ) : !customer.data ? (
        <Alert color="yellow">{ADMIN_WARNING}</Alert>
      ) : (
        <>
          {customer.data.test_mode && (
            <TestModeNotice details={customer.data.abilities.manage && customer.data.provider === 'test'} />
          )}
          <PaymentMethods companyId={companyId} stripeDomain={customer.data.stripe_domain} />
          <Invoices companyId={companyId} />
        </>
      )}
    </Stack>
  );
}
