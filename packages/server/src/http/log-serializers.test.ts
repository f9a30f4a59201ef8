import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-serializers.ts';

describe('request URLs in logs', () => {
  it('keep their path and other parameters, never a credential', () => {
    expect(redactUrl('/api/ws?access_token=eyJ.abc.def&since=4')).toBe(
      '/api/ws?access_token=[redacted]&since=4',
    );
    expect(redactUrl('/api/authn/oidc/accounts.google.com/callback?state=s&code=xyz')).toBe(
      '/api/authn/oidc/accounts.google.com/callback?state=s&code=[redacted]',
    );
    expect(redactUrl('/api/account/storage/folder?path=/a&limit=5')).toBe(
      '/api/account/storage/folder?path=/a&limit=5',
    );
  });
});
