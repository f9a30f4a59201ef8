import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { apiFetch, errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { navigateAway } from '../auth/browser-navigation.ts';
import { useAuthProviders } from '../auth/oidc-sign-in-buttons.tsx';
import { Section } from './profile-section.tsx';

export const PARTNER_SIGN_IN_LINKED = 'Your account is linked: you can now sign in with it.';
const LINK_FAILED = 'Your account could not be linked to that sign-in.';
/** Only our own link path is posted to, whatever the answer says. */
const PARTNER_LINK_PATH = /^\/api\/user\/oidc\/partner\/[^/?#]+\/link$/;

/**
 * On a partner brand's site with its CRM sign-in: one of the partner's people links their account to it
 * (the issuer's page opens; back here with ?oidc_linked=1 or ?oidc_error=). Shown nowhere else.
 */
export function PartnerSignInSection() {
  const providers = useAuthProviders();
  const partner = providers.data?.partner;
  const { push } = useNotices();
  const [search, setSearch] = useSearchParams();
  const link = useMutation({
    mutationFn: (path: string) =>
      apiFetch<{ url: string }>(path, {
        method: 'POST',
        body: { redirect: window.location.pathname },
      }),
    onSuccess: ({ url }) => navigateAway(url),
    onError: (error) => push({ type: 'error', message: errorMessage(error, LINK_FAILED) }),
  });

  // Back from the issuer: say how it went, once.
  useEffect(() => {
    const linked = search.get('oidc_linked');
    const failed = search.get('oidc_error');
    if (!linked && !failed) return;
    push(
      linked ? { type: 'success', message: PARTNER_SIGN_IN_LINKED } : { type: 'error', message: LINK_FAILED },
    );
    setSearch({}, { replace: true });
  }, [search, setSearch, push]);

  if (!partner || !PARTNER_LINK_PATH.test(partner.link_url)) return null;
  return (
    <Section title="Partner Sign-in" description={`${partner.label}, for the people of this site's firm.`}>
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">
          Use “{partner.label}” to sign in to this account. You sign in there once to link it.
        </Text>
        <Button variant="default" loading={link.isPending} onClick={() => link.mutate(partner.link_url)}>
          Link Account
        </Button>
      </Stack>
    </Section>
  );
}
