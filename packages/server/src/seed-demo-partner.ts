import { and, eq } from 'drizzle-orm';
import { hashPassword } from './adapters/passwords.ts';
import type { AppContext } from './context.ts';
import { partnerAccounts, partnerMembers, partners, users } from './db/schema/index.ts';
import { findUserByEmail } from './modules/auth/find-user.ts';

export const DEMO_COUNSEL_EMAIL = 'counsel@charter.local';
const DEMO_PARTNER_SLUG = 'demo-counsel';

/**
 * A demo partner, Demo Counsel LLP, whose member (counsel@charter.local, the demo password) sees the demo
 * workspace as a client: its to-dos on the personal dashboard (the team view). Each piece is made when
 * missing, so a database kept across restarts (or partly cleaned) ends up whole; the member's password
 * follows the demo's when that is generated again.
 */
export async function seedDemoPartner(
  ctx: AppContext,
  demo: { userId: number; accountId: number; password: string; generated: boolean },
) {
  const existing = await findUserByEmail(ctx.db, DEMO_COUNSEL_EMAIL);
  if (existing && !demo.generated) {
    const [connected] = await ctx.db
      .select({ id: partnerAccounts.accountId })
      .from(partnerAccounts)
      .innerJoin(partners, eq(partners.id, partnerAccounts.partnerId))
      .where(and(eq(partners.slug, DEMO_PARTNER_SLUG), eq(partnerAccounts.accountId, demo.accountId)));
    if (connected) return;
  }
  const passwordHash = await hashPassword(demo.password);
  await ctx.db.transaction(async (tx) => {
    const counsel = existing
      ? (await tx.update(users).set({ passwordHash }).where(eq(users.id, existing.id)).returning())[0]
      : (
          await tx
            .insert(users)
            .values({
              email: DEMO_COUNSEL_EMAIL,
              passwordHash,
              firstName: 'Casey',
              familyName: 'Counsel',
              emailVerifiedAt: new Date(),
            })
            .returning()
        )[0];
    await tx
      .insert(partners)
      .values({ name: 'Demo Counsel LLP', slug: DEMO_PARTNER_SLUG, code: 'DEMOCOUNSEL' })
      .onConflictDoNothing();
    const [partner] = await tx
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.slug, DEMO_PARTNER_SLUG));
    await tx
      .insert(partnerMembers)
      // Its admin, so the Teams page lets them manage the team (a team needs one).
      .values({ partnerId: partner.id, userId: counsel.id, roleId: 1 })
      .onConflictDoNothing();
    await tx
      .insert(partnerAccounts)
      .values({ partnerId: partner.id, accountId: demo.accountId, connectedBy: demo.userId })
      .onConflictDoNothing();
  });
}
