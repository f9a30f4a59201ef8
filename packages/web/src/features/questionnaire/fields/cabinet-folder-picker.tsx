import type { FolderListing } from '@charter/domain';
import { Alert, Anchor, Breadcrumbs, Button, Loader, Modal, NavLink, Stack, Text } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { apiFetch, errorMessage } from '../../../api/client.ts';

type Pick = (link: { label: string; url: string }) => void;

/** '/A/B' -> [['File Cabinet', '/'], ['A', '/A'], ['B', '/A/B']] */
export function pathTrail(path: string): [string, string][] {
  const parts = path.split('/').filter(Boolean);
  return [
    ['File Cabinet', '/'],
    ...parts.map((name, i): [string, string] => [name, `/${parts.slice(0, i + 1).join('/')}`]),
  ];
}

/**
 * Picks a folder of the workspace's file cabinet (spec 2 §2: a share-links field can link one): browse
 * folders, then "Link this folder" gives its name and the cabinet address of it.
 */
export function CabinetFolderPicker({ onPick }: { onPick: Pick }) {
  const companyId = Number(useParams().companyId);
  const [opened, setOpened] = useState(false);
  if (!(companyId > 0)) return null;
  return (
    <>
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconFolder size={14} />}
        onClick={() => setOpened(true)}
      >
        Link a cabinet folder
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Link a cabinet folder">
        {opened && (
          <FolderBrowser
            companyId={companyId}
            onPick={(link) => {
              onPick(link);
              setOpened(false);
            }}
          />
        )}
      </Modal>
    </>
  );
}

/** The folders of one cabinet folder at a time, and the choice of the one shown. */
function FolderBrowser({ companyId, onPick }: { companyId: number; onPick: Pick }) {
  const [path, setPath] = useState('/');
  const listing = useQuery({
    queryKey: ['account', companyId, 'cabinet', path, 'folders-only'],
    queryFn: () =>
      apiFetch<FolderListing>(`/api/account/storage/folder?path=${encodeURIComponent(path)}&limit=1`, {
        accountId: companyId,
      }),
  });
  const trail = pathTrail(path);
  const pick = () => {
    const name = trail.at(-1)?.[0] ?? 'File Cabinet';
    const query = path === '/' ? '' : `?path=${encodeURIComponent(path)}`;
    onPick({ label: name, url: `${window.location.origin}/c/${companyId}/cabinet${query}` });
  };
  return (
    <Stack gap="sm">
      <Breadcrumbs>
        {trail.map(([name, target]) => (
          <Anchor key={target} component="button" type="button" size="sm" onClick={() => setPath(target)}>
            {name}
          </Anchor>
        ))}
      </Breadcrumbs>
      {listing.isPending && <Loader size="sm" />}
      {listing.isError && <Alert color="red">{errorMessage(listing.error, 'An error has occurred.')}</Alert>}
      {listing.data?.folders.length === 0 && (
        <Text size="sm" c="dimmed">
          No folders here.
        </Text>
      )}
      {listing.data?.folders.map((folder) => (
        <NavLink
          key={folder.id}
          label={folder.name}
          leftSection={<IconFolder size={16} />}
          onClick={() => setPath(folder.path)}
        />
      ))}
      <Button onClick={pick} disabled={!listing.data}>
        Link this folder
      </Button>
    </Stack>
  );
}
