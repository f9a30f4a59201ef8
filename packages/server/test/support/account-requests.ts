import type { WorkspaceRows } from './workspace-rows.ts';

export type Request = { url: string; body?: unknown; upload?: boolean };

/** A workspace's rows, a project that may be deleted (its last group's deletion takes the first one), and its owner. */
export type Rows = WorkspaceRows & { spareProjectId: number; ownerId: number };

/**
 * One valid request for every /api/account route, aimed at a workspace's rows (restricted-workspace.test.ts
 * and authorization-matrix.test.ts call them all). For a restricted (role 3) workspace each is called on a
 * module-2 row (hidden) and on a module-4 row (visible): `hidden` and `visible` are the statuses expected.
 * Routes open to the whole workspace (resources, workflow-role options, the workspace itself) are called
 * once, as `visible`. The order is the order of the visible calls (later ones may delete what earlier use).
 */
export type AccountCall = {
  route: string;
  request: (rows: Rows) => Request;
  hidden: 403 | 404 | null;
  visible: number;
};

const c = (
  route: string,
  request: AccountCall['request'],
  hidden: AccountCall['hidden'],
  visible: number,
): AccountCall => ({ route, request, hidden, visible });

/** Spec 1 §6 / spec 2 §6, route by route. */
export const accountCalls: AccountCall[] = [
  c('GET /api/account/me', () => ({ url: '/api/account/me' }), null, 200),
  // The bell: each member's own notices, in any workspace.
  c('GET /api/account/notice', () => ({ url: '/api/account/notice' }), null, 200),
  c(
    'POST /api/account/notice/{id}/read',
    (x) => ({ url: `/api/account/notice/${x.noticeId}/read` }),
    null,
    204,
  ),
  c('POST /api/account/notice/read', () => ({ url: '/api/account/notice/read' }), null, 204),
  c('GET /api/account/billing/credits', () => ({ url: '/api/account/billing/credits' }), null, 200),
  c('GET /api/account/project_template', () => ({ url: '/api/account/project_template' }), null, 200),
  c(
    'POST /api/account/project_template/{id}/create',
    (x) => ({ url: `/api/account/project_template/${x.templateId}/create`, body: {} }),
    404,
    201,
  ),
  c(
    'GET /api/account/recommendation/project_template/{id}',
    (x) => ({ url: `/api/account/recommendation/project_template/${x.templateId}` }),
    404,
    200,
  ),
  c('GET /api/account/project/{id}', (x) => ({ url: `/api/account/project/${x.projectId}` }), 404, 200),
  c(
    'PUT /api/account/project/{id}',
    (x) => ({ url: `/api/account/project/${x.projectId}`, body: { label: 'Renamed' } }),
    404,
    200,
  ),
  c('GET /api/account/counsel', () => ({ url: '/api/account/counsel' }), null, 200),
  // Partners: a restricted workspace has no Account area, so it cannot connect or disconnect one.
  c('GET /api/account/partner', () => ({ url: '/api/account/partner' }), null, 200),
  c(
    'POST /api/account/admin/partner/{code}',
    () => ({ url: '/api/account/admin/partner/ANY-CODE' }),
    null,
    403,
  ),
  c(
    'DELETE /api/account/admin/partner/{code}',
    () => ({ url: '/api/account/admin/partner/ANY-CODE' }),
    null,
    403,
  ),
  c(
    'POST /api/account/project/{id}/counsel',
    (x) => ({
      url: `/api/account/project/${x.projectId}/counsel`,
      body: { counsel_type: 'Investor', user_id: x.ownerId },
    }),
    404,
    201,
  ),
  c(
    'DELETE /api/account/project/{id}/counsel/{counselId}',
    (x) => ({ url: `/api/account/project/${x.projectId}/counsel/${x.counselId}` }),
    404,
    204,
  ),
  c('GET /api/account/transaction', () => ({ url: '/api/account/transaction?limit=3000' }), null, 200),
  c(
    'GET /api/account/transaction/{id}',
    (x) => ({ url: `/api/account/transaction/${x.transactionId}` }),
    404,
    200,
  ),
  c(
    'GET /api/account/transaction/{id}/billing',
    (x) => ({ url: `/api/account/transaction/${x.transactionId}/billing` }),
    404,
    200,
  ),
  c(
    'GET /api/account/transaction/{id}/questionnaire',
    (x) => ({ url: `/api/account/transaction/${x.transactionId}/questionnaire` }),
    404,
    200,
  ),
  c(
    'POST /api/account/flat_feature',
    (x) => ({
      url: '/api/account/flat_feature',
      body: { transaction_id: x.transactionId, feature_type_id: 'title', value: 'Q4' },
    }),
    404,
    200,
  ),
  c(
    'GET /api/account/transaction/{id}/parse/{path}',
    (x) => ({ url: `/api/account/transaction/${x.transactionId}/parse/title` }),
    404,
    200,
  ),
  c(
    'POST /api/account/flat_feature/query',
    (x) => ({ url: '/api/account/flat_feature/query', body: { transaction_id: x.transactionId } }),
    404,
    200,
  ),
  c(
    'POST /api/account/transaction/{id}/outside',
    (x) => ({
      url: `/api/account/transaction/${x.transactionId}/outside`,
      body: { features: [{ feature_type_id: 'title' }], name: 'Intake' },
    }),
    404,
    201,
  ),
  c(
    'GET /api/account/transaction/{id}/outside',
    (x) => ({ url: `/api/account/transaction/${x.transactionId}/outside` }),
    404,
    200,
  ),
  c(
    'GET /api/account/outside_forms',
    (x) => ({ url: `/api/account/outside_forms?transaction_id=${x.transactionId}` }),
    404,
    200,
  ),
  // No form id among the rows: an unknown one, refused the same whether or not the task is visible.
  c(
    'POST /api/account/transaction/{id}/outside/{formId}/resend',
    (x) => ({ url: `/api/account/transaction/${x.transactionId}/outside/2147483647/resend`, body: {} }),
    404,
    404,
  ),
  c(
    'DELETE /api/account/transaction/{id}/outside',
    (x) => ({ url: `/api/account/transaction/${x.transactionId}/outside` }),
    404,
    204,
  ),
  c(
    'POST /api/account/resource',
    (x) => ({
      url: '/api/account/resource',
      body: { name: 'Alan Turing', transaction_id: x.transactionId, question_id: 'people' },
    }),
    404,
    201,
  ),
  c('GET /api/account/resource/', () => ({ url: '/api/account/resource/?resource_type_id=2' }), null, 200),
  c('GET /api/account/resource/{id}', (x) => ({ url: `/api/account/resource/${x.resourceId}` }), null, 200),
  c(
    'PATCH /api/account/resource/{id}',
    (x) => ({ url: `/api/account/resource/${x.resourceId}`, body: { name: 'Ada King' } }),
    null,
    200,
  ),
  c(
    'PUT /api/account/transaction/{id}/set_resource',
    (x) => ({
      url: `/api/account/transaction/${x.transactionId}/set_resource`,
      body: { question_id: 'people', resource_ids: [x.resourceId] },
    }),
    404,
    200,
  ),
  c(
    'POST /api/account/transaction/{id}/assign',
    (x) => ({ url: `/api/account/transaction/${x.transactionId}/assign`, body: { assignee_id: x.ownerId } }),
    404,
    200,
  ),
  c('GET /api/account/recommendation', () => ({ url: '/api/account/recommendation' }), null, 200),
  c(
    'PATCH /api/account/recommendation/{id}',
    (x) => ({ url: `/api/account/recommendation/${x.todoId}`, body: { assignee_id: null } }),
    404,
    200,
  ),
  c(
    'PUT /api/account/task/{id}',
    (x) => ({ url: `/api/account/task/${x.memoTaskId}`, body: { template_variant_id: 'plain' } }),
    404,
    200,
  ),
  c(
    'POST /api/account/task/{id}/upload',
    (x) => ({ url: `/api/account/task/${x.uploadTaskId}/upload`, upload: true }),
    404,
    201,
  ),
  c('GET /api/account/document_history', () => ({ url: '/api/account/document_history' }), null, 200),
  c(
    'GET /api/account/transaction/{id}/documents',
    (x) => ({ url: `/api/account/transaction/${x.transactionId}/documents` }),
    404,
    200,
  ),
  c(
    'GET /api/account/box/file/{id}',
    (x) => ({ url: `/api/account/box/file/${x.documentFileId}` }),
    404,
    200,
  ),
  c(
    'GET /api/account/box/file/{id}/preview',
    (x) => ({ url: `/api/account/box/file/${x.documentFileId}/preview` }),
    404,
    200,
  ),
  c(
    'POST /api/account/storage/token',
    (x) => ({ url: '/api/account/storage/token', body: { file_id: x.documentFileId } }),
    404,
    200,
  ),
  c(
    'GET /api/account/document_history/{id}/email_recipient',
    (x) => ({ url: `/api/account/document_history/${x.documentId}/email_recipient` }),
    404,
    200,
  ),
  c(
    'POST /api/account/document_history/email_recipient',
    (x) => ({
      url: '/api/account/document_history/email_recipient',
      body: {
        document_id: x.documentId,
        email: 'alan@example.com',
        metadata: { name: 'Alan Turing', role: 'Signer' },
      },
    }),
    404,
    201,
  ),
  c(
    'DELETE /api/account/document_history/email_recipient/{id}',
    (x) => ({ url: `/api/account/document_history/email_recipient/${x.recipientId}` }),
    404,
    204,
  ),
  // Signing: the task's uploaded document (module 4) is not a readable PDF, so it cannot become a draft.
  c('GET /api/account/pandadoc/documents', () => ({ url: '/api/account/pandadoc/documents' }), null, 200),
  c('GET /api/account/signing/requiring', () => ({ url: '/api/account/signing/requiring' }), null, 200),
  c(
    'GET /api/account/signing/documents/{id}',
    (x) => ({ url: `/api/account/signing/documents/${x.documentId}` }),
    404,
    200,
  ),
  c(
    'POST /api/account/signing/documents/{id}/prepare',
    (x) => ({ url: `/api/account/signing/documents/${x.documentId}/prepare`, body: {} }),
    404,
    400,
  ),
  c(
    'PUT /api/account/signing/documents/{id}/fields',
    (x) => ({ url: `/api/account/signing/documents/${x.documentId}/fields`, body: { fields: [] } }),
    404,
    409,
  ),
  c(
    'POST /api/account/signing/documents/{id}/send',
    (x) => ({ url: `/api/account/signing/documents/${x.documentId}/send`, body: {} }),
    404,
    409,
  ),
  c(
    'POST /api/account/pandadoc/documents/{id}/resend',
    (x) => ({
      url: `/api/account/pandadoc/documents/${x.documentId}/resend`,
      body: { email: 'a@example.com' },
    }),
    404,
    409,
  ),
  c(
    'POST /api/account/signing/documents/{id}/void',
    (x) => ({ url: `/api/account/signing/documents/${x.documentId}/void`, body: {} }),
    404,
    409,
  ),
  c(
    'POST /api/account/signing/documents/{id}/seal',
    (x) => ({ url: `/api/account/signing/documents/${x.documentId}/seal`, body: {} }),
    404,
    409,
  ),
  c(
    'GET /api/account/signing/documents/{id}/pages/{page}',
    (x) => ({ url: `/api/account/signing/documents/${x.documentId}/pages/0` }),
    404,
    400,
  ),
  // Review: the task's uploaded document has no redline source (reviewers of it only comment).
  c(
    'GET /api/account/pandadoc/documents/{id}/reviewer',
    (x) => ({ url: `/api/account/pandadoc/documents/${x.documentId}/reviewer` }),
    404,
    200,
  ),
  c(
    'POST /api/account/pandadoc/documents/{id}/reviewer',
    (x) => ({
      url: `/api/account/pandadoc/documents/${x.documentId}/reviewer`,
      body: { reviewers: [{ first_name: 'Rita', last_name: 'Counsel', email: 'rita@example.com' }] },
    }),
    404,
    200,
  ),
  c(
    'GET /api/account/pandadoc/documents/{id}/redline',
    (x) => ({ url: `/api/account/pandadoc/documents/${x.documentId}/redline` }),
    404,
    200,
  ),
  c(
    'PATCH /api/account/pandadoc/documents/{id}/redline',
    (x) => ({
      url: `/api/account/pandadoc/documents/${x.documentId}/redline`,
      body: { redlining_allowed: true },
    }),
    404,
    409,
  ),
  c(
    'POST /api/account/pandadoc/documents/{id}/redline',
    (x) => ({ url: `/api/account/pandadoc/documents/${x.documentId}/redline`, body: {} }),
    404,
    409,
  ),
  // No suggestion on either document: the hidden one is not found before its suggestion is looked for.
  c(
    'PUT /api/account/pandadoc/documents/{id}/suggestions/{suggestionId}',
    (x) => ({
      url: `/api/account/pandadoc/documents/${x.documentId}/suggestions/2147483647`,
      body: { status: 'accepted' },
    }),
    404,
    404,
  ),
  c(
    'POST /api/account/pandadoc/documents/{id}/approve',
    (x) => ({ url: `/api/account/pandadoc/documents/${x.documentId}/approve`, body: {} }),
    404,
    400,
  ),
  // A cabinet file becomes a document to sign only for those who may open the cabinet.
  c(
    'POST /api/account/signing/documents',
    (x) => ({ url: '/api/account/signing/documents', body: { file_id: x.cabinetFileId } }),
    403,
    403,
  ),
  c('GET /api/account/storage/my_templates', () => ({ url: '/api/account/storage/my_templates' }), null, 200),
  c(
    'GET /api/account/custom_document',
    (x) => ({ url: `/api/account/custom_document?task_id=${x.customTaskId}` }),
    404,
    200,
  ),
  c(
    'PUT /api/account/custom_document/{id}',
    (x) => ({ url: `/api/account/custom_document/${x.customDocumentId}`, body: { fields: { name: 'Ada' } } }),
    404,
    200,
  ),
  // The cabinet's Word files are closed to a restricted workspace, so none can be picked.
  c(
    'POST /api/account/custom_document',
    (x) => ({
      url: '/api/account/custom_document',
      body: { account_task_id: x.customTaskId, file_id: x.cabinetFileId },
    }),
    404,
    404,
  ),
  // The file cabinet is closed to a restricted workspace (spec 1 §6).
  c('GET /api/account/storage/folder', () => ({ url: '/api/account/storage/folder?path=/' }), 403, 403),
  c(
    'POST /api/account/storage/folder',
    () => ({ url: '/api/account/storage/folder', body: { path: '/New' } }),
    403,
    403,
  ),
  c(
    'PATCH /api/account/storage/folder/{id}',
    (x) => ({ url: `/api/account/storage/folder/${x.folderId}`, body: { name: 'Renamed' } }),
    403,
    403,
  ),
  c(
    'DELETE /api/account/storage/folder/{id}',
    (x) => ({ url: `/api/account/storage/folder/${x.folderId}` }),
    403,
    403,
  ),
  c(
    'POST /api/account/storage/upload',
    () => ({ url: '/api/account/storage/upload?path=/', upload: true }),
    403,
    403,
  ),
  c(
    'GET /api/account/box/file/{id}/info',
    (x) => ({ url: `/api/account/box/file/${x.cabinetFileId}/info` }),
    403,
    403,
  ),
  c(
    'PUT /api/account/box/file/{id}',
    (x) => ({ url: `/api/account/box/file/${x.cabinetFileId}`, body: { filename: 'renamed.docx' } }),
    403,
    403,
  ),
  c(
    'DELETE /api/account/box/file/{id}',
    (x) => ({ url: `/api/account/box/file/${x.cabinetFileId}` }),
    403,
    403,
  ),
  c(
    'POST /api/account/storage/download-zip',
    (x) => ({ url: '/api/account/storage/download-zip', body: { file_ids: [x.cabinetFileId] } }),
    403,
    403,
  ),
  c('GET /api/account/storage/search', () => ({ url: '/api/account/storage/search?q=docx' }), 403, 403),
  c(
    'POST /api/account/storage/files/move',
    (x) => ({
      url: '/api/account/storage/files/move',
      body: { file_ids: [x.cabinetFileId], path: '/Moved' },
    }),
    403,
    403,
  ),
  c(
    'POST /api/account/storage/files/delete',
    (x) => ({ url: '/api/account/storage/files/delete', body: { file_ids: [x.cabinetFileId] } }),
    403,
    403,
  ),
  c(
    'PUT /api/account/transaction/{id}',
    (x) => ({ url: `/api/account/transaction/${x.transactionId}`, body: { validated_questionnaire: 1 } }),
    404,
    200,
  ),
  c(
    'PUT /api/account/transaction/{id}/reviewers',
    (x) => ({
      url: `/api/account/transaction/${x.transactionId}/reviewers`,
      body: { reviewers: [{ first_name: 'Rita', last_name: 'Reviewer', email: 'rita@example.com' }] },
    }),
    404,
    200,
  ),
  c(
    'POST /api/account/transaction/{id}/finalize',
    (x) => ({ url: `/api/account/transaction/${x.transactionId}/finalize`, body: {} }),
    404,
    200,
  ),
  // Submitted above: its memo is still being generated, so it cannot be reopened yet.
  c(
    'PATCH /api/account/transaction/{id}/reopen',
    (x) => ({ url: `/api/account/transaction/${x.transactionId}/reopen` }),
    404,
    409,
  ),
  c(
    'PUT /api/account/resource/merge/{a}/{b}',
    (x) => ({ url: `/api/account/resource/merge/${x.resourceId}/${x.resourceId}` }),
    null,
    400,
  ),
  // Listed by the submitted group, so it stays.
  c(
    'DELETE /api/account/resource/{id}',
    (x) => ({ url: `/api/account/resource/${x.resourceId}` }),
    null,
    409,
  ),
  c(
    'DELETE /api/account/recommendation/{id}',
    (x) => ({ url: `/api/account/recommendation/${x.todoId}` }),
    404,
    200,
  ),
  c(
    'DELETE /api/account/transaction/{id}',
    (x) => ({ url: `/api/account/transaction/${x.transactionId}` }),
    404,
    204,
  ),
  c(
    'DELETE /api/account/project/{id}',
    (x) => ({ url: `/api/account/project/${x.spareProjectId}` }),
    404,
    204,
  ),
  // Rooms (spec 3 §7) and their settings (modules/room-settings): refused as a whole to a restricted
  // (role 3) workspace.
  ...roomSettingsCalls(),
  ...roomCalls(),
  // Reports: none in a restricted workspace (spec 1 §6); sharing and room reports are its admins'.
  c('GET /api/account/reports', () => ({ url: '/api/account/reports' }), null, 403),
  // Share File Cabinet: closed with the cabinet to a restricted workspace (spec 1 §6: no data-room share entry).
  c('GET /api/account/shared_link', () => ({ url: '/api/account/shared_link' }), null, 403),
  c('GET /api/account/shared_link/{id}', () => ({ url: '/api/account/shared_link/1' }), null, 403),
  c('POST /api/account/shared_link', () => ({ url: '/api/account/shared_link', body: {} }), null, 403),
  c('PUT /api/account/shared_link', () => ({ url: '/api/account/shared_link', body: { id: 1 } }), null, 403),
  c('GET /api/account/shared_report', () => ({ url: '/api/account/shared_report' }), null, 403),
  c(
    'POST /api/account/shared_report',
    (x) => ({ url: '/api/account/shared_report', body: { feature_type_id: `${x.templateId}.people` } }),
    null,
    403,
  ),
  c(
    'PUT /api/account/shared_report/{id}',
    () => ({ url: '/api/account/shared_report/1', body: { is_active: true } }),
    null,
    403,
  ),
  c(
    'POST /api/account/admin/room/{id}/report',
    (x) => ({
      url: `/api/account/admin/room/${x.roomId}/report`,
      body: { feature_type_id: `${x.templateId}.people` },
    }),
    null,
    403,
  ),
  c(
    'DELETE /api/account/admin/room/{id}/report/{reportId}',
    (x) => ({ url: `/api/account/admin/room/${x.roomId}/report/1` }),
    null,
    403,
  ),
  c(
    'PATCH /api/account/admin/room/{id}/report/{a}/swap/{b}',
    (x) => ({ url: `/api/account/admin/room/${x.roomId}/report/1/swap/2` }),
    null,
    403,
  ),
  // Members and the workspace's profile live under Account, hidden from a restricted workspace (spec 1 §6).
  c('GET /api/account/admin/users', () => ({ url: '/api/account/admin/users' }), 403, 403),
  c(
    'POST /api/account/admin/add_user',
    () => ({ url: '/api/account/admin/add_user', body: { email: 'newcomer@example.com' } }),
    403,
    403,
  ),
  c(
    'PATCH /api/account/admin/users/{id}',
    (x) => ({ url: `/api/account/admin/users/${x.ownerId}`, body: { filecabinet_access: true } }),
    403,
    403,
  ),
  c(
    'DELETE /api/account/remove_user/{id}',
    (x) => ({ url: `/api/account/remove_user/${x.ownerId}` }),
    403,
    403,
  ),
  c(
    'PATCH /api/account/change_owner/{id}',
    (x) => ({ url: `/api/account/change_owner/${x.ownerId}` }),
    403,
    403,
  ),
  c('PATCH /api/account/signatory/{id}', (x) => ({ url: `/api/account/signatory/${x.ownerId}` }), 403, 403),
  c(
    'GET /api/account/admin/settings/profile',
    () => ({ url: '/api/account/admin/settings/profile' }),
    403,
    403,
  ),
  c(
    'PUT /api/account/admin/settings/profile',
    () => ({ url: '/api/account/admin/settings/profile', body: { company_name: 'Renamed, Inc.' } }),
    403,
    403,
  ), // Billing (modules/billing): no Account area in a restricted workspace, so every call is refused there.
  ...billingCalls(),
];

