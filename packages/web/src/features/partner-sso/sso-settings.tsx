import type { PartnerSsoView } from '@charter/domain';
import {
  Alert,
  Button,
  Code,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { errorMessage, isApiError } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { useClearPartnerSso, usePartnerSso, useSavePartnerSso } from './queries.ts';

export const SSO_SAVED = 'Single sign-on saved';
export const SSO_CLEARED = 'Single sign-on turned off';
const SSO_ERROR = 'Single sign-on could not be saved. Please try again.';

type Values = { issuer: string; client_id: string; client_secret: string; label: string };
type Errors = Partial<Record<keyof Values, string>>;

const valuesOf = (view: PartnerSsoView): Values => ({
  issuer: view.issuer ?? '',
  client_id: view.client_id ?? '',
  client_secret: '',
  label: view.label ?? '',
});

/**
 * A partner's CRM single sign-on (its own OpenID Connect issuer, shown as a button on its brand's login
 * page), for the partner's admins. Self-contained: the Teams page mounts it with the partner's id.
 */
export function SsoSettings({ partnerId }: { partnerId: number }) {
  const sso = usePartnerSso(partnerId);
  if (sso.isPending) return <Loader size="sm" aria-label="Loading single sign-on" />;
  if (sso.isError)
    return <Alert color="red">{errorMessage(sso.error, 'Single sign-on could not be loaded.')}</Alert>;
  return <SsoForm key={`${sso.data.issuer}|${sso.data.client_id}`} partnerId={partnerId} view={sso.data} />;
}

function SsoForm({ partnerId, view }: { partnerId: number; view: PartnerSsoView }) {
  const save = useSavePartnerSso(partnerId);
  const clear = useClearPartnerSso(partnerId);
  const notices = useNotices();
  const [values, setValues] = useState<Values>(() => valuesOf(view));
  const [errors, setErrors] = useState<Errors>({});
  const editable = view.abilities.update;
  const set = (key: keyof Values) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      {
        issuer: values.issuer.trim(),
        client_id: values.client_id.trim(),
        // Write-only: left empty, the saved secret is kept.
        ...(values.client_secret ? { client_secret: values.client_secret } : {}),
        label: values.label.trim() || null,
      },
      {
        onSuccess: (saved) => {
          setValues(valuesOf(saved));
          notices.push({ type: 'success', message: SSO_SAVED });
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields as Errors);
          else notices.push({ type: 'error', message: errorMessage(error, SSO_ERROR), error });
        },
      },
    );
  };

  const confirmClear = () =>
    modals.openConfirmModal({
      title: 'Turn off single sign-on',
      children: (
        <Text size="sm">
          The sign-in button leaves {view.partner_name}'s login page and the saved client secret is deleted.
        </Text>
      ),
      labels: { confirm: 'Turn Off', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        clear.mutate(undefined, {
          onSuccess: (cleared) => {
            setValues(valuesOf(cleared));
            notices.push({ type: 'success', message: SSO_CLEARED });
          },
          onError: (error) => notices.push({ type: 'error', message: errorMessage(error, SSO_ERROR), error }),
        }),
    });

  return (
    <form onSubmit={submit} noValidate aria-label="Single sign-on">
      <Stack gap="md" maw={520}>
        <Title order={4}>Single sign-on</Title>
        <Text size="sm" c="dimmed">
          People sign in to {view.partner_name}'s site with your CRM's OpenID Connect provider.
          {view.redirect_uri && (
            <>
              {' '}
              Register this redirect URI with it: <Code>{view.redirect_uri}</Code>
            </>
          )}
        </Text>
        <TextInput
          label="Issuer"
          placeholder="https://login.example.com"
          value={values.issuer}
          onChange={set('issuer')}
          error={errors.issuer}
          disabled={!editable}
          required
        />
        <TextInput
          label="Client ID"
          value={values.client_id}
          onChange={set('client_id')}
          error={errors.client_id}
          disabled={!editable}
          required
        />
        <PasswordInput
          label="Client Secret"
          description={view.has_client_secret ? 'Saved. Leave empty to keep it.' : undefined}
          autoComplete="off"
          value={values.client_secret}
          onChange={set('client_secret')}
          error={errors.client_secret}
          disabled={!editable}
          required={!view.has_client_secret}
        />
        <TextInput
          label="Button Label"
          placeholder={`Sign in with ${view.partner_name}`}
          value={values.label}
          onChange={set('label')}
          error={errors.label}
          disabled={!editable}
        />
        {editable && (
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            {view.configured && (
              <Button variant="subtle" color="red" onClick={confirmClear} loading={clear.isPending}>
                Turn Off
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}
