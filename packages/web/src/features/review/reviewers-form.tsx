import {
  REVIEWER_FIRST_NAME_REQUIRED,
  REVIEWER_LAST_NAME_REQUIRED,
  type ReviewerInput,
  validateEmail,
} from '@charter/domain';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

type Errors = Partial<Record<keyof ReviewerInput, string>>;

/** The Add Reviewer form's rules (spec 2 §8): both names required, a valid email for everyone. */
export function reviewerErrors(reviewer: ReviewerInput): Errors {
  const errors: Errors = {};
  if (!reviewer.first_name.trim()) errors.first_name = REVIEWER_FIRST_NAME_REQUIRED;
  if (!reviewer.last_name.trim()) errors.last_name = REVIEWER_LAST_NAME_REQUIRED;
  const email = validateEmail(reviewer.email);
  if (email) errors.email = email;
  return errors;
}

const blank: ReviewerInput = { first_name: '', last_name: '', email: '' };

/** Set Reviewers: the list (removable), Add Reviewer below it, and Save, which sets the whole list. */
export function ReviewersForm({
  saved,
  saving,
  onSave,
}: {
  saved: ReviewerInput[];
  saving: boolean;
  onSave: (reviewers: ReviewerInput[]) => void;
}) {
  const [list, setList] = useState<ReviewerInput[]>([]);
  const [draft, setDraft] = useState(blank);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    setList(saved.map(({ first_name, last_name, email }) => ({ first_name, last_name, email })));
  }, [saved]);
  const add = () => {
    const found = reviewerErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setList([...list, draft]);
    setDraft(blank);
  };
  const field = (key: keyof ReviewerInput, label: string) => (
    <TextInput
      label={label}
      value={draft[key]}
      error={errors[key]}
      onChange={(event) => setDraft({ ...draft, [key]: event.currentTarget.value })}
      onBlur={() =>
        key === 'email' && draft.email && setErrors({ ...errors, email: reviewerErrors(draft).email })
      }
      style={{ flex: 1, minWidth: 140 }}
    />
  );
  return (
    <Stack gap="sm">
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reviewers yet.
        </Text>
      ) : (
        <Table aria-label="Reviewers">
          <Table.Tbody>
            {list.map((r) => (
              <Table.Tr key={r.email}>
                <Table.Td>
                  {r.first_name} {r.last_name}
                </Table.Td>
                <Table.Td>{r.email}</Table.Td>
                <Table.Td>
                  {/* Spec 2 §4's recipient label for someone who reviews rather than signs. */}
                  <Badge variant="light" color="grape">
                    Reviewer
                  </Badge>
                </Table.Td>
                <Table.Td w={40}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${r.first_name} ${r.last_name}`}
                    onClick={() => setList(list.filter((x) => x !== r))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-end" gap="xs" wrap="wrap">
        {field('first_name', 'First name')}
        {field('last_name', 'Last name')}
        {field('email', 'Email')}
        <Button variant="light" onClick={add}>
          Add Reviewer
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button loading={saving} onClick={() => onSave(list)}>
          Set Reviewers
        </Button>
      </Group>
    </Stack>
  );
}
