import { Text } from '@mantine/core';
import { useBrand } from '../../app/brand.tsx';
import { LegalModal, LegalSection } from './legal-modal.tsx';

/** /privacy — placeholder text, marked as a sample; a deployment supplies its own policy. */
export function PrivacyModal() {
  const { legalName, supportEmail } = useBrand();
  return (
    <LegalModal title="Privacy Policy" updated="October 11, 2021">
      <Text size="sm" fs="italic">
        This is sample text for a self-hosted installation. It is not legal advice and is not the operator's
        actual policy.
      </Text>
      <LegalSection heading="What we collect">
        {legalName} stores the account details you give us (name, email, phone), the workspaces you create,
        and the documents and answers you add to them.
      </LegalSection>
      <LegalSection heading="How we use it">
        We use this information to run the service, to send the emails you ask for (sign-in links, codes,
        signing requests), and to keep the service secure. We do not sell personal information.
      </LegalSection>
      <LegalSection heading="Who can see it">
        Members of a workspace see that workspace's data. People you share a data room or document with see
        what you share. Support staff may access an account to help you, and every such access is logged.
      </LegalSection>
      <LegalSection heading="Your choices">
        You can correct your profile at any time and ask us to delete your account by writing to{' '}
        {supportEmail}.
      </LegalSection>
    </LegalModal>
  );
}
