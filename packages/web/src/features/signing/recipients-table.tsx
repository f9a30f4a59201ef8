import type { SigningDocumentView, SigningRecipientView } from '@charter/domain';
import { ActionIcon, Badge, Button, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { fieldRecipients, OWNER_COLORS } from './field-owners.ts';
import { canResend, isDraft, RECIPIENT_STATE_COLORS, recipientStateLabel } from './labels.ts';

type Props = {
  view: SigningDocumentView;
  onResend: (recipient: SigningRecipientView) => void;
  onRemove: (recipient: SigningRecipientView) => void;
};

function StateBadge({ recipient, view }: { recipient: SigningRecipientView; view: SigningDocumentView }) {
  const badge = (
    <Badge variant="light" color={RECIPIENT_STATE_COLORS[recipient.state]}>
      {recipientStateLabel(recipient, view.state)}
    </Badge>
  );
  if (recipient.state !== 'declined' || !recipient.decline_reason) return badge;
  return (
    <Tooltip label={recipient.decline_reason} multiline maw={320} withArrow>
      <span>{badge}</span>
    </Tooltip>
  );
}

/** Who the document goes to, in signing order, with each one's state; Resend while out, Remove in a draft. */
export function RecipientsTable({ view, onResend, onRemove }: Props) {
  const signers = fieldRecipients(view.recipients);
  const recipients = [...view.recipients].sort((a, b) => a.order - b.order || a.id - b.id);
  if (recipients.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No recipients yet. Add who signs below.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table verticalSpacing="xs" aria-label="Recipients">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Party</Table.Th>
            <Table.Th>Order</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th pos="relative">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {recipients.map((recipient) => {
            const index = signers.indexOf(recipient);
            return (
              <Table.Tr key={recipient.id}>
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <span
                      aria-hidden
                      style={{
                        flex: 'none',
                        width: 10,
                        height: 10,
                        borderRadius: 5,
                        background:
                          index < 0
                            ? 'transparent'
                            : `var(--mantine-color-${OWNER_COLORS[index % OWNER_COLORS.length]}-6)`,
                      }}
                    />
                    {recipient.metadata.name}
                  </Group>
                </Table.Td>
                <Table.Td>{recipient.email}</Table.Td>
                <Table.Td>{recipient.metadata.role}</Table.Td>
                <Table.Td>{recipient.party ?? '—'}</Table.Td>
                <Table.Td>{recipient.order}</Table.Td>
                <Table.Td>
                  <StateBadge recipient={recipient} view={view} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {canResend(recipient, view.state) && (
                      <Button size="compact-xs" variant="subtle" onClick={() => onResend(recipient)}>
                        Resend
                      </Button>
                    )}
                    {isDraft(view) && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${recipient.metadata.name}`}
                        onClick={() => onRemove(recipient)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
