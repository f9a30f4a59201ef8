import type { Request } from './account-requests.ts';

/** Who the authorization matrix calls routes as (authorization-matrix.test.ts). */
export type Who =
  | 'owner'
  | 'admin'
  | 'member'
  | 'noCabinet'
  | 'restricted'
  | 'removed'
  | 'partnerOnClient'
  | 'partnerOnOther'
  | 'staff'
  | 'impersonating'
  | 'anonymous';

/** The rows the calls name: `accountId` is the partner's client, `otherAccountId` a workspace it does not serve. */
export type UserCallRows = {
  accountId: number;
  otherAccountId: number;
  partnerId: number;
  partnerMemberId: number;
  memberId: number;
  todoId: number;
  transactionId: number;
  templateId: string;
  documentId: number;
  /** A room of `accountId`. */
  roomId: number;
  roomHistoryId: number;
};

/** One valid request for a route outside a workspace, and who must be refused it. */
export type UserCall = {
  route: string;
  request: (rows: UserCallRows) => Request;
  refused: (who: Who) => boolean;
};

const anonymousOnly = (who: Who) => who === 'anonymous';
/** How a user signs in is theirs alone: refused to staff acting as them (modules/profile/policies.ts). */
const signInChange = (who: Who) => who === 'anonymous' || who === 'impersonating';
/**
 * The team view's calls on the client workspace (`accountId`): its members, staff acting as one, and the
 * connected partner's members may; a removed member, another workspace's owner, another partner's
 * member and staff as themselves may not (modules/partners/client-actor.ts).
 */
const notOnClient = (who: Who) =>
  ['anonymous', 'restricted', 'removed', 'partnerOnOther', 'staff'].includes(who);
const team = (x: UserCallRows, rest: string) => `/api/user/dashboard/_account/${x.accountId}${rest}`;

const u = (route: string, request: UserCall['request'], refused: UserCall['refused']): UserCall => ({
  route,
  request,
  refused,
});

