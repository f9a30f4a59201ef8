import { Anchor, Text } from '@mantine/core';
import { useBrand } from '../../app/brand.tsx';
import { LegalModal, LegalSection } from './legal-modal.tsx';

/** /terms — placeholder text, marked as a sample; links to the brand's own terms when it has them. */
export function TermsModal() {
  const { legalName, supportEmail, assets } = useBrand();
  return (
    <LegalModal title="Terms of Use" updated="October 11, 2021">
      <Text size="sm" fs="italic">
        This is sample text for a self-hosted installation. It is not legal advice and is not the operator's
        actual terms.
        {assets.tos_link && (
          <>
            {' '}
            Read the{' '}
            <Anchor href={assets.tos_link} target="_blank" rel="noreferrer" inherit>
              {assets.tos_label || 'full Terms of Service'}
            </Anchor>
            .
          </>
        )}
      </Text>
      <LegalSection heading="The service">
        {legalName} provides a workspace for managing companies, legal workflows, documents and data rooms. It
        does not provide legal advice; consult qualified counsel for your situation.
      </LegalSection>
      <LegalSection heading="Your account">
        Keep your login details private and tell us at once if you think someone else has used your account.
        You are responsible for what is done in your workspaces.
      </LegalSection>
      <LegalSection heading="Your content">
        You keep all rights to the documents and information you upload. You allow us to store and process
        them only to provide the service to you and the people you share them with.
      </LegalSection>
      <LegalSection heading="Contact">
        Questions about these terms can be sent to {supportEmail}.
      </LegalSection>
    </LegalModal>
  );
}
