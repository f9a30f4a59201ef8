import { COMPANY_SUFFIXES, splitCompanySuffix } from '@charter/domain';
import { Group, Input, Select } from '@mantine/core';
import { COMBOBOX_PROPS, type FieldInputProps } from './field-props.ts';

/** Every entity type's suffixes, once each. */
const SUFFIXES = [...new Set(Object.values(COMPANY_SUFFIXES).flat())];

/** 'Acme Inc.' + 'LLC' -> 'Acme, LLC'; no suffix leaves the bare name. */
export function withCompanySuffix(name: string, suffix: string | null): string {
  const { base } = splitCompanySuffix(name);
  return suffix && base ? `${base}, ${suffix}` : base;
}

/** The company's name, with a suffix picker that appends or replaces the suffix in the name itself. */
export function CompanyNameField({
  field,
  value,
  error,
  onChange,
  onCommit,
  locked,
  autoFocus,
}: FieldInputProps) {
  const { base, suffix } = splitCompanySuffix(value);
  const choose = (next: string | null) => {
    const named = withCompanySuffix(value, next);
    onChange(named);
    onCommit(named);
  };

  return (
    // A bare Input takes its id and aria-describedby from the wrapper, so the label and error are its own.
    <Input.Wrapper
      label={field.label}
      withAsterisk={field.required}
      description={field.help}
      error={error || undefined}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Input
          aria-label={field.label}
          flex={1}
          placeholder={field.placeholder}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={(event) => onCommit(event.currentTarget.value.trim())}
          error={!!error}
          readOnly={locked}
          disabled={locked}
          autoFocus={autoFocus}
        />
        <Select
          comboboxProps={COMBOBOX_PROPS}
          aria-label="Company suffix"
          placeholder="Suffix"
          w={150}
          data={SUFFIXES}
          value={suffix}
          onChange={choose}
          // A suffix needs a name to follow.
          disabled={locked || !base}
          readOnly={locked}
        />
      </Group>
    </Input.Wrapper>
  );
}
