import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { STAFF_EMAIL, STAFF_PASSWORD } from './support/staff.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
export const baseURL = `http://localhost:${port}`;
/** A fresh data folder per run: the server's embedded database and its mail outbox. */
export const dataDir = path.resolve(import.meta.dirname, `artifacts/data-${port}`);

/**
 * Specs that keep to workspaces and users of their own (support/demo.ts newDemoWorkspace, or users they
 * register): they run beside the others. Every other spec shares the seeded demo workspace (its documents,
 * its one-per-workspace workflows, its people) and runs one file at a time, in the order of their names.
 */
const ownState = [
  'account-takeover',
  'answers-validation',
  'billing',
  'billing-charges',
  'cabinet',
  'clean-console',
  'data-room-flow',
  'login-errors',
  'notices',
  'onboarding',
  'partner-sso',
  'reports',
  'share-file-cabinet',
  'review',
  'room-hardening',
  'signing',
  'staff',
  'web-delivery',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // A net for a hang, not a measure of speed (the bench measures that): in CI two workers, two Chromiums and
  // the server share two cores, and the heaviest specs (a generated PDF, two browsers) took twice their idle
  // time there, over the 90 s and 120 s this used to be.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,

  // Two workers: the demo workspace's specs on one, in turn; the specs of their own state on the other.
  workers: 2,
  projects: [
    { name: 'demo-workspace', testIgnore: ownState, workers: 1 },
    { name: 'own-state', testMatch: ownState },
  ],
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    viewport: { width: 1600, height: 1000 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // The first staff member is made by the operator's CLI before the server holds the database.
    command: `rm -rf "${dataDir}" && npx tsx ../packages/server/src/cli/admin.ts staff ${STAFF_EMAIL} --create && npx tsx ../packages/server/src/main.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      CHECK_RESPONSES: 'true',
      AUTH_RATE_LIMIT: '1000',
      STAFF_PASSWORD,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
