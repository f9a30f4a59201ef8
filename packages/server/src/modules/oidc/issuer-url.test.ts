import { describe, expect, it } from 'vitest';
import { isAllowedIssuerUrl } from './issuer-url.ts';

describe('isAllowedIssuerUrl', () => {
  it('takes https issuers on public names', () => {
    expect(isAllowedIssuerUrl('https://login.acme-crm.com', false)).toBe(true);
    expect(isAllowedIssuerUrl('https://8.8.8.8/realms/acme', false)).toBe(true);
  });

  it('refuses what would make the server reach this machine or its private networks', () => {
    for (const url of [
      'http://login.acme-crm.com',
      'http://127.0.0.1:8080',
      'https://127.0.0.1',
      'https://localhost',
      'https://metadata.internal',
      'https://169.254.169.254/latest',
      'https://10.0.0.5',
      'https://172.20.1.1',
      'https://192.168.1.1',
      'https://[::1]',
      'https://[fd00::1]',
      'https://[::ffff:127.0.0.1]',
      'https://user:pass@login.acme-crm.com',
      'https://login.acme-crm.com/#x',
      'not a url',
    ]) {
      expect(isAllowedIssuerUrl(url, false), url).toBe(false);
    }
  });

  it('lets http on loopback in only when the operator allows it (tests)', () => {
    expect(isAllowedIssuerUrl('http://127.0.0.1:4444', true)).toBe(true);
    expect(isAllowedIssuerUrl('http://10.0.0.5', true)).toBe(false);
  });
});
