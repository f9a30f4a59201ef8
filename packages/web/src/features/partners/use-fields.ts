import { type ChangeEvent, useCallback, useState } from 'react';

/**
 * A form's text values and per-field errors (the app has no form library; profile-form does the same by
 * hand). `input(name)` gives a Mantine input its value, onChange and error.
 */
export function useFields<T extends Record<string, string>>(initial: T) {
  const [values, setAll] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T | string, string>>>({});
  const set = useCallback((name: keyof T, value: string) => {
    setAll((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  }, []);
  const input = (name: keyof T) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.currentTarget.value),
    error: errors[name],
  });
  const reset = useCallback((next: T) => {
    setAll(next);
    setErrors({});
  }, []);
  return { values, set, input, errors, setErrors, reset };
}
