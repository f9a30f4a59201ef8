import { decodeList, encodeList, formatPercent, formatPhoneInput, US_STATES } from '@charter/domain';
import { Checkbox, Group, Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { ChangeEvent, FocusEvent, JSX } from 'react';
import { AddressField } from './address-field.tsx';
import { CompanyNameField } from './company-name-field.tsx';
import { DocumentField } from './document-field.tsx';
import {
  COMBOBOX_PROPS,
  type FieldInputProps,
  type FieldView,
  inputProps,
  useDraft,
  wrapperProps,
} from './field-props.ts';
import { normalizeMoney, withoutDollar } from './money.ts';
import { SalaryField } from './salary-field.tsx';
import { ShareLinksField } from './share-links-field.tsx';
import { SsnField } from './ssn-field.tsx';

export type { FieldView } from './field-props.ts';

export type AnswerFieldProps = {
  field: FieldView;
  value: string;
  error?: string | null;
  /** Every keystroke or selection, as typed. */
  onChange: (value: string) => void;
  /** The value to store: on blur for typed inputs, at once for selections. */
  onCommit: (value: string) => void;
  readOnly?: boolean;
  autoFocus?: boolean;
  /** A document question: what must be filled before its file can be uploaded (spec 2 §5). */
  documentBlocked?: string;
};

const STATE_NAMES = US_STATES.map((state) => state.name);
const DOCUMENT_PENDING = 'Coming with the file cabinet';
const trim = (text: string) => text.trim();
const digitsOnly = (text: string) => text.replace(/[,\s]/g, '');
const percent = (text: string) => (text.trim() ? formatPercent(text.trim()) : '');

type InputEvent = ChangeEvent<HTMLInputElement | HTMLTextAreaElement>;
type BlurEvent = FocusEvent<HTMLInputElement | HTMLTextAreaElement>;

/**
 * One answer's input, chosen by the field type; values are stored as packages/domain answers/values.ts
 * describes. resource_list renders nothing: the caller lists the resources itself.
 */
export function AnswerField({
  field,
  value,
  error,
  onChange,
  onCommit,
  readOnly,
  autoFocus,
  documentBlocked,
}: AnswerFieldProps): JSX.Element | null {
  const [draft, change] = useDraft(value, onChange);
  const locked = field.fixed || !!readOnly;
  const inputs: FieldInputProps = {
    field,
    value: draft,
    error,
    onChange: change,
    onCommit,
    locked,
    autoFocus,
  };
  // A typed input: `shown` maps the stored text to the box, `commit` the box's text to the stored form.
  const typed = (commit: (text: string) => string = trim, shown = draft) => ({
    ...inputProps(field, error, locked),
    autoFocus,
    value: shown,
    onChange: (event: InputEvent) => change(event.currentTarget.value),
    onBlur: (event: BlurEvent) => onCommit(commit(event.currentTarget.value)),
  });
  const pick = (next: string | null) => {
    change(next ?? '');
    onCommit(next ?? '');
  };
  const choice = { ...wrapperProps(field, error), readOnly: locked, disabled: locked };

  switch (field.type) {
    case 'string':
    case 'name':
    case 'first_name':
    case 'last_name':
    case 'person_name':
    case 'individual':
    case 'attorney':
    case 'attorney_lane':
    case 'related_resource':
      return <TextInput {...typed()} />;
    case 'zip':
      return <TextInput {...typed()} autoComplete="postal-code" maxLength={10} />;
    case 'text':
    case 'comment':
      // Fixed rows: autosize measures fonts, which test DOMs lack.
      return <Textarea {...typed()} rows={4} />;
    case 'email':
      return <TextInput {...typed()} type="email" autoComplete="email" />;
    case 'phone':
      return (
        <TextInput
          {...typed(formatPhoneInput)}
          type="tel"
          autoComplete="tel"
          // Deleting keeps the text as typed, so a ')' or '-' can be erased; it is formatted again on blur.
          onChange={(event) => {
            const raw = event.currentTarget.value;
            change(raw.length > draft.length ? formatPhoneInput(raw) : raw);
          }}
        />
      );
    case 'date':
      return <TextInput {...typed()} placeholder={field.placeholder ?? 'MM/DD/YYYY'} />;
    case 'month':
      return <TextInput {...typed()} placeholder={field.placeholder ?? 'MM/YYYY'} />;
    case 'currency':
    case 'float_currency':
      return (
        <TextInput {...typed(normalizeMoney, withoutDollar(draft))} leftSection="$" inputMode="decimal" />
      );
    case 'percent':
      return <TextInput {...typed(percent, draft.replace(/%$/, ''))} rightSection="%" inputMode="decimal" />;
    case 'integer':
      return <TextInput {...typed(digitsOnly)} inputMode="numeric" />;
    case 'number':
    case 'float':
      return <TextInput {...typed(digitsOnly)} inputMode="decimal" />;
    case 'salary':
      return <SalaryField {...inputs} />;
    case 'boolean':
      return (
        <Radio.Group {...choice} value={draft} onChange={pick}>
          <Group mt="xs">
            <Radio value="true" label="Yes" />
            <Radio value="false" label="No" />
          </Group>
        </Radio.Group>
      );
    case 'radio':
    case 'detailed_options': {
      const Layout = field.type === 'radio' ? Group : Stack;
      return (
        <Radio.Group {...choice} value={draft} onChange={pick}>
          <Layout mt="xs" gap="sm">
            {(field.options ?? []).map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Layout>
        </Radio.Group>
      );
    }
    case 'checkbox_group': {
      const options = field.options ?? [];
      // Stored in the options' order, whatever order they were ticked in.
      const toggle = (chosen: string[]) => pick(encodeList(options.filter((o) => chosen.includes(o))));
      return (
        <Checkbox.Group {...choice} value={decodeList(draft)} onChange={toggle}>
          <Stack mt="xs" gap="sm">
            {options.map((option) => (
              <Checkbox key={option} value={option} label={option} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    case 'options':
      return (
        <Select
          comboboxProps={COMBOBOX_PROPS}
          {...inputProps(field, error, locked)}
          autoFocus={autoFocus}
          data={field.options ?? []}
          value={draft || null}
          onChange={pick}
        />
      );
    case 'state':
      return (
        <Select
          comboboxProps={COMBOBOX_PROPS}
          {...inputProps(field, error, locked)}
          autoFocus={autoFocus}
          data={STATE_NAMES}
          searchable
          value={draft || null}
          onChange={pick}
        />
      );
    case 'address':
    case 'address_universal':
      return <AddressField {...inputs} universal={field.type === 'address_universal'} />;
    case 'social_security':
      return <SsnField {...inputs} />;
    case 'share_links':
      return <ShareLinksField {...inputs} />;
    case 'company_name':
      return <CompanyNameField {...inputs} />;
    case 'document':
      return <DocumentField {...inputs} blocked={documentBlocked} />;
    case 'template_document':
    case 'custom_document':
      return <TextInput {...typed()} description={DOCUMENT_PENDING} />;
    case 'resource_list':
      return null;
  }
}
