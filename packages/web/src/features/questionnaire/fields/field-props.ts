import type { EntityType, FieldType } from '@charter/domain';
import { useState } from 'react';

/** What the questionnaire knows about one question, as the answer inputs need it. */
export type FieldView = {
  id: string;
  label: string;
  type: FieldType;
  required: boolean;
  fixed: boolean;
  help?: string;
  placeholder?: string;
  options?: string[];
  description?: string;
  /** company_name: the entity type whose suffixes the picker offers. */
  entity_type?: EntityType;
};

/** The props every type-specific input takes; `locked` is fixed-or-read-only. */
export type FieldInputProps = {
  field: FieldView;
  value: string;
  error?: string | null;
  onChange: (value: string) => void;
  onCommit: (value: string) => void;
  locked: boolean;
  autoFocus?: boolean;
};

/** Label, asterisk, help and error: what every wrapper (input or group) shows. */
export const wrapperProps = (field: FieldView, error?: string | null) => ({
  label: field.label,
  withAsterisk: field.required,
  description: field.help,
  error: error || undefined,
});

/**
 * The aria-label repeats the label so the input is found by its label text alone: Mantine's asterisk
 * is part of the visible label's text.
 */
export const inputProps = (field: FieldView, error: string | null | undefined, locked: boolean) => ({
  ...wrapperProps(field, error),
  'aria-label': field.label,
  placeholder: field.placeholder,
  readOnly: locked,
  disabled: locked,
});

/**
 * The value being edited: follows `value` whenever the caller changes it, and otherwise keeps what was
 * typed, so an input stays usable under a caller that only listens to commits.
 */
export function useDraft(value: string, onChange: (value: string) => void): [string, (next: string) => void] {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  const change = (next: string) => {
    setDraft(next);
    onChange(next);
  };
  return [value !== seen ? value : draft, change];
}

/**
 * Mantine keeps a closed Select's listbox in the page, labelled like its input, so the label would find
 * two elements; unmounted while closed, the label names only the input.
 */
export const COMBOBOX_PROPS = { keepMounted: false } as const;
