import { BUSINESS_PURPOSES } from '@charter/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Collapse,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { modalState, safeRedirect } from '../../app/modal-location.ts';
import { useSession } from '../../app/session.tsx';
import { CompanyNameInput } from '../../ui/company-name-input.tsx';
import { registerUser } from './auth-api.ts';
import { AuthLayout, TOGGLE_PROPS } from './auth-layout.tsx';
import { registerErrorMessage } from './auth-messages.ts';
import { loadRegistrationDraft, saveNewAccountId, saveRegistrationDraft } from './auth-storage.ts';
import {
  draftOf,
  emptyRegistration,
  type RegisterErrors,
  type RegisterValues,
  returningRegistration,
  serverFieldErrors,
  toRegistration,
  validateRegistration,
} from './register-form.ts';

const PURPOSE_OPTIONS = BUSINESS_PURPOSES.map(({ label, value }) => ({ label, value }));

export function RegisterPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { signIn, status, user } = useSession();
  // Back to Registration from the confirm screen: still signed in, shown what was registered.
  const [returning] = useState(() => status === 'authenticated');
  const initialEmail = (location.state as { email?: string } | null)?.email ?? params.get('email') ?? '';
  const [values, setValues] = useState<RegisterValues>(() =>
    returning ? returningRegistration(loadRegistrationDraft(), user) : emptyRegistration(initialEmail),
  );
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof RegisterValues>(key: K, value: RegisterValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegistration(values);
    setErrors(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await registerUser(toRegistration(values));
      saveNewAccountId(answer.account_id);
      saveRegistrationDraft(draftOf(values));
      await signIn(answer.id_token);
      // On the way to a page (?redirect=, a data room): confirming the email goes on to it.
      const redirect = safeRedirect(params.get('redirect'));
      const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
      navigate(`/register/confirm-email${query}`, { replace: true });
    } catch (caught) {
      if (isApiError(caught, 'VALIDATION_ERROR')) setErrors(serverFieldErrors(caught.fields));
      setError(registerErrorMessage(caught));
      setBusy(false);
    }
  };

  const termsLabel = (
    <>
      I agree to the{' '}
      <Anchor component={Link} to="/terms" state={modalState(location)} inherit>
        Terms of Service
      </Anchor>
    </>
  );

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Set up your login, and optionally your first workspace."
      width={520}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Register">
        <Stack gap="md">
          {returning && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} role="status">
              You are signed in as {user?.email}, which waits for its confirmation code. Correct your details
              and register again, or{' '}
              <Anchor component={Link} to="/register/confirm-email" inherit>
                enter the code
              </Anchor>
              .
            </Alert>
          )}
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="First Name"
              autoComplete="given-name"
              value={values.firstName}
              onChange={(e) => set('firstName', e.currentTarget.value)}
              error={errors.firstName}
              required
            />
            <TextInput
              label="Last Name"
              autoComplete="family-name"
              value={values.lastName}
              onChange={(e) => set('lastName', e.currentTarget.value)}
              error={errors.lastName}
              required
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={errors.email}
            required
          />
          <PasswordInput
            visibilityToggleButtonProps={TOGGLE_PROPS}
            label="Password"
            autoComplete="new-password"
            description="At least 12 characters."
            value={values.password}
            onChange={(e) => set('password', e.currentTarget.value)}
            error={errors.password}
            required
          />
          <Switch
            label="Add Workspace"
            checked={values.addWorkspace}
            onChange={(e) => set('addWorkspace', e.currentTarget.checked)}
          />
          <Collapse expanded={values.addWorkspace}>
            <Stack gap="md">
              <CompanyNameInput
                label="Company Name"
                placeholder="Acme"
                value={values.companyName}
                onChange={(name) => set('companyName', name)}
                error={errors.companyName}
                required={values.addWorkspace}
              />
              <Select
                label="Business Purpose"
                placeholder="Select a purpose"
                data={PURPOSE_OPTIONS}
                value={values.businessPurpose}
                onChange={(value) => set('businessPurpose', value)}
                error={errors.businessPurpose}
                required={values.addWorkspace}
                allowDeselect={false}
              />
            </Stack>
          </Collapse>
          <Checkbox
            label={termsLabel}
            aria-label="I agree to the Terms of Service"
            checked={values.tos}
            onChange={(e) => set('tos', e.currentTarget.checked)}
            error={errors.tos}
          />
          <Group justify="space-between" mt="xs">
            <Button
              variant="default"
              onClick={() => navigate(returning ? '/register/confirm-email' : '/login')}
            >
              Back
            </Button>
            <Button type="submit" loading={busy}>
              {values.addWorkspace ? 'Continue' : 'Create Account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
}
