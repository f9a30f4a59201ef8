import {
  formatPhoneInput,
  PROFILE_LOAD_ERROR,
  PROFILE_SAVE_ERROR,
  PROFILE_UPDATED,
  validatePhone,
} from '@charter/domain';
import { Button, Group, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useProfile, useUpdateProfile } from './queries.ts';
import type { ProfileInput } from './types.ts';

type Errors = Partial<Record<keyof ProfileInput, string>>;

export function ProfileForm() {
  const profile = useProfile();
  const update = useUpdateProfile();
  const notices = useNotices();
  const [values, setValues] = useState<ProfileInput>({ firstName: '', lastName: '', phone: '' });
  const [errors, setErrors] = useState<Errors>({});
  const { data, isError, error } = profile;

  useEffect(() => {
    if (data)
      setValues({ firstName: data.firstName ?? '', lastName: data.lastName ?? '', phone: data.phone ?? '' });
  }, [data]);
  useEffect(() => {
    if (isError) notices.push({ type: 'error', message: PROFILE_LOAD_ERROR, error });
  }, [isError, error, notices.push]);

  const set = (key: keyof ProfileInput) => (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.currentTarget.value;
    // Deleting keeps the text as typed, so a ')' or '-' can be erased; it is formatted again on blur.
    setValues((v) => ({
      ...v,
      [key]: key === 'phone' && raw.length > v.phone.length ? formatPhoneInput(raw) : raw,
    }));
  };
  const formatPhone = () => setValues((v) => ({ ...v, phone: formatPhoneInput(v.phone) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      firstName: values.firstName.trim() ? undefined : 'First name required',
      lastName: values.lastName.trim() ? undefined : 'Last name required',
      phone: values.phone.trim() ? validatePhone(values.phone) || undefined : undefined,
    };
    setErrors(next);
    if (next.firstName || next.lastName || next.phone) return;
    update.mutate(
      { ...values, phone: formatPhoneInput(values.phone) },
      {
        onSuccess: () => notices.push({ type: 'success', message: PROFILE_UPDATED }),
        onError: (failure) => {
          if (isApiError(failure) && Object.keys(failure.fields).length > 0) setErrors(failure.fields);
          if (isApiError(failure) && failure.hasServerMessage) {
            notices.push({ type: 'warning', message: failure.message });
          } else notices.push({ type: 'error', message: PROFILE_SAVE_ERROR, error: failure });
        },
      },
    );
  };

  if (profile.isPending) return <Skeleton h={150} radius="md" aria-label="Loading profile" />;
  return (
    <form onSubmit={submit} noValidate aria-label="Profile">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First Name"
            value={values.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
            required
          />
          <TextInput
            label="Last Name"
            value={values.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
            required
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Email"
            value={data?.email ?? ''}
            readOnly
            disabled
            description="Manage emails below."
          />
          <TextInput
            label="Phone"
            type="tel"
            placeholder="+1 (555) 555-5555"
            value={values.phone}
            onChange={set('phone')}
            onBlur={formatPhone}
            error={errors.phone}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={isError}>
            Save Profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
