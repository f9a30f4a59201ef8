import { ACCESS_TOKEN_ERROR, ONLY_THIS_WORKSPACE } from '@charter/domain';
import { Button, Menu, Text, Tooltip } from '@mantine/core';
import { IconBuilding, IconCheck, IconChevronDown, IconLayoutGrid } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useSession } from '../../app/session.tsx';
import { useAccounts } from '../workspaces/queries.ts';

type Props = { companyId: number; currentName: string | null };

/** The workspace switcher in the top bar; impersonators stay in the workspace they were given. */
export function CompanyMenu({ companyId, currentName }: Props) {
  const { impersonatorId, switchAccount } = useSession();
  const navigate = useNavigate();
  const notices = useNotices();
  const impersonating = Boolean(impersonatorId);
  const accounts = useAccounts();
  const others = (accounts.data ?? []).filter((account) => account.id !== companyId);
  const label = currentName ?? 'Select Workspace';

  const open = async (id: number) => {
    try {
      await switchAccount(id);
      navigate(`/c/${id}/home`);
    } catch (error) {
      notices.push({ type: 'error', message: errorMessage(error, ACCESS_TOKEN_ERROR), error });
    }
  };

  const target = (
    <Button
      variant="default"
      radius="md"
      leftSection={<IconBuilding size={16} />}
      rightSection={impersonating ? null : <IconChevronDown size={14} />}
      data-disabled={impersonating || undefined}
      aria-disabled={impersonating || undefined}
      aria-label={`Workspace: ${label}`}
      maw={260}
      miw={0}
      styles={{
        root: { flexShrink: 1 },
        inner: { minWidth: 0 },
        label: { overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 },
      }}
    >
      {label}
    </Button>
  );
  // A disabled button swallows the hover the tooltip needs, so it is only marked disabled.
  if (impersonating) return <Tooltip label={ONLY_THIS_WORKSPACE}>{target}</Tooltip>;

  return (
    <Menu position="bottom-end" width={280} shadow="md">
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLayoutGrid size={16} />} onClick={() => navigate('/c/0/company-select')}>
          View Your Workspaces
        </Menu.Item>
        {currentName && (
          <>
            <Menu.Divider />
            <Menu.Label>Current workspace</Menu.Label>
            <Menu.Item leftSection={<IconCheck size={16} />} onClick={() => navigate(`/c/${companyId}/home`)}>
              {currentName}
            </Menu.Item>
          </>
        )}
        {others.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>Other workspaces</Menu.Label>
            <div style={{ maxHeight: 280, overflowY: 'auto' }}>
              {others.map((account) => (
                <Menu.Item key={account.id} onClick={() => void open(account.id)}>
                  <Text fz="sm" truncate>
                    {account.name || account.company_name}
                  </Text>
                </Menu.Item>
              ))}
            </div>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
