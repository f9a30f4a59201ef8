import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The one-line error or success box at the top of an auth form (role alert/status for screen readers). */
export function AuthAlert({
  kind = 'error',
  title,
  children,
}: {
  kind?: 'error' | 'success';
  title?: string;
  children?: ReactNode;
}) {
  if (kind === 'success') {
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} />} title={title} role="status">
        {children}
      </Alert>
    );
  }
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      {children}
    </Alert>
  );
}
