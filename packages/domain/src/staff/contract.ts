import { z } from 'zod';
import { brandAssets } from '../brand/contract.ts';
import { rowId, rowIdParam } from '../contract/common.ts';
import { PARTNER_ROLE } from '../partners/contract.ts';

/**
 * The staff console (platform admins, /staff): finding users and workspaces, remote login with a reason,
 * the audit log, failed and stuck jobs, brands and partners. Every /api/staff route answers staff signed
 * in as themselves only.
 */

// A partner team member's role_id (partner_members.role_id) is defined with the partner teams.

export const STAFF_PAGE_SIZE = 25;
export const REMOTE_LOGIN_REASON_MAX = 500;
export const REMOTE_LOGIN_REASON_REQUIRED = 'A reason is required to log in as another user';
export const STAFF_ONLY = 'Only platform staff signed in as themselves can use the staff console.';

const pageParam = z.coerce.number().int().min(1).max(100_000).default(1);
const searchText = z.string().trim().max(200).optional();

/** GET /api/staff/users and /api/staff/accounts */
export const staffSearchQuery = z.object({ q: searchText, page: pageParam });
export type StaffSearchQuery = z.input<typeof staffSearchQuery>;

const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number(), page_size: z.number(), total: z.number() });

export const staffUserView = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  family_name: z.string(),
  is_staff: z.boolean(),
  email_verified: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type StaffUserView = z.infer<typeof staffUserView>;
export const staffUserPage = paged(staffUserView);
export type StaffUserPage = z.infer<typeof staffUserPage>;

/** A user's workspace as staff see it: enough to log in as them there. */
export const staffUserMembership = z.object({
  account_id: z.number(),
  company_name: z.string(),
  role_id: z.number(),
  is_admin: z.boolean(),
  is_owner: z.boolean(),
});
export const staffUserDetail = staffUserView.extend({ memberships: z.array(staffUserMembership) });
export type StaffUserDetail = z.infer<typeof staffUserDetail>;

export const staffAccountView = z.object({
  id: z.number(),
  company_name: z.string(),
  role_id: z.number(),
  brand_id: z.number().nullable(),
  brand_hostname: z.string().nullable(),
  member_count: z.number(),
  owner_id: z.number().nullable(),
  created_at: z.string(),
});
export type StaffAccountView = z.infer<typeof staffAccountView>;
export const staffAccountPage = paged(staffAccountView);
export type StaffAccountPage = z.infer<typeof staffAccountPage>;

export const staffAccountMember = z.object({
  user_id: z.number(),
  email: z.string(),
  first_name: z.string(),
  family_name: z.string(),
  is_admin: z.boolean(),
  is_owner: z.boolean(),
});
export const staffAccountDetail = staffAccountView.extend({ members: z.array(staffAccountMember) });
export type StaffAccountDetail = z.infer<typeof staffAccountDetail>;

/**
 * PUT /api/staff/accounts/{id}/restricted: a restricted (role 3) workspace sees only modules 4 and 5
 * (spec 1 §6); only staff make one, or make it an ordinary workspace (role 1) again.
 */
export const staffRestrictedBody = z.object({ restricted: z.boolean() });
export type StaffRestrictedBody = z.infer<typeof staffRestrictedBody>;

/** GET /api/staff/audit: newest first. */
export const staffAuditQuery = z.object({
  action: z.string().trim().max(100).optional(),
  user_id: rowIdParam.optional(),
  page: pageParam,
});
export type StaffAuditQuery = z.input<typeof staffAuditQuery>;

const auditPerson = z.object({ id: z.number(), email: z.string() }).nullable();
export const staffAuditEntry = z.object({
  id: z.number(),
  action: z.string(),
  actor: auditPerson,
  impersonator: auditPerson,
  account_id: z.number().nullable(),
  target: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntry>;
export const staffAuditPage = paged(staffAuditEntry);
export type StaffAuditPage = z.infer<typeof staffAuditPage>;

/** GET /api/staff/jobs: stuck = running with a lock older than the queue's stale timeout. */
export const STAFF_JOB_FILTERS = ['failed', 'stuck'] as const;
export const staffJobsQuery = z.object({ status: z.enum(STAFF_JOB_FILTERS).default('failed') });
export const staffJobView = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.string(),
  attempts: z.number(),
  max_attempts: z.number(),
  last_error: z.string().nullable(),
  run_at: z.string(),
  locked_at: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type StaffJobView = z.infer<typeof staffJobView>;

const required = (label: string, max = 200) =>
  z.string().trim().min(1, `${label} required`).max(max, `${label} too long`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

export const staffBrandView = z.object({
  id: z.number(),
  hostname: z.string(),
  is_default: z.boolean(),
  display_name: z.string(),
  legal_name: z.string(),
  support_email: z.string().nullable(),
  logo_url: z.string().nullable(),
  web_base_url: z.string(),
  assets: brandAssets,
  created_at: z.string(),
});
export type StaffBrandView = z.infer<typeof staffBrandView>;

/** POST /api/staff/partners and PUT /api/staff/partners/{id}; a code is generated when none is given. */
export const staffPartnerBody = z.object({
  name: required('Name'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Slug required')
    .max(60, 'Slug too long')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'A slug is lowercase letters, digits and dashes'),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .max(32, 'Code too long')
    .regex(/^[A-Z0-9-]*$/, 'A code is letters, digits and dashes')
    .nullish()
    .transform((v) => v || null),
  brand_id: rowId.nullish(),
  covers_credits: z.boolean().default(false),
  covers_fees: z.boolean().default(false),
  excludes_fees: z.boolean().default(false),
  stripe_domain: optionalText(200),
});
export type StaffPartnerBody = z.input<typeof staffPartnerBody>;
export const staffPartnerView = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  code: z.string(),
  brand_id: z.number().nullable(),
  brand_hostname: z.string().nullable(),
  covers_credits: z.boolean(),
  covers_fees: z.boolean(),
  excludes_fees: z.boolean(),
  stripe_domain: z.string().nullable(),
  member_count: z.number(),
  account_count: z.number(),
  created_at: z.string(),
});
export type StaffPartnerView = z.infer<typeof staffPartnerView>;

/** POST /api/staff/partners/{id}/members: seat an existing user (usually the partner's first admin). */
export const staffPartnerMemberBody = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Email required').max(254).email('Invalid email'),
  role_id: z.union([z.literal(PARTNER_ROLE.ADMIN), z.literal(PARTNER_ROLE.MEMBER)]),
});
export type StaffPartnerMemberBody = z.input<typeof staffPartnerMemberBody>;
export const staffPartnerMemberView = z.object({
  partner_id: z.number(),
  user_id: z.number(),
  email: z.string(),
  role_id: z.number(),
});
export type StaffPartnerMemberView = z.infer<typeof staffPartnerMemberView>;
