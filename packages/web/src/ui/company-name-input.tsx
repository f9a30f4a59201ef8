import { type EntityType, splitCompanySuffix, suffixChoices } from '@charter/domain';
import { Group, Input, Select } from '@mantine/core';

/** 'Acme Inc.' + 'LLC' -> 'Acme, LLC'; no suffix leaves the bare name. */
export function withCompanySuffix(name: string, suffix: string | null): string {
  const { base } = splitCompanySuffix(name);
  return suffix && base ? `${base}, ${suffix}` : base;
}

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The name to keep: on blur, and at once when a suffix is picked. */
  onCommit?: (value: string) => void;
  /** Only this entity type's suffixes are offered; without one, every type's, grouped. */
  entityType?: EntityType | null;
  error?: string | null;
  required?: boolean;
  description?: string;
  placeholder?: string;
  locked?: boolean;
  autoFocus?: boolean;
};

/**
 * A company's name with a suffix picker beside it (spec 1 §5, spec 2 §2 "a company-name field offers a
 * suffix selector"): picking appends or replaces the suffix in the name itself, so the name stays one
 * value and can still be typed whole ('Acme, Inc.').
 */
export function CompanyNameInput(props: Props) {
  const { value, onChange, onCommit, locked } = props;
  const { base, suffix } = splitCompanySuffix(value);
  const choose = (next: string | null) => {
    const named = withCompanySuffix(value, next);
    onChange(named);
    onCommit?.(named);
  };
  return (
    // A bare Input takes its id and aria-describedby from the wrapper, so the label and error are its own.
    <Input.Wrapper
      label={props.label}
      withAsterisk={props.required}
      description={props.description}
      error={props.error || undefined}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Input
          aria-label={props.label}
          flex={1}
          placeholder={props.placeholder}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={(event) => onCommit?.(event.currentTarget.value.trim())}
          error={!!props.error}
          readOnly={locked}
          disabled={locked}
          autoFocus={props.autoFocus}
        />
        <Select
          // Unmounted while closed: the open list is the only listbox named like the picker.
          comboboxProps={{ keepMounted: false }}
          aria-label="Company suffix"
          placeholder="Suffix"
          w={150}
          data={suffixChoices(props.entityType)}
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