/** Billing routes; the ids name nothing (a restricted workspace is refused before any lookup). */
function billingCalls(): AccountCall[] {
  const card = { stripe_token_id: 'tok_test_none', is_default: true };
  const bank = {
    account_holder_name: 'Acme',
    account_holder_type: 'company',
    country: 'US',
    currency: 'usd',
    routing_number: '110000000',
    account_number: '000123456789',
    bank_label: 'Operating',
    token: 'tok_test_none',
  };
  const calls: [string, AccountCall['request']][] = [
    ['GET /api/account/billing/customer', () => ({ url: '/api/account/billing/customer' })],
    ['GET /api/account/v3/billing/customer', () => ({ url: '/api/account/v3/billing/customer' })],
    ['GET /api/account/billing/method', () => ({ url: '/api/account/billing/method?all=1' })],
    ['GET /api/account/v3/billing/method', () => ({ url: '/api/account/v3/billing/method' })],
    [
      'POST /api/account/admin/billing/method',
      () => ({ url: '/api/account/admin/billing/method', body: card }),
    ],
    [
      'POST /api/account/v3/admin/billing/method',
      () => ({ url: '/api/account/v3/admin/billing/method', body: { ...card, stripe_domain: 'charter' } }),
    ],
    [
      'PUT /api/account/admin/billing/method',
      () => ({ url: '/api/account/admin/billing/method', body: { default_method_id: 1 } }),
    ],
    [
      'PUT /api/account/v3/admin/billing/method',
      () => ({ url: '/api/account/v3/admin/billing/method', body: { default_method_id: 1 } }),
    ],
    ['DELETE /api/account/admin/billing/method/{id}', () => ({ url: '/api/account/admin/billing/method/1' })],
    [
      'DELETE /api/account/v3/admin/billing/method/{a}/{b}',
      () => ({ url: '/api/account/v3/admin/billing/method/charter/1' }),
    ],
    ['POST /api/account/ach', () => ({ url: '/api/account/ach', body: bank })],
    [
      'PUT /api/account/ach/{bankToken}',
      () => ({ url: '/api/account/ach/1', body: { amounts: [0.32, 0.45] } }),
    ],
    ['DELETE /api/account/ach/{id}', () => ({ url: '/api/account/ach/1' })],
    [
      'POST /api/account/admin/billing/plaid/link_token',
      () => ({ url: '/api/account/admin/billing/plaid/link_token' }),
    ],
    [
      'POST /api/account/admin/billing/plaid/public_token',
      () => ({
        url: '/api/account/admin/billing/plaid/public_token',
        body: { public_token: 'public-test-success' },
      }),
    ],
    ['GET /api/account/banks', () => ({ url: '/api/account/banks' })],
    [
      'GET /api/account/admin/bundle/{slug}/preview',
      () => ({ url: '/api/account/admin/bundle/starter_annual/preview' }),
    ],
    [
      'POST /api/account/admin/bundle/{slug}',
      () => ({ url: '/api/account/admin/bundle/starter_annual', body: { selected_source_id: 1 } }),
    ],
    ['GET /api/account/v3/invoice', () => ({ url: '/api/account/v3/invoice' })],
    ['GET /api/account/v3/invoice/{id}/receipt', () => ({ url: '/api/account/v3/invoice/1/receipt' })],
  ];
  return calls.map(([route, request]) => c(route, request, null, 403));
}

