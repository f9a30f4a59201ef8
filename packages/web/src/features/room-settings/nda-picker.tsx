import type { CabinetFileInfo, FolderListing } from '@charter/domain';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Modal,
  NavLink,
  Stack,
  Text,
} from '@mantine/core';
import { IconFileTypePdf, IconFolder } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch, errorMessage } from '../../api/client.ts';
import { pathTrail } from '../questionnaire/fields/cabinet-folder-picker.tsx';

type Props = { companyId: number; fileId: number | null; onChange: (fileId: number | null) => void };

/** The NDA visitors sign before documents show: a PDF of the file cabinet, or none. */
export function NdaPicker({ companyId, fileId, onChange }: Props) {
  const [opened, setOpened] = useState(false);
  const info = useQuery({
    queryKey: ['account', companyId, 'cabinet-file', fileId, 'info'],
    queryFn: () =>
      apiFetch<CabinetFileInfo>(`/api/account/box/file/${fileId}/info`, { accountId: companyId }),
    enabled: fileId !== null,
  });
  return (
    <Group gap="sm">
      <Text size="sm" fw={500}>
        NDA
      </Text>
      <Text size="sm" c={fileId === null ? 'dimmed' : undefined}>
        {fileId === null ? 'None' : (info.data?.filename ?? `Cabinet file #${fileId}`)}
      </Text>
      <Button size="xs" variant="light" onClick={() => setOpened(true)}>
        {fileId === null ? 'Choose NDA' : 'Change NDA'}
      </Button>
      {fileId !== null && (
        <Button size="xs" variant="subtle" color="red" onClick={() => onChange(null)}>
          Remove NDA
        </Button>
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title="Choose the NDA (a PDF)">
        {opened && (
          <PdfBrowser
            companyId={companyId}
            onPick={(id) => {
              onChange(id);
              setOpened(false);
            }}
          />
        )}
      </Modal>
    </Group>
  );
}

function PdfBrowser({ companyId, onPick }: { companyId: number; onPick: (fileId: number) => void }) {
  const [path, setPath] = useState('/');
  const listing = useQuery({
    queryKey: ['account', companyId, 'cabinet', path, 'nda-picker'],
    queryFn: () =>
      apiFetch<FolderListing>(`/api/account/storage/folder?path=${encodeURIComponent(path)}&limit=500`, {
        accountId: companyId,
      }),
  });
  const pdfs = listing.data?.files.filter((f) => f.content_type === 'application/pdf') ?? [];
  return (
    <Stack gap="sm">
      <Breadcrumbs>
        {pathTrail(path).map(([name, target]) => (
          <Anchor key={target} component="button" type="button" size="sm" onClick={() => setPath(target)}>
            {name}
          </Anchor>
        ))}
      </Breadcrumbs>
      {listing.isPending && <Loader size="sm" />}
      {listing.isError && <Alert color="red">{errorMessage(listing.error, 'An error has occurred.')}</Alert>}
      {listing.data?.folders.map((folder) => (
        <NavLink
          key={folder.id}
          label={folder.name}
          leftSection={<IconFolder size={16} />}
          onClick={() => setPath(folder.path)}
        />
      ))}
      {pdfs.map((file) => (
        <NavLink
          key={file.id}
          label={file.filename}
          leftSection={<IconFileTypePdf size={16} />}
          onClick={() => onPick(file.id)}
        />
      ))}
      {listing.data && pdfs.length === 0 && listing.data.folders.length === 0 && (
        <Text size="sm" c="dimmed">
          No PDFs in this folder.
        </Text>
      )}
    </Stack>
  );
}