export const userCalls: UserCall[] = [
  // Recording in a room follows its access mode (room-visitors.test.ts covers every mode and viewer): the
  // matrix's room is Private, so only the owning workspace's admins may (and record nothing, as admins).
  u(
    'POST /api/user/rooms/{id}/history',
    (x) => ({ url: `/api/user/rooms/${x.roomId}/history`, body: { action: 'view' } }),
    (who) => who !== 'owner' && who !== 'admin',
  ),
  u('GET /api/user/me', () => ({ url: '/api/user/me' }), anonymousOnly),
  // Shared reports: any signed-in user (a member's workspaces, or their own rows elsewhere).
  u('GET /api/user/report', () => ({ url: '/api/user/report' }), anonymousOnly),
  // A report file link opens only with the token GET /api/user/report signed for that user and file
  // (report-files.test.ts); a made-up one opens nothing for anyone.
  u(
    'GET /api/user/report/file/{a}/jwt/{b}',
    () => ({ url: `/api/user/report/file/1/jwt/${'x'.repeat(40)}` }),
    () => true,
  ),
  u('GET /api/user/accounts', () => ({ url: '/api/user/accounts' }), anonymousOnly),
  u(
    'POST /api/user/accounts',
    () => ({
      url: '/api/user/accounts',
      body: { company_name: 'Matrix Holdings, Inc.', features: [{ feature_type_id: 881, value: 'Other' }] },
    }),
    anonymousOnly,
  ),
  u(
    'POST /api/user/accounts/{id}/preference',
    (x) => ({ url: `/api/user/accounts/${x.accountId}/preference` }),
    anonymousOnly,
  ),
  u(
    'DELETE /api/user/accounts/{id}/preference',
    (x) => ({ url: `/api/user/accounts/${x.accountId}/preference` }),
    anonymousOnly,
  ),
  u('GET /api/user/confirm/{code}', () => ({ url: '/api/user/confirm/123-456' }), anonymousOnly),
  u(
    'POST /api/user/confirm/code/resend',
    () => ({ url: '/api/user/confirm/code/resend', body: {} }),
    anonymousOnly,
  ),
  u('GET /api/user/document', () => ({ url: '/api/user/document' }), anonymousOnly),
  u(
    'GET /api/user/document/{id}/token',
    (x) => ({ url: `/api/user/document/${x.documentId}/token` }),
    (who) =>
      ['anonymous', 'restricted', 'removed', 'partnerOnClient', 'partnerOnOther', 'staff'].includes(who),
  ),
  u('GET /api/user/settings/profile', () => ({ url: '/api/user/settings/profile' }), anonymousOnly),
  u(
    'PUT /api/user/settings/profile',
    () => ({ url: '/api/user/settings/profile', body: { firstName: 'Matrix', lastName: 'Test' } }),
    anonymousOnly,
  ),
  u(
    'PUT /api/user/settings/password',
    () => ({
      url: '/api/user/settings/password',
      body: { current_password: 'correct horse battery', password: 'a much longer new password' },
    }),
    signInChange,
  ),
  u(
    'POST /api/user/settings/password/link',
    () => ({ url: '/api/user/settings/password/link', body: {} }),
    signInChange,
  ),
  u('GET /api/v1/user/authenticators', () => ({ url: '/api/v1/user/authenticators' }), anonymousOnly),
  u(
    'POST /api/user/settings/authenticators',
    () => ({ url: '/api/user/settings/authenticators', body: { email: 'matrix-extra@example.com' } }),
    signInChange,
  ),
  u(
    'PUT /api/user/settings/authenticators',
    () => ({
      url: '/api/user/settings/authenticators',
      body: { email: 'matrix-extra@example.com', password: '123-456' },
    }),
    signInChange,
  ),
  u(
    'PATCH /api/v1/user/authenticators/{id}',
    () => ({ url: '/api/v1/user/authenticators/1', body: { priority: 0 } }),
    signInChange,
  ),
  u(
    'DELETE /api/v1/user/authenticators/{id}',
    () => ({ url: '/api/v1/user/authenticators/1' }),
    signInChange,
  ),
  u('GET /api/user/recommendation', () => ({ url: '/api/user/recommendation' }), anonymousOnly),
  u(
    'GET /api/user/dashboard/_account/{accountId}/recommendation/project_template/{id}',
    (x) => ({ url: team(x, `/recommendation/project_template/${x.templateId}`) }),
    notOnClient,
  ),
  u(
    'PATCH /api/user/dashboard/_account/{accountId}/recommendation/{id}',
    (x) => ({ url: team(x, `/recommendation/${x.todoId}`), body: { assignee_id: x.memberId } }),
    notOnClient,
  ),
  u(
    'DELETE /api/user/dashboard/_account/{accountId}/recommendation/{id}',
    (x) => ({ url: team(x, `/recommendation/${x.todoId}`) }),
    notOnClient,
  ),
  u(
    'POST /api/user/dashboard/_account/{accountId}/transaction/{id}/assign',
    (x) => ({ url: team(x, `/transaction/${x.transactionId}/assign`), body: { assignee_id: x.memberId } }),
    notOnClient,
  ),
  // Linking an account to a partner's CRM sign-in: only on the partner's brand host with SSO configured,
  // which the matrix's default host is not, so nobody here (partner-sso.test.ts covers who may, there).
  u(
    'POST /api/user/oidc/partner/{slug}/link',
    () => ({ url: '/api/user/oidc/partner/client/link', body: { redirect: '/c/0/user-settings/profile' } }),
    () => true,
  ),
  // A partner's CRM single sign-on: its admins (partnerOnClient is one) and staff as themselves.
  ...(['GET', 'PUT', 'DELETE'] as const).map((method) =>
    u(
      `${method} /api/user/partner/{partnerId}/sso`,
      (x) => ({
        url: `/api/user/partner/${x.partnerId}/sso`,
        body: method === 'PUT' ? { issuer: 'https://127.0.0.1', client_id: 'matrix' } : undefined,
      }),
      (who) => who !== 'partnerOnClient' && who !== 'staff',
    ),
  ),
  // Partner teams (modules/partners): its admins (partnerOnClient is one) only; the list is anyone's own.
  u('GET /api/user/team', () => ({ url: '/api/user/team' }), anonymousOnly),
  u('GET /api/user/rooms', () => ({ url: '/api/user/rooms' }), anonymousOnly),
  // A room is its workspace's members' (not a partner's, nor staff's as themselves, nor a role-3 one's).
  u(
    'GET /api/user/rooms/{id}',
    (x) => ({ url: `/api/user/rooms/${x.roomId}` }),
    (who) =>
      ['anonymous', 'restricted', 'removed', 'partnerOnClient', 'partnerOnOther', 'staff'].includes(who),
  ),
  ...partnerAdminCalls(),
  // The staff console: staff signed in as themselves only (modules/staff/policies.ts).
  ...staffCalls(),
  // What an unproven registration of one's address set up: one's own review (takeover.test.ts); an item
  // that is not one's own is nobody's to decide.
  u('GET /api/user/takeover', () => ({ url: '/api/user/takeover' }), anonymousOnly),
  u(
    'POST /api/user/takeover/{id}',
    () => ({ url: '/api/user/takeover/999999', body: { decision: 'remove' } }),
    () => true,
  ),
  // A room's history entry: the admins of the room's workspace only (modules/room-settings).
  u(
    'DELETE /api/user/rooms/{id}/history/{historyId}',
    (x) => ({ url: `/api/user/rooms/${x.roomId}/history/${x.roomHistoryId}` }),
    (who) => who !== 'owner' && who !== 'admin',
  ),
];

