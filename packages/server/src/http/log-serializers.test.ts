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

  it('never a shared cabinet code, an access_code or a report file link', () => {
    expect(redactUrl('/shared-cabinet/AbCdEfGhIjKlMnOpQrStUv')).toBe('/shared-cabinet/[redacted]');
    expect(redactUrl('/api/unlisted/account/storage/folder?path=/a&access_code=AbCd')).toBe(
      '/api/unlisted/account/storage/folder?path=/a&access_code=[redacted]',
    );
    expect(redactUrl('/api/user/report/file/12/jwt/eyJ.abc.def')).toBe(
      '/api/user/report/file/12/jwt/[redacted]',
    );
  });

  it("never a data room's or an outside form's code in the path", () => {
    expect(redactUrl('/data-room/AbCdEfGhIjKlMnOpQrStUv/overview')).toBe('/data-room/[redacted]/overview');
    expect(redactUrl('/data-room/v1/AbCd/overview')).toBe('/data-room/v1/[redacted]/overview');
    expect(redactUrl('/data-room/Room1/outside-form/Form2')).toBe(
      '/data-room/[redacted]/outside-form/[redacted]',
    );
    expect(redactUrl('/api/guest/rooms/Room1/file/5?token=t0k')).toBe(
      '/api/guest/rooms/[redacted]/file/5?token=[redacted]',
    );
    expect(redactUrl('/invites/room/Room1?id=3&code=s3cr3t')).toBe(
      '/invites/room/[redacted]?id=3&code=[redacted]',
    );
    expect(redactUrl('/api/public/outside_form/Form2/finalize')).toBe(
      '/api/public/outside_form/[redacted]/finalize',
    );
    expect(redactUrl('/api/redirect/form/Form2')).toBe('/api/redirect/form/[redacted]');
    expect(redactUrl('/outside-form/Form2')).toBe('/outside-form/[redacted]');
    expect(redactUrl('/api/user/rooms/5/history')).toBe('/api/user/rooms/5/history');
    expect(redactUrl('/api/account/admin/room/5/link')).toBe('/api/account/admin/room/5/link');
  });
});
