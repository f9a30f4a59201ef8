import { type ConnectedPartnerView, PARTNER_CONNECTED } from '@charter/domain';
import { Alert, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useAccountMe } from '../shell/queries.ts';
import {
  lookupPartnerCode,
  useConnectedPartners,
  useConnectPartner,
  useDisconnectPartner,
} from './queries.ts';

/** Our product slug in the spec's `/{product}-partners` path (React Router matches whole segments only). */
export const WORKSPACE_PARTNERS_PATH = 'charter-partners';
const PARTNER_ERROR = 'The partner could not be changed. Please try again.';

/**
 * /c/:companyId/charter-partners, the Workspace Partners page (spec 1 §2): the workspace's admin enters a
 * partner's code, sees its name, connects ('Partner Connected'); connected partners can be disconnected.
 */
export function WorkspacePartnersPage() {
  const companyId = Number(useParams().companyId);
  const me = useAccountMe(companyId);
  const partners = useConnectedPartners(companyId);
  const canManage = me.data?.abilities.manage_settings === true;
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <PageTitle>Workspace Partners</PageTitle>
        <Text c="dimmed">Firms that serve this workspace: they see it on their Teams page.</Text>
      </Stack>
      {canManage && <ConnectForm companyId={companyId} />}
      <Card
        withBorder
        radius="md"
        padding="xl"
        shadow="xs"
        component="section"
        aria-label="Connected partners"
      >
        <Title order={2} size="h4" mb="md">
          Connected Partners
        </Title>
        {partners.isError && (
          <Alert color="red">{errorMessage(partners.error, 'Partners could not be loaded.')}</Alert>
        )}
        {partners.data?.length === 0 && (
          <Text fz="sm" c="dimmed">
            No partner is connected to this workspace.
          </Text>
        )}
        {partners.data && partners.data.length > 0 && (
          <ConnectedTable companyId={companyId} partners={partners.data} canManage={canManage} />
        )}
      </Card>
    </Stack>
  );
}

function ConnectForm({ companyId }: { companyId: number }) {
  const [code, setCode] = useState('');
  const [found, setFound] = useState<{ code: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const connect = useConnectPartner(companyId);
  const { push } = useNotices();

  const lookUp = async () => {
    setFound(null);
    setError(null);
    if (!code.trim()) return setError('Enter a partner code');
    setLooking(true);
    try {
      setFound({ code: code.trim(), ...(await lookupPartnerCode(code)) });
    } catch (caught) {
      setError(errorMessage(caught, 'No partner has that code.'));
    } finally {
      setLooking(false);
    }
  };
  const onConnect = () =>
    found &&
    connect.mutate(found.code, {
      onSuccess: (res) => {
        push({ type: 'success', message: res.message || PARTNER_CONNECTED });
        setFound(null);
        setCode('');
      },
      onError: (caught) => push({ type: 'error', message: errorMessage(caught, PARTNER_ERROR) }),
    });

  return (
    <Card withBorder radius="md" padding="xl" shadow="xs" component="section" aria-label="Connect a partner">
      <Title order={2} size="h4" mb="md">
        Connect a Partner
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void lookUp();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Partner code"
            description="The code your law firm or partner gave you"
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setFound(null);
              setError(null);
            }}
            error={error}
            w={340}
          />
          <Button type="submit" variant="light" loading={looking}>
            Find Partner
          </Button>
        </Group>
      </form>
      {found && (
        <Group
          mt="lg"
          justify="space-between"
          p="md"
          bg="var(--mantine-color-gray-0)"
          style={{ borderRadius: 8 }}
        >
          <Stack gap={0}>
            <Text fz="xs" c="dimmed">
              Partner
            </Text>
            <Text fw={600}>{found.name}</Text>
          </Stack>
          <Button onClick={onConnect} loading={connect.isPending}>
            Connect
          </Button>
        </Group>
      )}
    </Card>
  );
}

function ConnectedTable({
  companyId,
  partners,
  canManage,
}: {
  companyId: number;
  partners: ConnectedPartnerView[];
  canManage: boolean;
}) {
  const disconnect = useDisconnectPartner(companyId);
  const { push } = useNotices();
  const confirm = (partner: ConnectedPartnerView, code: string) =>
    modals.openConfirmModal({
      title: 'Disconnect Partner',
      children: (
        <Text size="sm">
          Are you sure you want to disconnect {partner.name}? Its team will no longer see this workspace.
        </Text>
      ),
      labels: { confirm: 'Disconnect', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disconnect.mutate(code, {
          onSuccess: () => push({ type: 'success', message: `${partner.name} disconnected.` }),
          onError: (caught) => push({ type: 'error', message: errorMessage(caught, PARTNER_ERROR) }),
        }),
    });
  return (
    <Table verticalSpacing="sm" aria-label="Connected partners">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Partner</Table.Th>
          <Table.Th>Connected</Table.Th>
          <Table.Th w={130} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {partners.map((partner) => (
          <Table.Tr key={partner.partner_id}>
            <Table.Td>{partner.name}</Table.Td>
            <Table.Td>{dayjs(partner.connected_at).format('MMM D, YYYY')}</Table.Td>
            <Table.Td>
              {canManage && partner.code && (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  aria-label={`Disconnect ${partner.name}`}
                  onClick={() => partner.code && confirm(partner, partner.code)}
                >
                  Disconnect
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
