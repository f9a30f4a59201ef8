import { Anchor, Badge, Card, NavLink, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { NewRoomModal } from '../rooms/rooms-page.tsx';
import type { Project, Transaction, TransactionSummary } from './types.ts';

type Props = {
  project: Project;
  current: Transaction | undefined;
  onOpen: (transaction: TransactionSummary) => void;
  /** Offered on the form of the first open group: the workflow is deleted. */
  onDiscard: (() => void) | null;
  onExit: () => void;
};

/**
 * The workflow navigation panel (spec 2 §2): the task groups, assessments not open labelled Overview;
 * Exit Workflow, or Save & Exit while the current group is open; Discard Workflow & Exit on the first form.
 */
export function NavPanel({ project, current, onOpen, onDiscard, onExit }: Props) {
  const companyId = Number(useParams().companyId);
  const [creatingRoom, setCreatingRoom] = useState(false);
  const groups = [...project.groupedTransactions].sort((a, b) => a.position - b.position);
  return (
    <Card withBorder radius="md" padding="md" component="nav" aria-label="Workflow navigation">
      <Stack gap="xs">
        <Text fw={700}>{project.label}</Text>
        {groups.map((group) => (
          <NavLink
            key={group.id}
            active={group.id === current?.id}
            label={group.template.is_assessment && !group.open ? 'Overview' : group.label}
            description={
              <Badge size="xs" variant="light">
                {group.status}
              </Badge>
            }
            onClick={() => onOpen(group)}
          />
        ))}
        {/* The workflow's shared room (spec 2 §1: each group has a shared room; spec 3 §3 account_project_id). */}
        <Anchor component="button" size="sm" onClick={() => setCreatingRoom(true)} ta="left">
          Create Room
        </Anchor>
        <Anchor component="button" size="sm" onClick={onExit} ta="left">
          {current?.open ? 'Save & Exit' : 'Exit Workflow'}
        </Anchor>
        {onDiscard && (
          <Anchor component="button" size="sm" c="red" onClick={onDiscard} ta="left">
            Discard Workflow & Exit
          </Anchor>
        )}
      </Stack>
      {creatingRoom && (
        <NewRoomModal companyId={companyId} projectId={project.id} onClose={() => setCreatingRoom(false)} />
      )}
    </Card>
  );
}
