import { GENERIC_ERROR_PERSISTS } from '@charter/domain';
import { Button, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useSession } from '../../app/session.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { NewWorkspaceModal } from './new-workspace-modal.tsx';
import { useAccounts, useSetPreferredAccount } from './queries.ts';
import { matchesWorkspace, workspaceTarget } from './redirect-target.ts';
import { WorkspaceCard } from './workspace-card.tsx';
import { WorkspacesEmpty } from './workspaces-empty.tsx';

const SEARCH_THRESHOLD = 8;
const GENERIC_ERROR = GENERIC_ERROR_PERSISTS;

/** /c/:companyId/company-select: the user's workspaces, to open one, make one default or add one. */
export function CompanySelectPage() {
  const { currentAccountId, switchAccount, impersonatorId } = useSession();
  // Staff acting as the user work in the one workspace they opened; they do not make new ones.
  const canAdd = impersonatorId === null;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notices = useNotices();
  const accounts = useAccounts();
  const preference = useSetPreferredAccount();
  const [query, setQuery] = useState('');
  const [opening, setOpening] = useState<number | null>(null);
  const [modalOpened, modal] = useDisclosure(false);
  const all = accounts.data ?? [];
  const shown = all.filter((w) => matchesWorkspace(query, [w.name, w.company_name]));

  const open = async (id: number) => {
    setOpening(id);
    try {
      await switchAccount(id);
      navigate(workspaceTarget(id, params.get('redirect')));
    } catch (error) {
      notices.push({ type: 'error', message: errorMessage(error, GENERIC_ERROR), error });
      setOpening(null);
    }
  };
  const toggleDefault = (id: number, preferred: boolean) =>
    preference.mutate(
      { id, preferred: !preferred },
      {
        onError: (error) =>
          notices.push({ type: 'error', message: errorMessage(error, GENERIC_ERROR), error }),
      },
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <PageTitle>Workspaces</PageTitle>
          <Text c="dimmed">Choose the workspace you want to work in.</Text>
        </Stack>
        {canAdd && (
          <Button leftSection={<IconPlus size={16} />} onClick={modal.open}>
            Add Workspace
          </Button>
        )}
      </Group>
      {all.length > SEARCH_THRESHOLD && (
        <TextInput
          label="Search workspaces"
          placeholder="Search by name"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          maw={360}
        />
      )}
      {accounts.isPending && <CardSkeletons />}
      {accounts.isError && <Text c="red">{errorMessage(accounts.error, GENERIC_ERROR)}</Text>}
      {accounts.isSuccess && all.length === 0 && <WorkspacesEmpty onAdd={canAdd ? modal.open : null} />}
      {accounts.isSuccess && all.length > 0 && shown.length === 0 && (
        <Text c="dimmed">No workspace matches “{query}”.</Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {shown.map((workspace) => (
          <WorkspaceCard
            key={workspace.id}
            workspace={workspace}
            current={workspace.id === currentAccountId}
            opening={opening === workspace.id}
            savingDefault={preference.isPending && preference.variables?.id === workspace.id}
            onOpen={() => void open(workspace.id)}
            onToggleDefault={() => toggleDefault(workspace.id, workspace.preferred)}
          />
        ))}
      </SimpleGrid>
      <NewWorkspaceModal opened={modalOpened} onClose={modal.close} />
    </Stack>
  );
}

function CardSkeletons() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-label="Loading workspaces">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={132} radius="md" />
      ))}
    </SimpleGrid>
  );
}
