import { maskSsn, sanitizeSsn } from '@charter/domain';
import { ActionIcon, TextInput } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { type FieldInputProps, inputProps } from './field-props.ts';

/**
 * The digits after an edit of the masked text ('*****6789'): what was typed at the end is added, what was
 * deleted from the end is removed, and anything else (a paste over the whole value) is read afresh.
 */
export function editMaskedSsn(digits: string, typed: string): string {
  const shown = maskSsn(digits);
  if (typed.startsWith(shown)) return sanitizeSsn(digits + typed.slice(shown.length));
  if (shown.startsWith(typed))
    return digits.slice(0, Math.max(0, digits.length - (shown.length - typed.length)));
  return sanitizeSsn(typed);
}

/** Stored as nine digits; shown masked until the eye is toggled. */
export function SsnField({ field, value, error, onChange, onCommit, locked, autoFocus }: FieldInputProps) {
  const [visible, setVisible] = useState(false);
  const digits = sanitizeSsn(value);
  const label = visible ? 'Hide social security' : 'Show social security';

  return (
    <TextInput
      {...inputProps(field, error, locked)}
      autoFocus={autoFocus}
      autoComplete="off"
      inputMode="numeric"
      value={visible ? digits : maskSsn(digits)}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        onChange(visible ? sanitizeSsn(typed) : editMaskedSsn(digits, typed));
      }}
      onBlur={() => onCommit(digits)}
      rightSectionPointerEvents="all"
      rightSection={
        <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={() => setVisible((v) => !v)}>
          {visible ? <IconEyeOff size={16} /> : <IconEye size={16} />}
        </ActionIcon>
      }
    />
  );
}