function roomSettingsCalls(): AccountCall[] {
  const room = (x: Rows, rest: string) => `/api/account/admin/room/${x.roomId}${rest}`;
  const calls: [string, AccountCall['request']][] = [
    ['GET /api/account/admin/room/{id}/code', (x) => ({ url: room(x, '/code') })],
    [
      'POST /api/account/admin/room/{id}/code',
      (x) => ({ url: room(x, '/code'), body: { identifier: { type: 'email', value: 'rooms@example.com' } } }),
    ],
    ['GET /api/account/admin/room/{id}/stats', (x) => ({ url: room(x, '/stats?sort=name') })],
    ['GET /api/account/admin/room/{id}/history', (x) => ({ url: room(x, '/history?sort=downloads') })],
    ['GET /api/account/admin/room/{id}/history.csv', (x) => ({ url: room(x, '/history.csv') })],
    ['GET /api/account/admin/room/{id}/analytics', (x) => ({ url: room(x, '/analytics') })],
    [
      'DELETE /api/account/admin/room/{id}/codes/{codeId}',
      (x) => ({ url: room(x, `/codes/${x.roomCodeId}`) }),
    ],
    [
      'DELETE /api/account/admin/room/{id}/users/{visitorId}',
      (x) => ({ url: room(x, `/users/${x.roomVisitorId}`) }),
    ],
  ];
  return calls.map(([route, request]) => c(route, request, 403, 403));
}

