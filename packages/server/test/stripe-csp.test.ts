import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/** The web app loads Stripe.js (script, card Element frames, API) only when the stripe provider runs. */
describe('content security policy and Stripe.js', () => {
  let test: TestApp;
  let stripe: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    stripe = await createTestApp({
      stripeSecretKey: 'sk_test_not_a_real_key',
      stripe: { publishableKey: 'pk_test_x', webhookSecret: null, apiBase: null },
    });
  });
  afterAll(async () => {
    await test?.close();
    await stripe?.close();
  });

  const policy = async (app: TestApp) =>
    String((await app.app.inject({ url: '/api/health' })).headers['content-security-policy']);

  it('allows js.stripe.com, its frames and api.stripe.com on the stripe provider', async () => {
    const csp = await policy(stripe);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com[^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(csp).toContain("default-src 'self'");
  });

  it('allows no Stripe host on the test provider', async () => {
    const csp = await policy(test);
    expect(csp).not.toContain('stripe.com');
    expect(csp).toContain("script-src 'self'");
  });
});
