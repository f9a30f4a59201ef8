import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { parseCompanyId } from '../shell/company-gate.ts';
import { useAccountMe } from '../shell/queries.ts';
import { RequiringSignature } from '../signing/requiring-signature.tsx';
import { TodoList } from './todo-list.tsx';

/** The workspace's home: a welcome card and the to-dos. */
export function HomePage() {
  const companyId = parseCompanyId(useParams().companyId) ?? 0;
  const { user } = useSession();
  const { data } = useAccountMe(companyId);
  const workspace = data ? data.account.name || data.account.company_name : '';
  const firstName = user?.first_name || data?.user.first_name || '';
  return (
    <Stack gap="lg">
      <PageTitle>Home</PageTitle>
      <Card withBorder radius="md" padding="xl" shadow="xs" aria-label="Welcome">
        <Group wrap="nowrap" align="flex-start" gap="lg">
          <ThemeIcon size={56} radius="md" variant="light">
            <IconBuildingSkyscraper size={30} stroke={1.5} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} size="h3">
              {firstName ? `Welcome, ${firstName}!` : 'Welcome!'}
            </Title>
            <Text c="dimmed">
              This is the home of{' '}
              <Text span fw={600} c="var(--mantine-color-text)">
                {workspace}
              </Text>
              : its workflows, tasks and documents will appear here.
            </Text>
          </Stack>
        </Group>
      </Card>
      {companyId > 0 && <RequiringSignature companyId={companyId} />}
      {companyId > 0 && <TodoList mode={{ team: false, companyId }} />}
    </Stack>
  );
}
