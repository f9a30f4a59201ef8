import type { AuthProviders } from '@charter/domain';
import { Button, Divider, Stack } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { saveRedirectLocation } from './auth-storage.ts';
import { navigateAway } from './browser-navigation.ts';
import { GOOGLE_AUTH_PATH, GoogleLogo } from './google-logo.tsx';

/** Only our own partner sign-in paths are followed, whatever the answer says. */
const PARTNER_AUTH_PATH = /^\/api\/authn\/oidc\/partner\/[^/?#]+\/auth$/;

/** Which issuers this site (by its host: a partner brand may add its own) offers on the login page. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['public', 'auth-providers'],
    queryFn: () => apiFetch<AuthProviders>('/api/public/auth/providers', { auth: 'none' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Google and partner CRM sign-ins (spec 1 §4 step 5): browser navigations to the issuer's start, the
 * place to come back to (location and hash) saved in local storage first. Each button shows only where
 * the server offers it.
 */
export function OidcSignInButtons({ redirect }: { redirect: string | null }) {
  const providers = useAuthProviders();
  const start = (authPath: string) => {
    const target = redirect ?? '';
    saveRedirectLocation(target || window.location.pathname, window.location.hash);
    const query = target ? `?redirect=${encodeURIComponent(target)}` : '';
    navigateAway(`${authPath}${query}`);
  };
  const google = providers.data?.google ?? false;
  const partner =
    providers.data?.partner && PARTNER_AUTH_PATH.test(providers.data.partner.url)
      ? providers.data.partner
      : null;
  if (!google && !partner) return null;
  return (
    <>
      <Divider label="or" labelPosition="center" />
      <Stack gap="sm">
        {partner && (
          <Button
            variant="default"
            fullWidth
            size="md"
            leftSection={<IconBuilding size={18} aria-hidden />}
            onClick={() => start(partner.url)}
          >
            {partner.label}
          </Button>
        )}
        {google && (
          <Button
            variant="default"
            fullWidth
            size="md"
            leftSection={<GoogleLogo />}
            onClick={() => start(GOOGLE_AUTH_PATH)}
          >
            Sign in with Google
          </Button>
        )}
      </Stack>
    </>
  );
}
