import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { hashPassword } from '../../packages/server/src/adapters/passwords.ts';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { brands, partnerMembers, partners, users } from '../../packages/server/src/db/schema/index.ts';
import { createAccount } from '../../packages/server/src/modules/accounts/create-account.ts';
import { seedBrands } from '../../packages/server/src/seed.ts';
import { startOidcProvider } from '../../packages/server/test/support/oidc-provider.ts';
import { snap } from '../support/ui.ts';

/**
 * Partner CRM single sign-on in Chromium. The partner, its brand host and its issuer (a real
 * oidc-provider on loopback) are set up before the server answers, so this spec runs a Charter server
 * of its own in the test process (the shared one's embedded database cannot be written from outside,
 * and partners are created by the staff console, not yet here). `*.localhost` reaches loopback in
 * Chromium, so the partner's brand host is real.
 */
const SLUG = 'acme-sso';
const COMPANY = 'Acme Client Holdings, Inc.';

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let port: number;
let app: Awaited<ReturnType<typeof buildApp>>;
let issuer: Awaited<ReturnType<typeof startOidcProvider>>;
let partnerHost: string;
let memberLogin: string;
let memberEmail: string;
let dataDir: string;

test.beforeAll(async () => {
  port = await freePort();
  partnerHost = `acme-sso.localhost:${port}`;
  const callback = `http://${partnerHost}/api/authn/oidc/partner/${SLUG}/callback`;
  const secret = 'acme-crm-secret';
  issuer = await startOidcProvider({ id: 'acme-crm', secret, redirectUris: [callback] });
  dataDir = path.resolve(import.meta.dirname, `../artifacts/data-partner-sso-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const config = loadConfig(
    // The CRM's issuer runs on this machine over http: allowed for tests only (OIDC_ALLOW_LOOPBACK).
    {
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      OIDC_ALLOW_LOOPBACK: 'true',
    },
    { runWorker: false, checkResponses: true },
  );
  app = await buildApp(config);
  await seedBrands(app.ctx);
  const db = app.ctx.db;
  const [brand] = await db
    .insert(brands)
    .values({
      hostname: 'acme-sso.localhost',
      displayName: 'Acme Counsel',
      legalName: 'Acme Counsel LLP',
      webBaseUrl: `http://${partnerHost}`,
    })
    .returning();
  const [partner] = await db
    .insert(partners)
    .values({
      name: 'Acme Counsel',
      slug: SLUG,
      code: 'ACMESSO',
      brandId: brand.id,
      oidcIssuer: issuer.issuer,
      oidcClientId: 'acme-crm',
      oidcClientSecret: secret,
      oidcLabel: 'Sign in with Acme CRM',
    })
    .returning();
  // One of the partner's people, with a workspace and a password; they link their CRM identity from
  // their profile (a partner's issuer never signs in as an account by its email alone).
  memberEmail = `crm-member-${port}@example.com`;
  const [member] = await db
    .insert(users)
    .values({
      email: memberEmail,
      passwordHash: await hashPassword('correct horse battery'),
      firstName: 'Morgan',
      familyName: 'Member',
      emailVerifiedAt: new Date(),
    })
    .returning();
  await createAccount(db, {
    userId: member.id,
    company_name: COMPANY,
    features: [{ feature_type_id: 881, value: 'For-profit Company' }],
  });
  await db.insert(partnerMembers).values({ partnerId: partner.id, userId: member.id, roleId: 2 });
  memberLogin = issuer.person({ email: memberEmail, given_name: 'Morgan', family_name: 'Member' }).login;
  await app.listen({ port, host: '127.0.0.1' });
});

test.afterAll(async () => {
  await app?.close();
  await issuer?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The issuer's own (development) sign-in and consent forms. */
async function signInAtIssuer(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('partner CRM single sign-on', () => {
  test("a partner's person links the CRM sign-in from their profile, then signs in with it into the workspace", async ({
    page,
  }) => {
    // Signed in with their password on the partner's site, they link their account on the profile page.
    await page.goto(`http://${partnerHost}/login`);
    await page.getByLabel('Email').fill(memberEmail);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/c\/\d+\/home/);
    await page.goto(`http://${partnerHost}/c/0/user-settings/profile`);
    const section = page.getByRole('region', { name: 'Partner Sign-in' });
    await section.getByRole('button', { name: 'Link Account' }).click();
    await expect(page).toHaveURL(new RegExp(`^${issuer.issuer.replace(/\./g, '\\.')}/`));
    await signInAtIssuer(page, memberLogin);
    await expect(page.getByText('Your account is linked: you can now sign in with it.')).toBeVisible();
    await snap(page, 'partner-sso-linked');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // Signed out of the CRM too, as on another day.
    await page.context().clearCookies();

    await page.goto(`http://${partnerHost}/login#from-crm`);
    const button = page.getByRole('button', { name: 'Sign in with Acme CRM' });
    await expect(button).toBeVisible();
    await snap(page, 'partner-sso-login');
    await button.click();
    // A browser navigation to the partner's issuer (the web unit test checks what is saved first).
    await expect(page).toHaveURL(new RegExp(`^${issuer.issuer.replace(/\./g, '\\.')}/`));
    await snap(page, 'partner-sso-issuer');
    await signInAtIssuer(page, memberLogin);
    await expect(page).toHaveURL(new RegExp(`^http://${partnerHost.replace(/\./g, '\\.')}/c/\\d+`));
    await expect(page.getByText(COMPANY).first()).toBeVisible();
    await snap(page, 'partner-sso-signed-in');
  });

  test('the default host shows no partner button', async ({ page }) => {
    await page.goto(`http://localhost:${port}/login`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Acme CRM' })).toHaveCount(0);
  });
});
