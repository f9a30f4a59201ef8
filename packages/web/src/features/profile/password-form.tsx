import {
  CURRENT_PASSWORD_INCORRECT,
  PASSWORD_CHANGED,
  PROFILE_SAVE_ERROR,
  validateNewPassword,
} from '@charter/domain';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useChangePassword } from './queries.ts';

const MISMATCH = 'Passwords do not match';
const EMPTY = { current: '', password: '', confirm: '' };
type Values = typeof EMPTY;

/** Change password; users who have no password yet set one without the current-password field. */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const change = useChangePassword();
  const notices = useNotices();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const set = (key: keyof Values) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Values> = {
      current: hasPassword && !values.current ? 'Password required' : undefined,
      password: validateNewPassword(values.password) || undefined,
      confirm: values.confirm === values.password ? undefined : MISMATCH,
    };
    setErrors(next);
    if (next.current || next.password || next.confirm) return;
    const body = hasPassword
      ? { current_password: values.current, password: values.password }
      : { password: values.password };
    change.mutate(body, {
      onSuccess: () => {
        setValues(EMPTY);
        notices.push({ type: 'success', message: PASSWORD_CHANGED });
      },
      onError: (error) => {
        if (isApiError(error, 'INVALID_CREDENTIALS')) {
          setErrors({ current: CURRENT_PASSWORD_INCORRECT });
          notices.push({ type: 'error', message: CURRENT_PASSWORD_INCORRECT });
        } else if (isApiError(error) && error.fields.password) {
          setErrors({ password: error.fields.password });
        } else {
          const message = isApiError(error) && error.hasServerMessage ? error.message : PROFILE_SAVE_ERROR;
          notices.push({ type: 'error', message, error });
        }
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="md" maw={440}>
        {hasPassword && (
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            value={values.current}
            onChange={set('current')}
            error={errors.current}
            required
          />
        )}
        <PasswordInput
          label="New Password"
          description="At least 12 characters."
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          required
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
          required
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {hasPassword ? 'Change Password' : 'Set Password'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
