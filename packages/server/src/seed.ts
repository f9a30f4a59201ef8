import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { hashPassword } from './adapters/passwords.ts';
import type { AppContext } from './context.ts';
import { brands, memberships, partnerMembers, partners, users } from './db/schema/index.ts';
import { createAccount } from './modules/accounts/create-account.ts';
import { findUserByEmail } from './modules/auth/find-user.ts';
import { seedDemoDocuments } from './seed-demo-documents.ts';
import { seedDemoPartner } from './seed-demo-partner.ts';

export const DEMO_EMAIL = 'demo@charter.local';
const DEMO_COMPANY = 'Demo Ventures, Inc.';
/** The demo partner's connect code, entered on a workspace's Workspace Partners page. */
export const DEMO_PARTNER_CODE = 'NORTHWIND';

/** The default brand and a partner brand on another hostname; idempotent. */
export async function seedBrands(ctx: AppContext) {
  const url = new URL(ctx.config.publicUrl);
  await ctx.db
    .insert(brands)
    .values([
      {
        hostname: url.hostname,
        isDefault: true,
        supportEmail: 'support@charter.local',
        displayName: 'Charter',
        legalName: 'Charter Workspace',
        logoUrl: '/brand/charter-logo.svg',
        webBaseUrl: ctx.config.publicUrl,
        assets: {
          title: 'Charter',
          tos_label: 'Terms of Use',
          tos_link: '/terms',
          thumbnail: '/brand/charter-mark.svg',
        },
      },
      {
        hostname: 'partner.localhost',
        supportEmail: null,
        displayName: 'Northwind Legal',
        legalName: 'Northwind Legal LLP',
        logoUrl: '/brand/northwind-logo.svg',
        webBaseUrl: `${url.protocol}//partner.localhost${url.port ? `:${url.port}` : ''}`,
        assets: {
          title: 'Northwind Legal',
          partner_slug: 'northwind',
          hide_paperos: false,
          show_business_types: true,
        },
      },
    ])
    .onConflictDoNothing();
  // Exactly one default brand, even if PUBLIC_URL changed since the first start.
  await ctx.db.execute(sql`update brands set is_default = (hostname = ${url.hostname})
    where exists (select 1 from brands where hostname = ${url.hostname})`);
}

/** A demo user with a workspace and a few earlier documents; its password is generated once and kept in DATA_DIR. */
export async function seedDemo(ctx: AppContext): Promise<{ email: string; password: string }> {
  const file = path.join(ctx.config.dataDir, 'demo-credentials.json');
  let password: string;
  const generated = !fs.existsSync(file);
  if (generated) {
    password = randomBytes(12).toString('base64url');
    fs.mkdirSync(ctx.config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ email: DEMO_EMAIL, password }, null, 2), { mode: 0o600 });
  } else {
    password = JSON.parse(fs.readFileSync(file, 'utf8')).password;
  }
  const existing = await findUserByEmail(ctx.db, DEMO_EMAIL);
  if (existing && generated) {
    // A database server kept across a new DATA_DIR: the demo sign-in printed must still work.
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, existing.id));
  }
  let demoIds = existing ? await demoWorkspaceOf(ctx, existing.id) : null;
  if (!existing) {
    const passwordHash = await hashPassword(password);
    demoIds = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: DEMO_EMAIL,
          passwordHash,
          firstName: 'Dana',
          familyName: 'Demo',
          emailVerifiedAt: new Date(),
        })
        .returning();
      const account = await createAccount(tx, {
        userId: user.id,
        company_name: DEMO_COMPANY,
        features: [{ feature_type_id: 881, value: 'For-profit Company' }],
      });
      await seedDemoDocuments(ctx, tx, account.id, user.id);
      return { userId: user.id, accountId: account.id };
    });
  }
  if (demoIds) await seedDemoPartner(ctx, { ...demoIds, password, generated });
  await seedNorthwindPartner(ctx);
  return { email: DEMO_EMAIL, password };
}

/** The demo user's first workspace, if they still have one. */
async function demoWorkspaceOf(ctx: AppContext, userId: number) {
  const [row] = await ctx.db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return row ? { userId, accountId: row.accountId } : null;
}

/**
 * Northwind Legal, a partner firm on the partner.localhost brand, with the demo user as its admin: the
 * Teams page shows it, and any workspace connects to it with the code NORTHWIND. Idempotent.
 */
async function seedNorthwindPartner(ctx: AppContext) {
  const [brand] = await ctx.db
    .select({ id: brands.id })
    .from(brands)
    .where(eq(brands.hostname, 'partner.localhost'))
    .limit(1);
  await ctx.db
    .insert(partners)
    .values({
      name: 'Northwind Legal',
      slug: 'northwind',
      code: DEMO_PARTNER_CODE,
      brandId: brand?.id ?? null,
    })
    .onConflictDoNothing();
  const [partner] = await ctx.db.select().from(partners).where(eq(partners.slug, 'northwind')).limit(1);
  const demo = await findUserByEmail(ctx.db, DEMO_EMAIL);
  if (partner && demo) {
    await ctx.db
      .insert(partnerMembers)
      .values({ partnerId: partner.id, userId: demo.id, roleId: 1 })
      .onConflictDoNothing();
  }
}
