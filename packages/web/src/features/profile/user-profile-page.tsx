import { Stack, Text } from '@mantine/core';
import { useSession } from '../../app/session.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { AuthenticatorsSection } from './authenticators-section.tsx';
import { PartnerSignInSection } from './partner-sign-in-section.tsx';
import { PasswordForm } from './password-form.tsx';
import { ProfileForm } from './profile-form.tsx';
import { Section } from './profile-section.tsx';

/** /c/:companyId/user-settings: profile, password and email addresses. */
export function UserProfilePage() {
  const { user, impersonatorId } = useSession();
  // Staff acting as the user may not change how they sign in (the server refuses it): nothing to offer.
  const acting = impersonatorId !== null;
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <PageTitle>User Profile</PageTitle>
        <Text c="dimmed">Your personal details, password and sign-in emails.</Text>
      </Stack>
      <Section title="Profile">
        <ProfileForm />
      </Section>
      {!acting && (
        <Section title={user?.password_allowed === false ? 'Set Password' : 'Change Password'}>
          <PasswordForm hasPassword={user?.password_allowed !== false} />
        </Section>
      )}
      <Section
        title="Email Addresses"
        description={
          acting
            ? 'Only the user can change their password, emails and sign-in methods.'
            : 'The primary email is the one you sign in with.'
        }
      >
        <AuthenticatorsSection readOnly={acting} />
      </Section>
      {!acting && <PartnerSignInSection />}
    </Stack>
  );
}
