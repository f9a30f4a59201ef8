import { RESTRICTED_ROLE_ID, WORKFLOW_AREAS, type WorkflowArea } from '@charter/domain';
import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useAccountMe } from '../shell/queries.ts';
import { workbenchApi } from '../workbench/api.ts';
import { type ProjectTemplate, useProjectTemplates } from './queries.ts';

export const AREA_LABELS: Record<WorkflowArea, string> = {
  entity: 'Entity',
  governance: 'Governance',
  team: 'Team',
  equity: 'Equity',
  financing: 'Financing',
  'customers-partners': 'Customers & Partners',
  other: 'Other',
};

/**
 * The area named by the URL hash (#entity, #governance, …), else the first that has workflows (`filled`), else
 * the first: a workspace offered only some areas (restricted, role 3) does not open on an empty tab.
 */
export function areaOfHash(hash: string, filled: readonly WorkflowArea[] = []): WorkflowArea {
  const wanted = hash.replace(/^#/, '');
  return (WORKFLOW_AREAS as readonly string[]).includes(wanted)
    ? (wanted as WorkflowArea)
    : (filled[0] ?? WORKFLOW_AREAS[0]);
}

export const RESTRICTED_NO_WORKFLOWS =
  'This workspace is restricted: it offers only the workflows of modules 4 and 5, and none is available yet.';
export const NO_WORKFLOWS = 'No workflows are available in this workspace yet.';

/** Why the list is empty: the whole library for this workspace, or only the chosen area. */
function EmptyWorkflows({
  restricted,
  anywhere,
  area,
}: {
  restricted: boolean;
  anywhere: boolean;
  area: string;
}) {
  if (anywhere) return <Text c="dimmed">No workflows in {area}. Try another area.</Text>;
  return (
    <Alert color="blue" title="No workflows">
      {restricted ? RESTRICTED_NO_WORKFLOWS : NO_WORKFLOWS}
    </Alert>
  );
}

function TemplateCard({ template, companyId }: { template: ProjectTemplate; companyId: number }) {
  const navigate = useNavigate();
  const { push } = useNotices();
  const start = useMutation({
    mutationFn: () => workbenchApi(companyId).startProject(template.id),
    onSuccess: (project) => navigate(`/c/${companyId}/workbench/${template.module_id}/${project.id}`),
    onError: (caught) => push({ type: 'error', message: errorMessage(caught, 'An error has occurred.') }),
  });
  return (
    <Card withBorder radius="md" padding="lg" aria-label={template.label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text fw={600}>{template.label}</Text>
        {template.is_assessment && <Badge variant="light">Assessment</Badge>}
      </Group>
      <Text size="sm" c="dimmed" mt="xs">
        {template.description}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button
          onClick={() => start.mutate()}
          loading={start.isPending}
          aria-label={`Start ${template.label}`}
        >
          Start
        </Button>
      </Group>
    </Card>
  );
}

/** Workflows by area (the tabs follow the URL hash), each a card from the template library. */
export function WorkflowsPage() {
  const companyId = Number(useParams().companyId);
  const location = useLocation();
  const navigate = useNavigate();
  const templates = useProjectTemplates(companyId);
  const restricted = useAccountMe(companyId).data?.account.role_id === RESTRICTED_ROLE_ID;
  const all = templates.data ?? [];
  const area = areaOfHash(
    location.hash,
    WORKFLOW_AREAS.filter((key) => all.some((t) => t.area === key)),
  );
  const shown = all.filter((t) => t.area === area);

  return (
    <Stack gap="lg">
      <PageTitle>Workflows</PageTitle>
      <Tabs value={area} onChange={(next) => next && navigate({ hash: next }, { replace: true })}>
        <Tabs.List>
          {WORKFLOW_AREAS.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {AREA_LABELS[key]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {templates.isPending && <Loader aria-label="Loading workflows" />}
      {templates.isError && <Alert color="red">An error has occurred</Alert>}
      {templates.data && shown.length === 0 && (
        <EmptyWorkflows restricted={restricted} anywhere={all.length > 0} area={AREA_LABELS[area]} />
      )}
      {shown.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {shown.map((template) => (
            <TemplateCard key={template.id} template={template} companyId={companyId} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
