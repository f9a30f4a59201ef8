import { countOf, SHARED_LINK_MESSAGES, type UnlistedFolderListing } from '@charter/domain';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconFile, IconFolder } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import { BrandMark } from '../../ui/brand-mark.tsx';
import { fetchSharedFileLink, fetchSharedFolder } from './shared-cabinet-api.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'gone' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; listing: UnlistedFolderListing };

/** '/a/b' -> [['Files', '/'], ['a', '/a'], ['b', '/a/b']] */
function crumbs(path: string): [string, string][] {
  const out: [string, string][] = [['Files', '/']];
  let current = '';
  for (const segment of path.split('/').filter(Boolean)) {
    current += `/${segment}`;
    out.push([segment, current]);
  }
  return out;
}

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(0)} KB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/**
 * /shared-cabinet/{code}: a workspace's file cabinet (or one folder of it) shared read-only by link. The
 * folder shown is in the query (?path=, relative to what the link opens), so back and reload keep it.
 */
export function SharedCabinetPage() {
  const code = useParams().code ?? '';
  const [search, setSearch] = useSearchParams();
  const path = search.get('path') || '/';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [opening, setOpening] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    fetchSharedFolder(code, path)
      .then((listing) => live && setState({ kind: 'ready', listing }))
      .catch((caught: unknown) => {
        if (!live) return;
        if (
          caught instanceof ApiError &&
          caught.status === 404 &&
          caught.message === SHARED_LINK_MESSAGES.gone
        )
          setState({ kind: 'gone' });
        else setState({ kind: 'error', message: errorMessage(caught, SHARED_LINK_MESSAGES.folderFailed) });
      });
    return () => {
      live = false;
    };
  }, [code, path]);

  const go = useCallback((next: string) => setSearch(next === '/' ? {} : { path: next }), [setSearch]);

  const open = async (fileId: number) => {
    setOpening(fileId);
    setFileError(null);
    // The window opens on the click (popup blockers), then goes to the file's short-lived url.
    const tab = window.open('', '_blank');
    try {
      const link = await fetchSharedFileLink(code, fileId);
      if (tab) tab.location.href = link.url;
      else window.location.assign(link.url);
    } catch (caught) {
      tab?.close();
      setFileError(errorMessage(caught, SHARED_LINK_MESSAGES.folderFailed));
    } finally {
      setOpening(null);
    }
  };

  return (
    <Center mih="100vh" px="md" py="xl" bg="var(--mantine-color-gray-0)" style={{ alignItems: 'flex-start' }}>
      <Container size="md" w="100%">
        <Stack gap="lg">
          <Group justify="space-between">
            <BrandMark />
            <Text size="sm" c="dimmed">
              Shared File Cabinet
            </Text>
          </Group>
          <Paper component="main" withBorder shadow="sm" radius="lg" p="xl">
            {state.kind === 'loading' ? (
              <Center py="xl">
                <Loader />
              </Center>
            ) : state.kind === 'gone' ? (
              <Stack gap="sm">
                <Title order={1} size="h3">
                  {SHARED_LINK_MESSAGES.gone}
                </Title>
                <Text size="sm">Ask the person who shared it for a new link.</Text>
              </Stack>
            ) : state.kind === 'error' ? (
              <Alert color="red" role="alert">
                {state.message}
              </Alert>
            ) : (
              <Listing listing={state.listing} go={go} open={open} opening={opening} fileError={fileError} />
            )}
          </Paper>
        </Stack>
      </Container>
    </Center>
  );
}

function Listing({
  listing,
  go,
  open,
  opening,
  fileError,
}: {
  listing: UnlistedFolderListing;
  go: (path: string) => void;
  open: (fileId: number) => Promise<void>;
  opening: number | null;
  fileError: string | null;
}) {
  const empty = listing.folders.length === 0 && listing.files.length === 0;
  return (
    <Stack gap="md">
      <Breadcrumbs component="nav" aria-label="Folder path">
        {crumbs(listing.path).map(([label, target], index, all) =>
          index === all.length - 1 ? (
            <Text key={target} fw={600}>
              {label}
            </Text>
          ) : (
            <Anchor key={target} component="button" type="button" onClick={() => go(target)}>
              {label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
      {listing.expires_at ? (
        <Text size="xs" c="dimmed">
          This link works until {new Date(listing.expires_at).toLocaleString()}.
        </Text>
      ) : null}
      {fileError ? (
        <Alert color="red" role="alert">
          {fileError}
        </Alert>
      ) : null}
      {empty ? (
        <Text c="dimmed">This folder is empty.</Text>
      ) : (
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th w={120}>Size</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {listing.folders.map((folder) => (
              <Table.Tr key={folder.path}>
                <Table.Td>
                  <UnstyledButton onClick={() => go(folder.path)} aria-label={`Open folder ${folder.name}`}>
                    <Group gap="xs" wrap="nowrap">
                      <IconFolder size={18} color="var(--mantine-color-yellow-7)" />
                      <Text>{folder.name}</Text>
                    </Group>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td />
              </Table.Tr>
            ))}
            {listing.files.map((file) => (
              <Table.Tr key={file.id}>
                <Table.Td>
                  <UnstyledButton
                    onClick={() => void open(file.id)}
                    aria-label={`Open file ${file.filename}`}
                    disabled={opening === file.id}
                  >
                    <Group gap="xs" wrap="nowrap">
                      <IconFile size={18} color="var(--mantine-color-gray-6)" />
                      <Text>{file.filename}</Text>
                      {opening === file.id ? <Loader size="xs" /> : null}
                    </Group>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {size(file.size)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {listing.total_files > listing.files.length ? (
        <Text size="sm" c="dimmed">
          Showing {listing.files.length} of {countOf(listing.total_files, 'file')}.
        </Text>
      ) : null}
      {listing.parent_path !== null ? (
        <Button variant="default" w="fit-content" onClick={() => go(listing.parent_path ?? '/')}>
          Back
        </Button>
      ) : null}
    </Stack>
  );
}
