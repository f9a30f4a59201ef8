import { SALARY_PERIODS, type SalaryPeriod } from '@charter/domain';
import { Group, Input, Select } from '@mantine/core';
import { useState } from 'react';
import { COMBOBOX_PROPS, type FieldInputProps } from './field-props.ts';
import { normalizeMoney, withoutDollar } from './money.ts';

const PERIOD_PATTERN = new RegExp(`^(.*?)\\s*(${SALARY_PERIODS.join('|')})$`);

/** '$85,000.00 Per Year' -> { amount: '$85,000.00', period: 'Per Year' }. */
export function splitSalary(stored: string): { amount: string; period: SalaryPeriod | null } {
  const match = PERIOD_PATTERN.exec(stored.trim());
  return match
    ? { amount: match[1], period: match[2] as SalaryPeriod }
    : { amount: stored.trim(), period: null };
}

/** No amount, no answer: a period alone is not a salary. */
export const joinSalary = (amount: string, period: SalaryPeriod) =>
  amount.trim() ? `${amount.trim()} ${period}` : '';

/** An amount with a '$' section and its pay period, stored together as '$85,000.00 Per Year'. */
export function SalaryField({ field, value, error, onChange, onCommit, locked, autoFocus }: FieldInputProps) {
  const stored = splitSalary(value);
  // Chosen before any amount is typed: kept here until there is a salary to store it with.
  const [pending, setPending] = useState<SalaryPeriod>(SALARY_PERIODS[0]);
  const period = stored.period ?? pending;

  const choose = (next: string | null) => {
    if (!next) return;
    setPending(next as SalaryPeriod);
    const joined = joinSalary(normalizeMoney(stored.amount), next as SalaryPeriod);
    onChange(joined);
    onCommit(joined);
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
          leftSection="$"
          inputMode="decimal"
          placeholder={field.placeholder}
          value={withoutDollar(stored.amount)}
          onChange={(event) => onChange(joinSalary(event.currentTarget.value, period))}
          onBlur={(event) => onCommit(joinSalary(normalizeMoney(event.currentTarget.value), period))}
          error={!!error}
          readOnly={locked}
          disabled={locked}
          autoFocus={autoFocus}
        />
        <Select
          comboboxProps={COMBOBOX_PROPS}
          aria-label="Salary period"
          w={140}
          data={[...SALARY_PERIODS]}
          value={period}
          onChange={choose}
          allowDeselect={false}
          readOnly={locked}
          disabled={locked}
        />
      </Group>
    </Input.Wrapper>
  );
}