/** The room admin's routes: closed to restricted workspaces (403 whatever the row). */
function roomCalls(): AccountCall[] {
  const r = (x: Rows, rest = '') => `/api/account/admin/room/${x.roomId}${rest}`;
  const calls: [string, AccountCall['request']][] = [
    ['GET /api/account/admin/room', () => ({ url: '/api/account/admin/room?open=true' })],
    ['POST /api/account/admin/room', () => ({ url: '/api/account/admin/room', body: { label: 'Room' } })],
    ['GET /api/account/admin/room/{id}', (x) => ({ url: r(x) })],
    ['PUT /api/account/admin/room/{id}', (x) => ({ url: r(x), body: { label: 'Renamed room' } })],
    ['GET /api/account/admin/room/{id}/code-link', (x) => ({ url: r(x, '/code-link') })],
    [
      'POST /api/account/admin/room/{id}/code-link/regenerate',
      (x) => ({ url: r(x, '/code-link/regenerate') }),
    ],
    ['GET /api/account/admin/room/{id}/link', (x) => ({ url: r(x, '/link') })],
    [
      'POST /api/account/admin/room/{id}/link',
      (x) => ({ url: r(x, '/link'), body: { link: 'example.org' } }),
    ],
    [
      'PUT /api/account/admin/room/{id}/link/{linkId}',
      (x) => ({ url: r(x, `/link/${x.roomLinkId}`), body: { link: 'example.net', label: 'Net' } }),
    ],
    [
      'PATCH /api/account/admin/room/{id}/link/{a}/swap/{b}',
      (x) => ({ url: r(x, `/link/${x.roomLinkId}/swap/${x.roomLinkId}`) }),
    ],
    ['DELETE /api/account/admin/room/{id}/link/{linkId}', (x) => ({ url: r(x, `/link/${x.roomLinkId}`) })],
    ['GET /api/account/admin/room/{id}/document', (x) => ({ url: r(x, '/document') })],
    [
      'POST /api/account/admin/room/{id}/document',
      (x) => ({ url: r(x, '/document'), body: { document_history_id: x.documentId } }),
    ],
    [
      'POST /api/account/admin/room/{id}/document/upload',
      (x) => ({ url: r(x, '/document/upload'), upload: true }),
    ],
    [
      'PUT /api/account/admin/room/{id}/document/{docId}',
      (x) => ({ url: r(x, `/document/${x.roomDocumentId}`), body: { label: 'Letter' } }),
    ],
    [
      'PATCH /api/account/admin/room/{id}/document/{a}/swap/{b}',
      (x) => ({ url: r(x, `/document/${x.roomDocumentId}/swap/${x.roomDocumentId}`) }),
    ],
    [
      'DELETE /api/account/admin/room/{id}/document/{docId}',
      (x) => ({ url: r(x, `/document/${x.roomDocumentId}`) }),
    ],
    [
      'POST /api/account/admin/room/{id}/feature',
      (x) => ({
        url: r(x, '/feature'),
        body: {
          kind: 'fields',
          table_id: x.roomTableId,
          fields: [{ key: 'phone', label: 'Phone', type: 'text' }],
        },
      }),
    ],
    [
      'PUT /api/account/admin/room/{id}/feature/{featureId}',
      (x) => ({ url: r(x, `/feature/${x.roomTableId}`), body: { label: 'People' } }),
    ],
    [
      'DELETE /api/account/admin/room/{id}/feature/{featureId}',
      (x) => ({ url: r(x, `/feature/${x.roomTableId}?field=phone`) }),
    ],
    ['GET /api/account/feature', () => ({ url: '/api/account/feature?resource_type_id=2' })],
    ['DELETE /api/account/admin/room/{id}', (x) => ({ url: r(x) })],
  ];
  return calls.map(([route, request]) => c(route, request, 403, 403));
}
