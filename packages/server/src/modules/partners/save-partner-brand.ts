import {
  BRAND_HOSTNAME_INVALID,
  BRAND_HOSTNAME_TAKEN,
  BRAND_URL_INVALID,
  type PartnerBrandBody,
  validateEmail,
} from '@charter/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pgError } from '../../db/errors.ts';
import { type BrandAssets, brands, partners } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { presentPartnerBrand } from './get-partner-brand.ts';
import { authorizeTeamAdmin } from './policies.ts';
import { findTeamMembership } from './scope.ts';

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function validUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Stored assets keep only what is set: a cleared field (null or '') is left out. */
function cleanAssets(assets: NonNullable<PartnerBrandBody['assets']>): BrandAssets {
  const kept = Object.entries(assets).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return Object.fromEntries(kept.map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as BrandAssets;
}

/** What a brand row is made of, checked field by field with the messages the form shows. */
function brandValues(input: PartnerBrandBody) {
  const hostname = input.hostname.trim().toLowerCase();
  const fields: Record<string, string> = {};
  if (!HOSTNAME.test(hostname)) fields.hostname = BRAND_HOSTNAME_INVALID;
  const webBaseUrl = input.web_base_url.trim();
  if (!validUrl(webBaseUrl)) fields.web_base_url = BRAND_URL_INVALID;
  const logoUrl = input.logo_url?.trim() || null;
  // A logo may be served by this server itself ('/brand/….svg', as the seeded brands are).
  if (logoUrl && !validUrl(logoUrl) && !/^\/[^/]/.test(logoUrl)) fields.logo_url = BRAND_URL_INVALID;
  const supportEmail = input.support_email?.trim() || null;
  const emailProblem = supportEmail ? validateEmail(supportEmail) : null;
  if (emailProblem) fields.support_email = emailProblem;
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return {
    hostname,
    displayName: input.display_name.trim(),
    legalName: input.legal_name.trim(),
    logoUrl,
    supportEmail,
    webBaseUrl: webBaseUrl.replace(/\/$/, ''),
    assets: cleanAssets(input.assets ?? {}),
  };
}

/**
 * PUT /api/user/partner/{partnerId}/brand: the team's admins keep the partner's brand, which answers
 * requests to its hostname (modules/brand). The first save creates it. A hostname names one brand only.
 */
export async function savePartnerBrand({
  tx,
  actor,
  partnerId,
  input,
}: {
  tx: Tx;
  actor: UserActor;
  partnerId: number;
  input: PartnerBrandBody;
}) {
  const team = await findTeamMembership(tx, actor, partnerId);
  authorizeTeamAdmin(team);
  const values = brandValues(input);
  const brandId = team.partner.brandId;
  const [taken] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(
      and(
        eq(sql`lower(${brands.hostname})`, values.hostname),
        brandId === null ? undefined : ne(brands.id, brandId),
      ),
    )
    .limit(1);
  if (taken) throw invalid({ hostname: BRAND_HOSTNAME_TAKEN });
  try {
    if (brandId !== null) {
      const [saved] = await tx.update(brands).set(values).where(eq(brands.id, brandId)).returning();
      return presentPartnerBrand(saved ?? null);
    }
    const [created] = await tx.insert(brands).values(values).returning();
    await tx.update(partners).set({ brandId: created.id }).where(eq(partners.id, partnerId));
    return presentPartnerBrand(created);
  } catch (error) {
    // Another brand took the hostname between the check above and this write.
    if (pgError(error)?.code === '23505') throw invalid({ hostname: BRAND_HOSTNAME_TAKEN });
    throw error;
  }
}
