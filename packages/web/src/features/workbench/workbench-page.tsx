import { Alert, Anchor, Grid, Loader, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { lazyPage } from '../../app/lazy-page.ts';
import { useNotices } from '../../app/notices.tsx';
import { useProject, useQuestionnaire, useTransaction, workbenchApi, workbenchKeys } from './api.ts';
import { NavPanel } from './nav-panel.tsx';
import {
  currentTransaction,
  LEGACY_STEPS,
  pathAfterDeletion,
  stepFor,
  type WorkbenchStep,
  workbenchPath,
} from './routing.ts';
import { TaskOverview } from './task-overview.tsx';
import type { Project, Transaction, TransactionSummary } from './types.ts';

// The form (fields, address and money inputs) loads only when a task's form opens.
const QuestionnaireForm = lazyPage(() =>
  import('../questionnaire/questionnaire-form.tsx').then((m) => m.QuestionnaireForm),
);

/** /c/:companyId/workbench/:moduleId/:projectId/:transactionId?/:step? */
export function WorkbenchPage() {
  const params = useParams();
  const companyId = Number(params.companyId);
  const moduleId = Number(params.moduleId) || 2;
  const step = params.step ?? '';
  if (step === 'new')
    return <StartProject companyId={companyId} moduleId={moduleId} templateId={params.projectId ?? ''} />;
  if ((LEGACY_STEPS as readonly string[]).includes(step)) {
    return (
      <Navigate
        to={`/c/${companyId}/workbench/${moduleId}/${params.projectId}/${params.transactionId}/task-view`}
        replace
      />
    );
  }
  return (
    <Workbench
      companyId={companyId}
      moduleId={moduleId}
      projectId={Number(params.projectId)}
      transactionId={Number(params.transactionId ?? 0)}
      step={step as WorkbenchStep | ''}
    />
  );
}

/** The `new` step: starts a workflow from the template named in the path, then opens it. */
function StartProject({
  companyId,
  moduleId,
  templateId,
}: {
  companyId: number;
  moduleId: number;
  templateId: string;
}) {
  const navigate = useNavigate();
  const started = useRef(false);
  const { push } = useNotices();
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    workbenchApi(companyId)
      .startProject(templateId)
      .then((project) => navigate(`/c/${companyId}/workbench/${moduleId}/${project.id}`, { replace: true }))
      .catch((caught) => {
        push({ type: 'error', message: errorMessage(caught, 'An error has occurred.') });
        navigate(`/c/${companyId}/workflows`, { replace: true });
      });
  }, [companyId, moduleId, templateId, navigate, push]);
  return <Loader aria-label="Starting workflow" />;
}

type WorkbenchProps = {
  companyId: number;
  moduleId: number;
  projectId: number;
  transactionId: number;
  step: WorkbenchStep | '';
};

