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

  it('never a signing or review link secret, nor a verification code, in the path', () => {
    expect(redactUrl('/sign/Zk3_abc-DEF')).toBe('/sign/[redacted]');
    expect(redactUrl('/api/public/sign/Zk3_abc-DEF/pages/0.png?width=800')).toBe(
      '/api/public/sign/[redacted]/pages/0.png?width=800',
    );
    expect(redactUrl('/api/public/review/s3cr3t/suggestions')).toBe(
      '/api/public/review/[redacted]/suggestions',
    );
    expect(redactUrl('/verify/magic-link/42/abcd1234?redirect=/c/7')).toBe(
      '/verify/magic-link/42/[redacted]?redirect=/c/7',
    );
    expect(redactUrl('/api/account/signing/documents/5/send')).toBe('/api/account/signing/documents/5/send');
    expect(redactUrl('/api/public/verify')).toBe('/api/public/verify');
  });
});
