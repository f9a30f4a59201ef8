import { documentStatusLabel, type TaskAction, type UpdateTaskBody } from '@charter/domain';
import {
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Menu,
  Select,
  Stack,
  Text,
  Timeline,
} from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { useChooseAddon } from '../billing-charges/addons.ts';
import { TaskFees } from '../billing-charges/task-fees.tsx';
import { ReviewModal } from '../review/review-modal.tsx';
import { shownFileId } from '../signing/signing-entry.ts';
import { useWorkbenchMutation, workbenchApi } from './api.ts';
import { CustomDocumentPanel } from './custom-document-panel.tsx';
import type { Task, Transaction } from './types.ts';
import { uploadTaskDocument } from './upload-task-document.ts';

/** Spec 2 §2: the timeline shows Show Older / Show Less past 2 entries. */
export const TIMELINE_COLLAPSED_ENTRIES = 2;

const MODE_ACTIONS: Record<string, { action: TaskAction; label: string }> = {
  Generate: { action: 'generate', label: 'Generate' },
  Upload: { action: 'upload', label: 'Upload' },
  Custom: { action: 'custom', label: 'Custom' },
  Skip: { action: 'skip', label: 'Skip' },
};

type Props = {
  companyId: number;
  transaction: Transaction;
  task: Task;
  onPreview: (task: Task) => void;
};

export function TaskCard({ companyId, transaction, task, onPreview }: Props) {
  const { push } = useNotices();
  const [showAll, setShowAll] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const api = workbenchApi(companyId);
  const update = useWorkbenchMutation(companyId, (body: UpdateTaskBody) => api.updateTask(task.id, body));
  const run = (body: UpdateTaskBody) =>
    update.mutate(body, {
      onSuccess: (result) => push({ type: 'success', message: result.message }),
      onError: (caught) =>
        push({
          type: 'error',
          message: errorMessage(caught, 'An error has occurred. if error persists, please contact support.'),
        }),
    });
  const chooseAddon = useChooseAddon(companyId);
  const upload = useWorkbenchMutation(companyId, (file: File) =>
    uploadTaskDocument(companyId, task.id, file),
  );
  const timeline = task.timeline ?? [];
  const entries = showAll ? timeline : timeline.slice(0, TIMELINE_COLLAPSED_ENTRIES);
  const editable = transaction.open;
  const deliverable = task.template.deliverables[0];
  const variants = task.template_type.variants;

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={task.label}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={600}>{task.label}</Text>
            {task.template_variant && (
              <Text size="sm" c="dimmed">
                {task.template_variant.customer_label}
              </Text>
            )}
          </div>
          <Group gap="xs">
            {task.status_label && <Badge variant="light">{task.status_label}</Badge>}
            {task.bypassed ? (
              <Badge color="gray">Skipped</Badge>
            ) : (
              <Badge variant="outline">{task.mode}</Badge>
            )}
            {editable && (
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`Process for ${task.label}`}
                    loading={update.isPending}
                  >
                    Change process
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {task.bypassed ? (
                    <Menu.Item onClick={() => run({ action: 'enable' })}>Enable</Menu.Item>
                  ) : (
                    task.modes
                      .filter((mode) => mode !== task.mode)
                      .map((mode) => (
                        <Menu.Item key={mode} onClick={() => run({ action: MODE_ACTIONS[mode].action })}>
                          {MODE_ACTIONS[mode].label}
                        </Menu.Item>
                      ))
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>
        <TaskFees
          fees={task.fees ?? []}
          addons={task.addons ?? []}
          onChooseAddon={
            editable
              ? (addon, chosen) =>
                  chooseAddon
                    .mutateAsync({ addon, addons: task.addons ?? [], chosen })
                    .catch((caught: unknown) =>
                      push({ type: 'error', message: errorMessage(caught, 'An error has occurred.') }),
                    )
              : undefined
          }
        />
        {editable && variants.length > 1 && (
          <Select
            label="Template"
            data={variants.map((v) => ({ value: v.id, label: v.customer_label }))}
            value={task.template_variant?.id ?? null}
            onChange={(value) =>
              value && value !== task.template_variant?.id && run({ template_variant_id: value })
            }
            allowDeselect={false}
            maw={320}
          />
        )}
        {deliverable && (
          <Text size="sm" c="dimmed">
            {deliverable.label}: {deliverable.timeline}
          </Text>
        )}
        {task.mode === 'Custom' && (
          <CustomDocumentPanel companyId={companyId} taskId={task.id} editable={transaction.open} />
        )}
        {task.mode === 'Upload' && !task.bypassed && (
          <Group gap="sm">
            <FileButton
              onChange={(file) =>
                file &&
                upload.mutate(file, {
                  onSuccess: () => push({ type: 'success', message: 'File uploaded.' }),
                  onError: (caught) =>
                    push({ type: 'error', message: errorMessage(caught, 'An error has occurred.') }),
                })
              }
              accept=".pdf,.doc,.docx,.txt,.rtf,.odt,.wpd"
            >
              {(props) => (
                <Button {...props} size="compact-sm" variant="light" loading={upload.isPending}>
                  {task.document ? 'Replace document' : 'Upload document'}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              One file: pdf, doc, docx, txt, rtf, odt or wpd.
            </Text>
          </Group>
        )}
        {task.state === 'Failed' && (
          <Group gap="sm">
            <Text size="sm" c="red">
              The document could not be generated.
            </Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => run({ action: 'retry' })}>
              Retry
            </Button>
          </Group>
        )}
        {task.state === 'Processing' && (
          <Text size="sm" c="blue">
            Generating the document…
          </Text>
        )}
        {task.document && (
          // Wraps on a narrow screen: a long file name, its status and Preview do not fit one line.
          <Group justify="space-between" gap="xs">
            <Group gap="xs" miw={0}>
              <IconFileTypePdf size={20} aria-hidden />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {task.document.filename}
              </Text>
              <Badge color="teal" variant="light">
                {documentStatusLabel(task.document)}
              </Badge>
            </Group>
            <Group gap="xs">
              {shownFileId(task.document) !== null && (
                <Button size="compact-sm" variant="light" onClick={() => onPreview(task)}>
                  Preview
                </Button>
              )}
              <Button size="compact-sm" variant="light" onClick={() => setReviewing(true)}>
                Review
              </Button>
            </Group>
            <ReviewModal
              companyId={companyId}
              document={reviewing ? task.document : null}
              onClose={() => setReviewing(false)}
            />
          </Group>
        )}
        {timeline.length > 0 && (
          <Stack gap={4}>
            <Timeline bulletSize={12} lineWidth={2} active={entries.length}>
              {entries.map((entry) => (
                <Timeline.Item key={entry.id} title={entry.label}>
                  {entry.description && (
                    <Text size="xs" c="dimmed">
                      {entry.description}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {new Date(entry.created_at).toLocaleString()}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
            {timeline.length > TIMELINE_COLLAPSED_ENTRIES && (
              <Anchor component="button" size="sm" onClick={() => setShowAll((v) => !v)}>
                {showAll ? 'Show Less' : 'Show Older'}
              </Anchor>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
