import { type DocumentView, documentStatusLabel } from '@charter/domain';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiFetch } from '../../api/client.ts';
import { signingPath } from './signing-entry.ts';

/**
 * Documents Requiring Signature (spec 2 §4): on the home page, what waits for a signature — every such
 * document for an admin, those of one's own addresses for others. Nothing shows when nothing waits.
 */
export function RequiringSignature({ companyId }: { companyId: number }) {
  const waiting = useQuery({
    queryKey: ['account', companyId, 'signing', 'requiring'],
    queryFn: () => apiFetch<DocumentView[]>('/api/account/signing/requiring', { accountId: companyId }),
  });
  if (!waiting.data?.length) return null;
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Documents Requiring Signature">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Documents Requiring Signature
        </Title>
        {waiting.data.map((document) => (
          <Group key={document.id} justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={signingPath(companyId, document.id)} size="sm">
              {document.label}
            </Anchor>
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed">
                {new Date(document.updated_at).toLocaleDateString()}
              </Text>
              <Badge variant="light">{documentStatusLabel(document)}</Badge>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
