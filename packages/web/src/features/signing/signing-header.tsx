import { documentStatusLabel, type SigningDocumentView } from '@charter/domain';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconBan, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../ui/page-title.tsx';
import { SIGNING_STATE_COLORS, SIGNING_STATE_LABELS } from './labels.ts';

type Props = {
  companyId: number;
  view: SigningDocumentView;
  voiding: boolean;
  onDownload: (fileId: number, name: string) => void;
  onVoid: () => void;
};

const signedName = (filename: string) => filename.replace(/(\.pdf)?$/i, ' (signed).pdf');

/** The document's title and where its signing stands, with its downloads and Void. */
export function SigningHeader({ companyId, view, voiding, onDownload, onVoid }: Props) {
  const { document } = view;
  const status = documentStatusLabel(document);
  const stateLabel = SIGNING_STATE_LABELS[view.state];
  return (
    <Stack gap={6}>
      <Anchor component={Link} to={`/c/${companyId}/documents`} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          Documents
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Group gap="sm">
            <PageTitle>{document.label || document.filename}</PageTitle>
            <Badge size="lg" variant="light" color={SIGNING_STATE_COLORS[view.state]}>
              {stateLabel}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {document.filename}
            {status && status !== stateLabel ? ` · ${status}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          {view.original_file_id !== null && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => onDownload(view.original_file_id as number, document.filename)}
            >
              Download original
            </Button>
          )}
          {document.box_file_id !== null && view.state === 'completed' && (
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => onDownload(document.box_file_id as number, signedName(document.filename))}
            >
              Download signed
            </Button>
          )}
          {view.state === 'sent' && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconBan size={16} />}
              loading={voiding}
              onClick={onVoid}
            >
              Void
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
