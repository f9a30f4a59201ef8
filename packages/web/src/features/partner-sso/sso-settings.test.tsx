import type { PartnerSsoView } from '@charter/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { apiFetch } from '../../api/client.ts';
import { renderAt } from '../shell/test-providers.tsx';
import { SsoSettings } from './sso-settings.tsx';

vi.mock('../../api/client.ts', async (original) => ({
  ...(await original<typeof import('../../api/client.ts')>()),
  apiFetch: vi.fn(),
}));

const VIEW: PartnerSsoView = {
  partner_id: 7,
  partner_name: 'Acme Counsel',
  issuer: 'https://login.acme.example',
  client_id: 'charter',
  has_client_secret: true,
  label: null,
  button_label: 'Sign in with Acme Counsel',
  redirect_uri: 'https://acme.example/api/authn/oidc/partner/acme/callback',
  configured: true,
  abilities: { update: true, delete: true },
};

beforeEach(() => vi.mocked(apiFetch).mockReset());
afterEach(cleanup);

describe('SsoSettings (mounted by the Teams page)', () => {
  it('shows the saved settings and the redirect URI, never a secret, and keeps it when left empty', async () => {
    vi.mocked(apiFetch).mockImplementation(async (_path, options) =>
      options?.method === 'PUT' ? { ...VIEW, label: 'Sign in with Acme CRM' } : VIEW,
    );
    renderAt('/teams', '/teams', <SsoSettings partnerId={7} />);
    expect(((await screen.findByLabelText(/^Issuer/)) as HTMLInputElement).value).toBe(VIEW.issuer);
    expect(screen.getByText(VIEW.redirect_uri ?? '')).toBeTruthy();
    expect((screen.getByLabelText(/^Client Secret/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Saved. Leave empty to keep it.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Button Label'), { target: { value: 'Sign in with Acme CRM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith('/api/user/partner/7/sso', {
        method: 'PUT',
        body: { issuer: VIEW.issuer, client_id: 'charter', label: 'Sign in with Acme CRM' },
      }),
    );
  });

  it("shows the server's message under the issuer when its discovery fails", async () => {
    const message = 'Could not read the OpenID configuration of https://typo.example with this client';
    vi.mocked(apiFetch).mockImplementation(async (_path, options) => {
      if (options?.method === 'PUT') {
        throw new ApiError(400, { code: 'VALIDATION_ERROR', message, fields: { issuer: message } });
      }
      return VIEW;
    });
    renderAt('/teams', '/teams', <SsoSettings partnerId={7} />);
    fireEvent.change(await screen.findByLabelText(/^Issuer/), { target: { value: 'https://typo.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('is read-only for someone who may not change it', async () => {
    vi.mocked(apiFetch).mockResolvedValue({ ...VIEW, abilities: { update: false, delete: false } });
    renderAt('/teams', '/teams', <SsoSettings partnerId={7} />);
    expect(((await screen.findByLabelText(/^Issuer/)) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
