import { PROJECT_NAME_UPDATED } from '@charter/domain';
import { TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { workbenchApi, workbenchKeys } from '../workbench/api.ts';

/**
 * The optional workflow-name field of the first form (spec 2 §5): trimmed; empty or unchanged goes back to
 * the current name, anything else renames the project.
 */
export function WorkflowName({
  companyId,
  projectId,
  label,
}: {
  companyId: number;
  projectId: number;
  label: string;
}) {
  const [value, setValue] = useState(label);
  const { push } = useNotices();
  const queryClient = useQueryClient();
  const commit = async () => {
    const name = value.trim();
    if (!name || name === label) {
      setValue(label);
      return;
    }
    try {
      await workbenchApi(companyId).renameProject(projectId, name);
      setValue(name);
      push({ type: 'success', message: PROJECT_NAME_UPDATED });
      await queryClient.invalidateQueries({
        queryKey: workbenchKeys.all(companyId),
        predicate: (query) => query.queryKey[3] !== 'questionnaire',
      });
    } catch (caught) {
      setValue(label);
      push({ type: 'error', message: errorMessage(caught, 'An error has occurred.') });
    }
  };
  return (
    <TextInput
      label="Workflow name"
      description="Optional: how this workflow is listed."
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={() => void commit()}
      maxLength={200}
    />
  );
}
