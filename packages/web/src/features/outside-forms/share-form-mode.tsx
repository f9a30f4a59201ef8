import {
  includedFieldId,
  OUTSIDE_FORM_MESSAGES,
  type OutsideFormView,
  type QuestionView,
  validateEmail,
} from '@charter/domain';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  CopyButton,
  Group,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import type { Questionnaire, Transaction } from '../workbench/types.ts';
import { outsideFormsApi } from './api.ts';
import { initialSelection, selectedFeatures, toggleSelection } from './selection.ts';

type Values = {
  email: string;
  name: string;
  description: string;
  finalize: 'yes' | 'no';
  sendEmail: 'yes' | 'no';
  type: 'outside_form' | 'data_request' | 'persistent';
};

const TYPES = [
  { value: 'outside_form', label: 'Shared Form' },
  { value: 'data_request', label: 'Data Request' },
  { value: 'persistent', label: 'Standing Form' },
];

/**
 * The questionnaire's sharing mode (spec 2 §5): the top block (connected email, label, description,
 * finalize-on-submission and send-email radios) and an include checkbox on every question; Share Form
 * asks 'Are you sure you want to create this shared form?' and then shows the link.
 */
export function ShareFormMode({
  companyId,
  transaction,
  questionnaire,
  onDone,
}: {
  companyId: number;
  transaction: Transaction;
  questionnaire: Questionnaire;
  onDone: () => void;
}) {
  const { push } = useNotices();
  const queryClient = useQueryClient();
  const questions = questionnaire.questions;
  const [selected, setSelected] = useState(() => initialSelection(questions));
  const [created, setCreated] = useState<OutsideFormView | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<Values>({
    initialValues: {
      email: '',
      name: transaction.label,
      description: '',
      finalize: 'no',
      sendEmail: 'no',
      type: 'outside_form',
    },
    validate: {
      email: (email, values) => {
        if (!email.trim()) return values.sendEmail === 'yes' ? OUTSIDE_FORM_MESSAGES.emailRequired : null;
        return validateEmail(email);
      },
      name: (name) => (name.trim() ? null : OUTSIDE_FORM_MESSAGES.nameRequired),
    },
  });
  const toggle = (id: string, checked: boolean) =>
    setSelected((s) => toggleSelection(questions, s, id, checked));
  const features = selectedFeatures(questions, selected);

  const create = async (values: Values) => {
    setSaving(true);
    try {
      const result = await outsideFormsApi(companyId).create(transaction.id, {
        features,
        name: values.name.trim(),
        description: values.description,
        email: values.email.trim() || null,
        send_email: values.sendEmail === 'yes',
        finalize_on_submit: values.finalize === 'yes',
        type: values.type,
      });
      push({ type: 'success', message: result.message });
      setCreated(result.form);
      await queryClient.invalidateQueries({ queryKey: ['account', companyId, 'workbench', 'outside-forms'] });
    } catch (caught) {
      // A refused input says why (its message is the spec's); anything else is the spec's failure.
      const refused = caught instanceof ApiError && caught.status === 400;
      push({ type: 'error', message: refused ? caught.message : OUTSIDE_FORM_MESSAGES.failed });
    } finally {
      setSaving(false);
    }
  };

  const confirm = (values: Values) =>
    modals.openConfirmModal({
      title: OUTSIDE_FORM_MESSAGES.share,
      children: <Text size="sm">{OUTSIDE_FORM_MESSAGES.confirm}</Text>,
      labels: { confirm: OUTSIDE_FORM_MESSAGES.create, cancel: 'Cancel' },
      onConfirm: () => void create(values),
    });

  if (created) {
    return (
      <Stack gap="lg">
        <PageTitle>{transaction.label}</PageTitle>
        <Alert color="green" title={OUTSIDE_FORM_MESSAGES.generated}>
          <Stack gap="xs">
            <TextInput label="Form link" value={created.link} readOnly aria-label="Form link" />
            <Group>
              <CopyButton value={created.link}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    onClick={() => {
                      copy();
                      push({ type: 'success', message: OUTSIDE_FORM_MESSAGES.linkCopied });
                    }}
                  >
                    {copied ? 'Copied' : 'Copy Link'}
                  </Button>
                )}
              </CopyButton>
              <Button variant="default" onClick={onDone}>
                Back to Task
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={form.onSubmit((values) => {
        confirm(values);
      })}
    >
      <Stack gap="lg">
        <PageTitle>{OUTSIDE_FORM_MESSAGES.share}</PageTitle>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <TextInput label="Connected Email" type="email" {...form.getInputProps('email')} />
            <TextInput label="Label" withAsterisk {...form.getInputProps('name')} />
            <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
            <Select label="Form Type" data={TYPES} allowDeselect={false} {...form.getInputProps('type')} />
            <Radio.Group label="Finalize task on submission" {...form.getInputProps('finalize')}>
              <Group mt={4}>
                <Radio value="yes" label="Yes" />
                <Radio value="no" label="No" />
              </Group>
            </Radio.Group>
            <Radio.Group label="Send email with the form link" {...form.getInputProps('sendEmail')}>
              <Group mt={4}>
                <Radio value="yes" label="Yes" />
                <Radio value="no" label="No" />
              </Group>
            </Radio.Group>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Questions to include
            </Title>
            {questions.map((question) => (
              <IncludeQuestion key={question.id} question={question} selected={selected} onToggle={toggle} />
            ))}
          </Stack>
        </Card>
        {features.length === 0 && <Alert color="yellow">{OUTSIDE_FORM_MESSAGES.noQuestions}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={features.length === 0}>
            {OUTSIDE_FORM_MESSAGES.share}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function IncludeQuestion({
  question,
  selected,
  onToggle,
}: {
  question: QuestionView;
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
}) {
  const answer = question.type === 'resource_list' ? null : question.value;
  return (
    <Stack gap={4} pl={question.required_question_id ? 'lg' : 0}>
      <Checkbox
        label={question.label}
        description={answer ? `Current answer: ${answer}` : undefined}
        checked={selected.has(question.id)}
        onChange={(event) => onToggle(question.id, event.currentTarget.checked)}
        aria-label={`Include ${question.label}`}
      />
      {question.type === 'resource_list' &&
        (question.fields ?? []).map((field) => {
          const id = includedFieldId(question.id, field.id);
          return (
            <Checkbox
              key={id}
              ml="lg"
              label={field.label}
              checked={selected.has(id)}
              onChange={(event) => onToggle(id, event.currentTarget.checked)}
              aria-label={`Include ${question.label}: ${field.label}`}
            />
          );
        })}
    </Stack>
  );
}
