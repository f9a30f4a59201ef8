import type {
  StaffAccountView,
  StaffAuditEntry,
  StaffBrandView,
  StaffJobView,
  StaffPartnerView,
  StaffUserView,
} from '@charter/domain';
import type { accounts, auditLog, brands, jobs, partners, users } from '../../db/schema/index.ts';

type User = typeof users.$inferSelect;
type Account = typeof accounts.$inferSelect;
type Brand = typeof brands.$inferSelect;
type Partner = typeof partners.$inferSelect;
type Job = typeof jobs.$inferSelect;
type AuditRow = typeof auditLog.$inferSelect;

export const presentStaffUser = (user: User): StaffUserView => ({
  id: user.id,
  email: user.email,
  first_name: user.firstName,
  family_name: user.familyName,
  is_staff: user.isStaff,
  email_verified: user.emailVerifiedAt !== null,
  disabled: user.disabledAt !== null,
  created_at: user.createdAt.toISOString(),
});

export const presentStaffAccount = (
  account: Account,
  extra: { brandHostname: string | null; memberCount: number },
): StaffAccountView => ({
  id: account.id,
  company_name: account.companyName,
  role_id: account.roleId,
  brand_id: account.brandId,
  brand_hostname: extra.brandHostname,
  member_count: extra.memberCount,
  owner_id: account.ownerId,
  created_at: account.createdAt.toISOString(),
});

type Person = { id: number; email: string } | null;

export const presentAuditEntry = (
  row: AuditRow,
  people: { actor: Person; impersonator: Person },
): StaffAuditEntry => ({
  id: row.id,
  action: row.action,
  actor: people.actor,
  impersonator: people.impersonator,
  account_id: row.accountId,
  target: row.target,
  reason: row.reason,
  ip: row.ip,
  created_at: row.createdAt.toISOString(),
});

export const presentStaffJob = (job: Job): StaffJobView => ({
  id: job.id,
  kind: job.kind,
  status: job.status,
  attempts: job.attempts,
  max_attempts: job.maxAttempts,
  last_error: job.lastError,
  run_at: job.runAt.toISOString(),
  locked_at: job.lockedAt?.toISOString() ?? null,
  created_at: job.createdAt.toISOString(),
  finished_at: job.finishedAt?.toISOString() ?? null,
});

export const presentStaffBrand = (brand: Brand): StaffBrandView => ({
  id: brand.id,
  hostname: brand.hostname,
  is_default: brand.isDefault,
  display_name: brand.displayName,
  legal_name: brand.legalName,
  support_email: brand.supportEmail,
  logo_url: brand.logoUrl,
  web_base_url: brand.webBaseUrl,
  assets: brand.assets,
  created_at: brand.createdAt.toISOString(),
});

export const presentStaffPartner = (
  partner: Partner,
  extra: { brandHostname: string | null; memberCount: number; accountCount: number },
): StaffPartnerView => ({
  id: partner.id,
  name: partner.name,
  slug: partner.slug,
  code: partner.code,
  brand_id: partner.brandId,
  brand_hostname: extra.brandHostname,
  covers_credits: partner.coversCredits,
  covers_fees: partner.coversFees,
  excludes_fees: partner.excludesFees,
  stripe_domain: partner.stripeDomain,
  member_count: extra.memberCount,
  account_count: extra.accountCount,
  created_at: partner.createdAt.toISOString(),
});
