import { Group, Input, Text, TextInput } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { CODE_LENGTH, type DigitsChange, eraseDigit, pasteDigits, typeDigits } from './code-digits.ts';

type Props = {
  value: string[];
  onChange: (digits: string[]) => void;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
};

/** Six digit boxes in two groups of three joined by a dash; auto-advances; paste keeps digits only. */
export function ConfirmationCodeInput({ value, onChange, error, disabled, autoFocus }: Props) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const wasDisabled = useRef(disabled);

  // Disabling the boxes (while a code is checked) drops the focus; give it back when they come back.
  useEffect(() => {
    if (wasDisabled.current && !disabled) refs.current[0]?.focus();
    wasDisabled.current = disabled;
  }, [disabled]);

  const apply = ({ digits, focus }: DigitsChange) => {
    onChange(digits);
    const target = refs.current[focus];
    target?.focus();
    target?.select();
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      apply(eraseDigit(value, index));
    } else if (event.key === 'ArrowLeft' && index > 0) refs.current[index - 1]?.focus();
    else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) refs.current[index + 1]?.focus();
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(pasteDigits(value, index, event.clipboardData.getData('text')));
  };

  const box = (index: number) => (
    <TextInput
      key={index}
      ref={(element) => {
        refs.current[index] = element;
      }}
      aria-label={`Digit ${index + 1} of ${CODE_LENGTH}`}
      value={value[index] ?? ''}
      onChange={(event) =>
        apply(typeDigits(value, index, event.currentTarget.value.replace(value[index] ?? '', '')))
      }
      onKeyDown={onKeyDown(index)}
      onPaste={onPaste(index)}
      onFocus={(event) => event.currentTarget.select()}
      inputMode="numeric"
      autoComplete={index === 0 ? 'one-time-code' : 'off'}
      maxLength={CODE_LENGTH}
      disabled={disabled}
      autoFocus={autoFocus && index === 0}
      error={Boolean(error)}
      size="lg"
      w={48}
      styles={{ input: { textAlign: 'center', fontSize: 22, fontWeight: 600, paddingInline: 0 } }}
    />
  );

  return (
    <Input.Wrapper error={error} role="group" aria-label="Confirmation code">
      <Group gap={8} justify="center" wrap="nowrap">
        {[0, 1, 2].map(box)}
        <Text size="xl" c="dimmed" aria-hidden>
          -
        </Text>
        {[3, 4, 5].map(box)}
      </Group>
    </Input.Wrapper>
  );
}
