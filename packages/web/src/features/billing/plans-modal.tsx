import { BILLING_MESSAGES, type PlanView } from '@charter/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useBrand } from '../../app/brand-value.ts';
import { backgroundOf } from '../../app/modal-location.ts';
import { useNotices } from '../../app/notices.tsx';
import { parseCompanyId } from '../shell/company-gate.ts';
import { formatCents } from './money.ts';
import { methodLabel } from './payment-methods.tsx';
import { useBillingCustomer, useBundlePreview, usePaymentMethods, useSubscribe } from './queries.ts';
import { TestModeNotice } from './test-mode-notice.tsx';

/**
 * /c/:companyId/plans, drawn as a modal (spec 1 §2: opened as a modal when the path contains /plans; it
 * closes to the page it was opened over, else to the workbench plans step it came from, else /home).
 * Choose a plan, see its price (the preview's cents / 100), pay with a verified method: 'Subscribed!'.
 */
export function PlansModal() {
  const params = useParams();
  const companyId = parseCompanyId(params.companyId) ?? 0;
  const location = useLocation();
  const navigate = useNavigate();
  const close = () => {
    if (backgroundOf(location) || window.history.state?.idx > 0) navigate(-1);
    else navigate(`/c/${companyId}/home`, { replace: true });
  };
  return (
    <Modal opened onClose={close} title="Plans" size="72rem" centered>
      <PlansContent companyId={companyId} onDone={close} />
    </Modal>
  );
}

function PlansContent({ companyId, onDone }: { companyId: number; onDone: () => void }) {
  const customer = useBillingCustomer(companyId);
  const { supportEmail } = useBrand();
  const [chosen, setChosen] = useState<PlanView | null>(null);
  if (customer.isLoading) return <Loader aria-label="Loading plans" />;
  if (!customer.data) {
    return <Alert color="red">{errorMessage(customer.error, BILLING_MESSAGES.fallback)}</Alert>;
  }
  const data = customer.data;
  const manage = data.abilities.manage;
  const activeSlugs = new Set(data.subscriptions.filter((s) => s.active).map((s) => s.plan_slug));
  const planCard = (plan: PlanView, index: number | null) => {
    const current = index === null ? activeSlugs.has(plan.slug) : index === data.active_plan_index;
    const below = index !== null && index < data.active_plan_index;
    return (
      <Card key={plan.slug} withBorder padding="md" data-testid={`plan-${plan.slug}`}>
        <Stack gap={6} h="100%">
          <Group justify="space-between" wrap="nowrap">
            <Title order={4}>{plan.label}</Title>
            {current && <Badge variant="light">Current Plan</Badge>}
          </Group>
          <Text fw={600}>{plan.priceLabel}</Text>
          <Text size="sm" c="dimmed" style={{ flex: 1 }}>
            {plan.description}
          </Text>
          {plan.talkToSales ? (
            <Button
              variant="light"
              component="a"
              href={`mailto:${supportEmail}?subject=${encodeURIComponent(plan.label)}`}
            >
              {BILLING_MESSAGES.talkToSales}
            </Button>
          ) : current || below || plan.priceValue === 0 ? (
            <Button variant="default" disabled>
              {current ? 'Current Plan' : 'Included'}
            </Button>
          ) : (
            <Button disabled={!manage} onClick={() => setChosen(plan)}>
              Choose {plan.label}
            </Button>
          )}
        </Stack>
      </Card>
    );
  };
  if (chosen) {
    return <Checkout companyId={companyId} plan={chosen} onBack={() => setChosen(null)} onDone={onDone} />;
  }
  return (
    <Stack gap="md">
      {data.test_mode && <TestModeNotice />}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>{data.plans.map((p, i) => planCard(p, i))}</SimpleGrid>
      <Text size="sm" fw={500}>
        Add-ons and monthly plans
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>{data.extra_plans.map((p) => planCard(p, null))}</SimpleGrid>
      {!manage && (
        <Text size="sm" c="dimmed">
          Only the workspace's admins can change its plan.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {BILLING_MESSAGES.contactSupportToChange} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
      </Text>
    </Stack>
  );
}

function Checkout({
  companyId,
  plan,
  onBack,
  onDone,
}: {
  companyId: number;
  plan: PlanView;
  onBack: () => void;
  onDone: () => void;
}) {
  const preview = useBundlePreview(companyId, plan.slug);
  const methods = usePaymentMethods(companyId, false);
  const subscribe = useSubscribe(companyId);
  const { push } = useNotices();
  const [source, setSource] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = methods.data?.methods ?? [];
  const selected =
    source ?? (methods.data?.default_method_id ? String(methods.data.default_method_id) : null);
  const pay = () => {
    setError(null);
    subscribe.mutate(
      { slug: plan.slug, sourceId: selected ? Number(selected) : null },
      {
        onSuccess: (answer) => {
          push({ type: 'success', message: answer.message });
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure, BILLING_MESSAGES.fallback)),
      },
    );
  };
  return (
    <Stack gap="md">
      <Title order={4}>Subscribe to {plan.label}</Title>
      {preview.isLoading ? (
        <Loader size="sm" />
      ) : preview.data ? (
        <Text data-testid="plan-preview-amount">
          {formatCents(preview.data.amount, preview.data.currency)} per {preview.data.interval}
        </Text>
      ) : (
        <Alert color="red">{errorMessage(preview.error, BILLING_MESSAGES.fallback)}</Alert>
      )}
      {list.length === 0 && !methods.isLoading ? (
        <Alert color="yellow">
          {BILLING_MESSAGES.noPaymentMethod}{' '}
          <Link to={`/c/${companyId}/settings/billing`}>Go to Billing</Link>
        </Alert>
      ) : (
        <Select
          label="Pay with"
          data={list.map((m) => ({ value: String(m.id), label: methodLabel(m) }))}
          value={selected}
          onChange={setSource}
          allowDeselect={false}
        />
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={pay} loading={subscribe.isPending} disabled={!selected || !preview.data}>
          Subscribe
        </Button>
      </Group>
    </Stack>
  );
}