function staffCalls(): UserCall[] {
  const onlyStaff = (who: Who) => who !== 'staff';
  const brand = {
    hostname: 'matrix.example.com',
    display_name: 'M',
    legal_name: 'M',
    web_base_url: 'https://matrix.example.com',
  };
  const partner = { name: 'Matrix', slug: 'matrix' };
  const calls: [string, (x: UserCallRows) => Request][] = [
    ['GET /api/staff/users', () => ({ url: '/api/staff/users?q=a' })],
    ['GET /api/staff/users/{id}', (x) => ({ url: `/api/staff/users/${x.memberId}` })],
    ['GET /api/staff/accounts', () => ({ url: '/api/staff/accounts?q=a' })],
    ['GET /api/staff/accounts/{id}', (x) => ({ url: `/api/staff/accounts/${x.accountId}` })],
    [
      'PUT /api/staff/accounts/{id}/restricted',
      (x) => ({ url: `/api/staff/accounts/${x.accountId}/restricted`, body: { restricted: true } }),
    ],
    ['GET /api/staff/audit', () => ({ url: '/api/staff/audit' })],
    ['GET /api/staff/jobs', () => ({ url: '/api/staff/jobs?status=failed' })],
    ['POST /api/staff/jobs/{id}/retry', () => ({ url: '/api/staff/jobs/1/retry' })],
    ['GET /api/staff/brands', () => ({ url: '/api/staff/brands' })],
    ['POST /api/staff/brands', () => ({ url: '/api/staff/brands', body: brand })],
    ['PUT /api/staff/brands/{id}', () => ({ url: '/api/staff/brands/1', body: brand })],
    ['GET /api/staff/partners', () => ({ url: '/api/staff/partners' })],
    ['POST /api/staff/partners', () => ({ url: '/api/staff/partners', body: partner })],
    ['PUT /api/staff/partners/{id}', (x) => ({ url: `/api/staff/partners/${x.partnerId}`, body: partner })],
    [
      'POST /api/staff/partners/{id}/members',
      (x) => ({
        url: `/api/staff/partners/${x.partnerId}/members`,
        body: { email: 'matrix@example.com', role_id: 1 },
      }),
    ],
  ];
  return calls.map(([route, request]) => u(route, request, onlyStaff));
}

/** A partner team's administration: its own admins only (staff have the console). */
function partnerAdminCalls(): UserCall[] {
  const onlyTeamAdmin = (who: Who) => who !== 'partnerOnClient';
  const brand = {
    hostname: 'matrix-partner.example.com',
    display_name: 'M',
    legal_name: 'M',
    web_base_url: 'https://matrix-partner.example.com',
  };
  const calls: [string, UserCall['request']][] = [
    [
      'POST /api/user/partner/add_member/{partnerId}',
      (x) => ({
        url: `/api/user/partner/add_member/${x.partnerId}`,
        body: { email: 'matrix-new@example.com' },
      }),
    ],
    [
      'PUT /api/user/partner/{partnerId}/{userId}',
      (x) => ({ url: `/api/user/partner/${x.partnerId}/${x.partnerMemberId}`, body: { role_id: 2 } }),
    ],
    [
      'DELETE /api/user/partner/{partnerId}/{userId}',
      (x) => ({ url: `/api/user/partner/${x.partnerId}/${x.partnerMemberId}` }),
    ],
    [
      'DELETE /api/user/partner/remove_account/{partnerId}/{accountId}',
      (x) => ({ url: `/api/user/partner/remove_account/${x.partnerId}/${x.accountId}` }),
    ],
    ['GET /api/user/partner/{partnerId}/brand', (x) => ({ url: `/api/user/partner/${x.partnerId}/brand` })],
    [
      'PUT /api/user/partner/{partnerId}/brand',
      (x) => ({ url: `/api/user/partner/${x.partnerId}/brand`, body: brand }),
    ],
  ];
  return calls.map(([route, request]) => u(route, request, onlyTeamAdmin));
}
