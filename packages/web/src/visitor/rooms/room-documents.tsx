import type { GuestRoomDocumentView, GuestRoomView } from '@charter/domain';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { fileLink, recordRoomHistory } from './room-api.ts';

type Props = {
  code: string;
  title: string;
  documents: GuestRoomDocumentView[];
  onPreview: (document: GuestRoomDocumentView) => void;
};

const NewBadge = () => (
  <Badge size="xs" color="green" variant="light">
    New
  </Badge>
);

async function download(code: string, document: GuestRoomDocumentView) {
  const link = await fileLink(code, document.file_id as number);
  await recordRoomHistory(code, { action: 'download', file_id: document.file_id });
  window.location.assign(`${link.url}&download=1`);
}

/** Download, where the room lets this viewer take the document away (every list of documents offers it). */
export function DownloadButton({ code, document }: { code: string; document: GuestRoomDocumentView }) {
  if (document.file_id === null || !document.can_download) return null;
  return (
    <Button size="compact-sm" variant="default" onClick={() => void download(code, document)}>
      Download
    </Button>
  );
}

/** A list of room documents: preview for any with a file, download where the room allows it. */
export function RoomDocumentList({ code, title, documents, onPreview }: Props) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      {documents.length === 0 && <Text c="dimmed">No documents.</Text>}
      {documents.map((document) => (
        <Group key={document.id} justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text>{document.label}</Text>
            {document.is_new && <NewBadge />}
            {document.requires_signature && (
              <Badge size="xs" color="orange" variant="light">
                Needs signature
              </Badge>
            )}
          </Group>
          {document.file_id !== null && (
            <Group gap="xs">
              <Button size="compact-sm" variant="light" onClick={() => onPreview(document)}>
                Preview
              </Button>
              <DownloadButton code={code} document={document} />
            </Group>
          )}
        </Group>
      ))}
    </Stack>
  );
}

export function RoomLinkList({ links }: { links: GuestRoomView['links'] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Links ({links.length})
      </Title>
      {links.map((link) => (
        <Group key={link.id} gap="xs">
          <Anchor href={link.link} target="_blank" rel="noopener noreferrer">
            {link.label}
          </Anchor>
          {link.is_new && <NewBadge />}
        </Group>
      ))}
    </Stack>
  );
}
