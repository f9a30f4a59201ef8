import { Button, EmptyState, Paper } from '@mantine/core';
import { IconBuildingPlus, IconPlus } from '@tabler/icons-react';

/** No workspace yet; `onAdd` null: the session may not make one (staff acting as the user). */
export function WorkspacesEmpty({ onAdd }: { onAdd: (() => void) | null }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState
        icon={<IconBuildingPlus size={28} stroke={1.5} />}
        withIndicatorBackground
        title="No workspaces yet"
        description={onAdd ? 'Add a workspace for your company to get started.' : undefined}
      >
        {onAdd && (
          <EmptyState.Actions>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={onAdd}
              aria-label="Add your first workspace"
            >
              Add Workspace
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Paper>
  );
}
