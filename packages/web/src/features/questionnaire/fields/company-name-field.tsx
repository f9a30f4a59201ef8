import { CompanyNameInput } from '../../../ui/company-name-input.tsx';
import type { FieldInputProps } from './field-props.ts';

/** A company_name question: the name with a picker of the suffixes its entity type allows. */
export function CompanyNameField({
  field,
  value,
  error,
  onChange,
  onCommit,
  locked,
  autoFocus,
}: FieldInputProps) {
  return (
    <CompanyNameInput
      label={field.label}
      required={field.required}
      description={field.help}
      placeholder={field.placeholder}
      entityType={field.entity_type}
      value={value}
      error={error}
      onChange={onChange}
      onCommit={onCommit}
      locked={locked}
      autoFocus={autoFocus}
    />
  );
}