function Workbench({ companyId, moduleId, projectId, transactionId, step }: WorkbenchProps) {
  const navigate = useNavigate();
  const { push } = useNotices();
  const project = useProject(companyId, projectId);
  const transaction = useTransaction(companyId, transactionId);
  const queryClient = useQueryClient();
  const status = transaction.data?.status;
  // The panel's statuses follow the group as it moves on (documents generated, reopened…).
  useEffect(() => {
    if (status) void queryClient.invalidateQueries({ queryKey: workbenchKeys.project(companyId, projectId) });
  }, [status, companyId, projectId, queryClient]);

  if (project.isPending) return <Loader aria-label="Loading workflow" />;
  if (project.isError)
    return <Alert color="red">{errorMessage(project.error, 'An error has occurred.')}</Alert>;
  const groups = [...project.data.groupedTransactions].sort((a, b) => a.position - b.position);
  const isAssessment = project.data.template.is_assessment;
  const open = (target: TransactionSummary, state?: Record<string, unknown>) =>
    navigate(workbenchPath(companyId, moduleId, projectId, target.id, stepFor(target, { isAssessment })), {
      state,
    });

  if (!transactionId || !step) {
    const first = groups.find((g) => g.id === transactionId) ?? currentTransaction(groups);
    if (!first) {
      return (
        <Alert color="yellow">
          This workflow has no tasks.{' '}
          <Anchor component={Link} to={`/c/${companyId}/workflows`}>
            Back to Workflows
          </Anchor>
        </Alert>
      );
    }
    return (
      <Navigate
        to={workbenchPath(companyId, moduleId, projectId, first.id, stepFor(first, { isAssessment }))}
        replace
      />
    );
  }
  if (transaction.isPending) return <Loader aria-label="Loading task" />;
  if (transaction.isError)
    return <Alert color="red">{errorMessage(transaction.error, 'An error has occurred.')}</Alert>;
  const current = transaction.data;
  const home = () => navigate(`/c/${companyId}/home`);
  const firstOpen = groups.find((g) => g.open);
  const discard =
    step === 'task-view' && firstOpen?.id === current.id
      ? () => confirmDiscard(companyId, project.data, home, push)
      : null;
  const next = groups.find((g) => g.position > current.position && g.open);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <NavPanel
          project={project.data}
          current={current}
          onOpen={(t) => open(t)}
          onDiscard={discard}
          onExit={home}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {step === 'task-view' && (
          <FormStep
            companyId={companyId}
            transaction={current}
            onDone={(finalized) =>
              navigate(workbenchPath(companyId, moduleId, projectId, current.id, 'overview'), {
                state: finalized ? { isFinalized: true } : undefined,
              })
            }
          />
        )}
        {step === 'overview' && (
          <TaskOverview
            companyId={companyId}
            transaction={current}
            nextTransaction={next}
            projectGroups={groups.length}
            onOpenForm={() =>
              navigate(workbenchPath(companyId, moduleId, projectId, current.id, 'task-view'))
            }
            onShareForm={() =>
              navigate(workbenchPath(companyId, moduleId, projectId, current.id, 'task-view'), {
                state: { isSharing: true },
              })
            }
            onOpen={(t) => open(t)}
            onExit={home}
            onDeleted={() => {
              navigate(pathAfterDeletion(companyId, moduleId, projectId, groups, current.id, isAssessment), {
                replace: true,
              });
              queryClient.removeQueries({ queryKey: workbenchKeys.transaction(companyId, current.id) });
              void queryClient.invalidateQueries({ queryKey: workbenchKeys.all(companyId) });
            }}
            onReopened={() =>
              navigate(workbenchPath(companyId, moduleId, projectId, current.id, 'task-view'), {
                state: { isReopening: true },
              })
            }
          />
        )}
        {step !== 'task-view' && step !== 'overview' && (
          <Alert color="blue">
            <Text size="sm">This step opens with the portal; see the task overview meanwhile.</Text>
          </Alert>
        )}
      </Grid.Col>
    </Grid>
  );
}

function FormStep({
  companyId,
  transaction,
  onDone,
}: {
  companyId: number;
  transaction: Transaction;
  onDone: (finalized: boolean) => void;
}) {
  const questionnaire = useQuestionnaire(companyId, transaction.id);
  if (questionnaire.isPending || questionnaire.isFetching) return <Loader aria-label="Loading form" />;
  if (questionnaire.isError)
    return <Alert color="red">{errorMessage(questionnaire.error, 'An error has occurred.')}</Alert>;
  return (
    <Suspense fallback={<Loader aria-label="Loading form" />}>
      <QuestionnaireForm
        companyId={companyId}
        transaction={transaction}
        questionnaire={questionnaire.data}
        onDone={({ finalized }) => onDone(finalized)}
      />
    </Suspense>
  );
}

function confirmDiscard(
  companyId: number,
  project: Project,
  home: () => void,
  push: ReturnType<typeof useNotices>['push'],
) {
  modals.openConfirmModal({
    title: 'Discard Workflow & Exit',
    children: <Text size="sm">Discard {project.label} and every answer given so far?</Text>,
    labels: { confirm: 'Discard & Exit', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      workbenchApi(companyId)
        .deleteProject(project.id)
        .then(() => {
          push({ type: 'success', message: 'Project Deleted' });
          home();
        })
        .catch((caught) => push({ type: 'error', message: errorMessage(caught, 'An error has occurred.') })),
  });
}
