import path from 'node:path';
import { TEST_CARDS, testTokenizeCard } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '../src/db/schema/index.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import { accountCaller, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createPartner } from './support/partners.ts';
import {
  fillWorkspace,
  PDF,
  snapshotWorkspace,
  uploadAs,
  type WorkspaceRows,
} from './support/workspace-rows.ts';

/** One request: the route as OpenAPI names it, and how to call it on `theirs` while holding `mine`. */
type Rows = WorkspaceRows & {
  ownerId: number;
  partnerCode: string;
  sharedReportId: number;
  roomReportId: number;
  sharedLinkId: number;
  paymentMethodId: number;
  invoiceId: number;
};
type Probe = {
  route: string;
  request: (theirs: Rows, mine: Rows) => { url: string; body?: unknown; upload?: boolean };
};

const probe = (route: string, request: Probe['request']): Probe => ({ route, request });

/** Every workspace route that names a row by id (in its path, query or body), aimed at another workspace. */
const probes: Probe[] = [
  probe('GET /api/account/project/{id}', (x) => ({ url: `/api/account/project/${x.projectId}` })),
  probe('PUT /api/account/project/{id}', (x) => ({
    url: `/api/account/project/${x.projectId}`,
    body: { label: 'Mine now' },
  })),
  probe('DELETE /api/account/project/{id}', (x) => ({ url: `/api/account/project/${x.projectId}` })),
  probe('POST /api/account/project/{id}/counsel', (x, me) => ({
    url: `/api/account/project/${x.projectId}/counsel`,
    body: { counsel_type: 'Attorney', user_id: me.ownerId },
  })),
  probe('DELETE /api/account/project/{id}/counsel/{counselId}', (x) => ({
    url: `/api/account/project/${x.projectId}/counsel/${x.counselId}`,
  })),
  probe('DELETE /api/account/project/{id}/counsel/{counselId}', (x, me) => ({
    url: `/api/account/project/${me.projectId}/counsel/${x.counselId}`,
  })),
  probe('GET /api/account/transaction', (x) => ({
    url: `/api/account/transaction?project_id=${x.projectId}`,
  })),
  probe('GET /api/account/transaction/{id}', (x) => ({ url: `/api/account/transaction/${x.transactionId}` })),
  probe('PUT /api/account/transaction/{id}', (x) => ({
    url: `/api/account/transaction/${x.transactionId}`,
    body: { label: 'Mine now', validated_questionnaire: 1 },
  })),
  probe('PUT /api/account/transaction/{id}/reviewers', (x) => ({
    url: `/api/account/transaction/${x.transactionId}/reviewers`,
    body: { reviewers: [{ first_name: 'Eve', last_name: 'Spy', email: 'eve@example.com' }] },
  })),
  probe('DELETE /api/account/transaction/{id}', (x) => ({
    url: `/api/account/transaction/${x.transactionId}`,
  })),
  probe('POST /api/account/transaction/{id}/outside', (x) => ({
    url: `/api/account/transaction/${x.transactionId}/outside`,
    body: { features: [{ feature_type_id: 'title' }], name: 'Theirs' },
  })),
  probe('GET /api/account/transaction/{id}/outside', (x) => ({
    url: `/api/account/transaction/${x.transactionId}/outside`,
  })),
  probe('DELETE /api/account/transaction/{id}/outside', (x) => ({
    url: `/api/account/transaction/${x.transactionId}/outside`,
  })),
  probe('POST /api/account/transaction/{id}/outside/{formId}/resend', (x) => ({
    url: `/api/account/transaction/${x.transactionId}/outside/1/resend`,
    body: {},
  })),
  probe('GET /api/account/outside_forms', (x) => ({
    url: `/api/account/outside_forms?transaction_id=${x.transactionId}`,
  })),
  probe('GET /api/account/transaction/{id}/billing', (x) => ({
    url: `/api/account/transaction/${x.transactionId}/billing`,
  })),
  probe('GET /api/account/transaction/{id}/questionnaire', (x) => ({
    url: `/api/account/transaction/${x.transactionId}/questionnaire`,
  })),
  probe('POST /api/account/transaction/{id}/finalize', (x) => ({
    url: `/api/account/transaction/${x.transactionId}/finalize`,
    body: {},
  })),
  probe('PATCH /api/account/transaction/{id}/reopen', (x) => ({
    url: `/api/account/transaction/${x.transactionId}/reopen`,
  })),
  probe('GET /api/account/transaction/{id}/documents', (x) => ({
    url: `/api/account/transaction/${x.transactionId}/documents`,
  })),
  probe('PUT /api/account/transaction/{id}/set_resource', (x) => ({
    url: `/api/account/transaction/${x.transactionId}/set_resource`,
    body: { question_id: 'people', resource_ids: [] },
  })),
  probe('PUT /api/account/transaction/{id}/set_resource', (x, me) => ({
    url: `/api/account/transaction/${me.transactionId}/set_resource`,
    body: { question_id: 'people', resource_ids: [x.resourceId] },
  })),
  probe('POST /api/account/transaction/{id}/assign', (x) => ({
    url: `/api/account/transaction/${x.transactionId}/assign`,
    body: { assignee_id: null },
  })),
  probe('PUT /api/account/task/{id}', (x) => ({
    url: `/api/account/task/${x.uploadTaskId}`,
    body: { action: 'skip' },
  })),
  probe('POST /api/account/task/{id}/upload', (x) => ({
    url: `/api/account/task/${x.uploadTaskId}/upload`,
    upload: true,
  })),
  probe('POST /api/account/flat_feature', (x) => ({
    url: '/api/account/flat_feature',
    body: { transaction_id: x.transactionId, feature_type_id: 'title', value: 'Mine now' },
  })),
  probe('POST /api/account/flat_feature', (x, me) => ({
    url: '/api/account/flat_feature',
    body: {
      transaction_id: me.transactionId,
      feature_type_id: 'name',
      resource_id: x.resourceId,
      value: 'Mine',
    },
  })),
  probe('GET /api/account/transaction/{id}/parse/{path}', (x) => ({
    url: `/api/account/transaction/${x.transactionId}/parse/title`,
  })),
  probe('POST /api/account/flat_feature/query', (x) => ({
    url: '/api/account/flat_feature/query',
    body: { transaction_id: x.transactionId },
  })),
  probe('POST /api/account/resource', (x) => ({
    url: '/api/account/resource',
    body: { name: 'Intruder', transaction_id: x.transactionId, question_id: 'people' },
  })),
  probe('GET /api/account/resource/{id}', (x) => ({ url: `/api/account/resource/${x.resourceId}` })),
  probe('PATCH /api/account/resource/{id}', (x) => ({
    url: `/api/account/resource/${x.resourceId}`,
    body: { name: 'Mine now' },
  })),
  probe('DELETE /api/account/resource/{id}', (x) => ({ url: `/api/account/resource/${x.resourceId}` })),
  probe('PUT /api/account/resource/merge/{a}/{b}', (x, me) => ({
    url: `/api/account/resource/merge/${x.resourceId}/${me.resourceId}`,
  })),
  probe('PUT /api/account/resource/merge/{a}/{b}', (x, me) => ({
    url: `/api/account/resource/merge/${me.resourceId}/${x.resourceId}`,
  })),
  probe('GET /api/account/box/file/{id}', (x) => ({ url: `/api/account/box/file/${x.documentFileId}` })),
  probe('GET /api/account/box/file/{id}/info', (x) => ({
    url: `/api/account/box/file/${x.cabinetFileId}/info`,
  })),
  probe('GET /api/account/box/file/{id}/preview', (x) => ({
    url: `/api/account/box/file/${x.documentFileId}/preview`,
  })),
  probe('PUT /api/account/box/file/{id}', (x) => ({
    url: `/api/account/box/file/${x.cabinetFileId}`,
    body: { filename: 'mine.docx' },
  })),
  probe('DELETE /api/account/box/file/{id}', (x) => ({ url: `/api/account/box/file/${x.cabinetFileId}` })),
  probe('POST /api/account/storage/token', (x) => ({
    url: '/api/account/storage/token',
    body: { file_id: x.cabinetFileId },
  })),
  probe('POST /api/account/storage/download-zip', (x, me) => ({
    url: '/api/account/storage/download-zip',
    body: { file_ids: [me.cabinetFileId, x.cabinetFileId] },
  })),
  probe('POST /api/account/notice/{id}/read', (x) => ({ url: `/api/account/notice/${x.noticeId}/read` })),
  // Bulk routes: one of another workspace's ids among the caller's own refuses the whole call.
  probe('POST /api/account/storage/files/move', (x, me) => ({
    url: '/api/account/storage/files/move',
    body: { file_ids: [me.cabinetFileId, x.cabinetFileId], path: '/Mine' },
  })),
  probe('POST /api/account/storage/files/delete', (x, me) => ({
    url: '/api/account/storage/files/delete',
    body: { file_ids: [me.cabinetFileId, x.cabinetFileId] },
  })),
  probe('PATCH /api/account/storage/folder/{id}', (x) => ({
    url: `/api/account/storage/folder/${x.folderId}`,
    body: { name: 'Mine now' },
  })),
  probe('DELETE /api/account/storage/folder/{id}', (x) => ({
    url: `/api/account/storage/folder/${x.folderId}`,
  })),
  probe('GET /api/account/document_history/{id}/email_recipient', (x) => ({
    url: `/api/account/document_history/${x.documentId}/email_recipient`,
  })),
  probe('POST /api/account/document_history/email_recipient', (x) => ({
    url: '/api/account/document_history/email_recipient',
    body: { document_id: x.documentId, email: 'eve@example.com', metadata: { name: 'Eve', role: 'Signer' } },
  })),
  probe('DELETE /api/account/document_history/email_recipient/{id}', (x) => ({
    url: `/api/account/document_history/email_recipient/${x.recipientId}`,
  })),
  probe('GET /api/account/signing/documents/{id}', (x) => ({
    url: `/api/account/signing/documents/${x.documentId}`,
  })),
  probe('POST /api/account/signing/documents/{id}/prepare', (x) => ({
    url: `/api/account/signing/documents/${x.documentId}/prepare`,
    body: {},
  })),
  probe('PUT /api/account/signing/documents/{id}/fields', (x) => ({
    url: `/api/account/signing/documents/${x.documentId}/fields`,
    body: { fields: [] },
  })),
  probe('POST /api/account/signing/documents/{id}/send', (x) => ({
    url: `/api/account/signing/documents/${x.documentId}/send`,
    body: {},
  })),
  probe('POST /api/account/pandadoc/documents/{id}/resend', (x) => ({
    url: `/api/account/pandadoc/documents/${x.documentId}/resend`,
    body: { email: 'eve@example.com' },
  })),
  probe('POST /api/account/signing/documents/{id}/void', (x) => ({
    url: `/api/account/signing/documents/${x.documentId}/void`,
    body: {},
  })),
  probe('POST /api/account/signing/documents/{id}/seal', (x) => ({
    url: `/api/account/signing/documents/${x.documentId}/seal`,
    body: {},
  })),
  probe('GET /api/account/signing/documents/{id}/pages/{page}', (x) => ({
    url: `/api/account/signing/documents/${x.documentId}/pages/0`,
  })),
  probe('GET /api/account/pandadoc/documents/{id}/reviewer', (x) => ({
    url: `/api/account/pandadoc/documents/${x.documentId}/reviewer`,
  })),
  probe('POST /api/account/pandadoc/documents/{id}/reviewer', (x) => ({
    url: `/api/account/pandadoc/documents/${x.documentId}/reviewer`,
    body: { reviewers: [{ first_name: 'Eve', last_name: 'Spy', email: 'eve@example.com' }] },
  })),
  probe('GET /api/account/pandadoc/documents/{id}/redline', (x) => ({
    url: `/api/account/pandadoc/documents/${x.documentId}/redline`,
  })),
  probe('PATCH /api/account/pandadoc/documents/{id}/redline', (x) => ({
    url: `/api/account/pandadoc/documents/${x.documentId}/redline`,
    body: { redlining_allowed: true },
  })),
  probe('POST /api/account/pandadoc/documents/{id}/redline', (x) => ({
    url: `/api/account/pandadoc/documents/${x.documentId}/redline`,
    body: {},
  })),
  probe('PUT /api/account/pandadoc/documents/{id}/suggestions/{suggestionId}', (x) => ({
    url: `/api/account/pandadoc/documents/${x.documentId}/suggestions/1`,
    body: { status: 'accepted' },
  })),
  probe('POST /api/account/pandadoc/documents/{id}/approve', (x) => ({
    url: `/api/account/pandadoc/documents/${x.documentId}/approve`,
    body: {},
  })),
  probe('POST /api/account/signing/documents', (x) => ({
    url: '/api/account/signing/documents',
    body: { file_id: x.documentFileId },
  })),
  probe('GET /api/account/custom_document', (x) => ({
    url: `/api/account/custom_document?task_id=${x.customTaskId}`,
  })),
  probe('POST /api/account/custom_document', (x, me) => ({
    url: '/api/account/custom_document',
    body: { account_task_id: x.customTaskId, file_id: me.cabinetFileId },
  })),
  probe('POST /api/account/custom_document', (x, me) => ({
    url: '/api/account/custom_document',
    body: { account_task_id: me.customTaskId, file_id: x.cabinetFileId },
  })),
  probe('PUT /api/account/custom_document/{id}', (x) => ({
    url: `/api/account/custom_document/${x.customDocumentId}`,
    body: { fields: { name: 'Mine' } },
  })),
  probe('PATCH /api/account/recommendation/{id}', (x) => ({
    url: `/api/account/recommendation/${x.todoId}`,
    body: { assignee_id: null },
  })),
  probe('DELETE /api/account/recommendation/{id}', (x) => ({
    url: `/api/account/recommendation/${x.todoId}`,
  })),
  // Rooms: her room, its rows, and her rows named in my room's bodies.
  probe('GET /api/account/admin/room/{id}', (x) => ({ url: `/api/account/admin/room/${x.roomId}` })),
  probe('PUT /api/account/admin/room/{id}', (x) => ({
    url: `/api/account/admin/room/${x.roomId}`,
    body: { label: 'Mine now', open: true },
  })),
  probe('PUT /api/account/admin/room/{id}', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}`,
    body: { nda_file_id: x.cabinetFileId },
  })),
  probe('DELETE /api/account/admin/room/{id}', (x) => ({ url: `/api/account/admin/room/${x.roomId}` })),
  probe('POST /api/account/admin/room', (x) => ({
    url: '/api/account/admin/room',
    body: { label: 'Mine', project_id: x.projectId },
  })),
  probe('POST /api/account/admin/room', (x) => ({
    url: '/api/account/admin/room',
    body: { label: 'Mine', transaction_id: x.transactionId },
  })),
  probe('GET /api/account/shared_link/{id}', (x) => ({ url: `/api/account/shared_link/${x.sharedLinkId}` })),
  probe('PUT /api/account/shared_link', (x) => ({
    url: '/api/account/shared_link',
    body: { id: x.sharedLinkId },
  })),
  probe('GET /api/account/admin/room/{id}/code-link', (x) => ({
    url: `/api/account/admin/room/${x.roomId}/code-link`,
  })),
  probe('POST /api/account/admin/room/{id}/code-link/regenerate', (x) => ({
    url: `/api/account/admin/room/${x.roomId}/code-link/regenerate`,
  })),
  probe('GET /api/account/admin/room/{id}/link', (x) => ({
    url: `/api/account/admin/room/${x.roomId}/link`,
  })),
  probe('POST /api/account/admin/room/{id}/link', (x) => ({
    url: `/api/account/admin/room/${x.roomId}/link`,
    body: { link: 'evil.example' },
  })),
  probe('PUT /api/account/admin/room/{id}/link/{linkId}', (x) => ({
    url: `/api/account/admin/room/${x.roomId}/link/${x.roomLinkId}`,
    body: { link: 'evil.example' },
  })),
  probe('PUT /api/account/admin/room/{id}/link/{linkId}', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/link/${x.roomLinkId}`,
    body: { link: 'evil.example' },
  })),
  probe('DELETE /api/account/admin/room/{id}/link/{linkId}', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/link/${x.roomLinkId}`,
  })),
  probe('PATCH /api/account/admin/room/{id}/link/{a}/swap/{b}', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/link/${me.roomLinkId}/swap/${x.roomLinkId}`,
  })),
  probe('GET /api/account/admin/room/{id}/document', (x) => ({
    url: `/api/account/admin/room/${x.roomId}/document`,
  })),
  probe('POST /api/account/admin/room/{id}/document', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/document`,
    body: { file_id: x.cabinetFileId },
  })),
  probe('POST /api/account/admin/room/{id}/document', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/document`,
    body: { document_history_id: x.documentId },
  })),
  probe('POST /api/account/admin/room/{id}/document/upload', (x) => ({
    url: `/api/account/admin/room/${x.roomId}/document/upload`,
    upload: true,
  })),
  probe('PUT /api/account/admin/room/{id}/document/{docId}', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/document/${x.roomDocumentId}`,
    body: { label: 'Mine' },
  })),
  probe('DELETE /api/account/admin/room/{id}/document/{docId}', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/document/${x.roomDocumentId}`,
  })),
  probe('PATCH /api/account/admin/room/{id}/document/{a}/swap/{b}', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/document/${me.roomDocumentId}/swap/${x.roomDocumentId}`,
  })),
  probe('POST /api/account/admin/room/{id}/feature', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/feature`,
    body: { kind: 'record', table_id: me.roomTableId, resource_id: x.resourceId },
  })),
  probe('POST /api/account/admin/room/{id}/feature', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/feature`,
    body: { kind: 'record', table_id: x.roomTableId, resource_id: me.resourceId },
  })),
  probe('PUT /api/account/admin/room/{id}/feature/{featureId}', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/feature/${x.roomTableId}`,
    body: { label: 'Mine' },
  })),
  probe('DELETE /api/account/admin/room/{id}/feature/{featureId}', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/feature/${x.roomTableId}`,
  })),
  probe('DELETE /api/account/admin/room/{id}/feature/{featureId}', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/feature/${me.roomTableId}?resource_id=${x.resourceId}`,
  })),
  probe('PUT /api/account/shared_report/{id}', (x) => ({
    url: `/api/account/shared_report/${x.sharedReportId}`,
    body: { is_active: false },
  })),
  probe('POST /api/account/shared_report', (x) => ({
    url: '/api/account/shared_report',
    body: { feature_type_id: `${x.templateId}.people`, metadata: { resource_id: [x.resourceId] } },
  })),
  probe('POST /api/account/admin/room/{id}/report', (x) => ({
    url: `/api/account/admin/room/${x.roomId}/report`,
    body: { feature_type_id: `${x.templateId}.people` },
  })),
  probe('DELETE /api/account/admin/room/{id}/report/{reportId}', (x) => ({
    url: `/api/account/admin/room/${x.roomId}/report/${x.roomReportId}`,
  })),
  probe('DELETE /api/account/admin/room/{id}/report/{reportId}', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/report/${x.roomReportId}`,
  })),
  probe('PATCH /api/account/admin/room/{id}/report/{a}/swap/{b}', (x) => ({
    url: `/api/account/admin/room/${x.roomId}/report/${x.roomReportId}/swap/${x.roomReportId}`,
  })),
  probe('PATCH /api/account/admin/room/{id}/report/{a}/swap/{b}', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/report/${x.roomReportId}/swap/${me.roomReportId}`,
  })),
  // Her partner's code: disconnecting it from his workspace leaves her connection alone.
  probe('DELETE /api/account/admin/partner/{code}', (x) => ({
    url: `/api/account/admin/partner/${x.partnerCode}`,
  })),
  probe('PATCH /api/account/admin/users/{id}', (x) => ({
    url: `/api/account/admin/users/${x.ownerId}`,
    body: { is_admin: false, filecabinet_access: false },
  })),
  probe('DELETE /api/account/remove_user/{id}', (x) => ({ url: `/api/account/remove_user/${x.ownerId}` })),
  probe('PATCH /api/account/change_owner/{id}', (x) => ({ url: `/api/account/change_owner/${x.ownerId}` })),
  probe('PATCH /api/account/signatory/{id}', (x) => ({ url: `/api/account/signatory/${x.ownerId}` })),
  // Room settings: their room, and their room's rows through my own room.
  ...['code', 'stats', 'history', 'history.csv', 'analytics'].map((rest) =>
    probe(`GET /api/account/admin/room/{id}/${rest}`, (x) => ({
      url: `/api/account/admin/room/${x.roomId}/${rest}`,
    })),
  ),
  probe('GET /api/account/admin/room/{id}/history', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/history?visitor_id=${x.roomVisitorId}`,
  })),
  probe('POST /api/account/admin/room/{id}/code', (x) => ({
    url: `/api/account/admin/room/${x.roomId}/code`,
    body: { identifier: { type: 'email', value: 'probe@example.com' } },
  })),
  probe('DELETE /api/account/admin/room/{id}/codes/{codeId}', (x) => ({
    url: `/api/account/admin/room/${x.roomId}/codes/${x.roomCodeId}`,
  })),
  probe('DELETE /api/account/admin/room/{id}/codes/{codeId}', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/codes/${x.roomCodeId}`,
  })),
  probe('DELETE /api/account/admin/room/{id}/users/{visitorId}', (x) => ({
    url: `/api/account/admin/room/${x.roomId}/users/${x.roomVisitorId}`,
  })),
  probe('DELETE /api/account/admin/room/{id}/users/{visitorId}', (x, me) => ({
    url: `/api/account/admin/room/${me.roomId}/users/${x.roomVisitorId}`,
  })),
  // Billing: a payment method or invoice of another workspace is absent.
  probe('PUT /api/account/admin/billing/method', (x) => ({
    url: '/api/account/admin/billing/method',
    body: { default_method_id: x.paymentMethodId },
  })),
  probe('PUT /api/account/v3/admin/billing/method', (x) => ({
    url: '/api/account/v3/admin/billing/method',
    body: { default_method_id: x.paymentMethodId },
  })),
  probe('DELETE /api/account/admin/billing/method/{id}', (x) => ({
    url: `/api/account/admin/billing/method/${x.paymentMethodId}`,
  })),
  probe('DELETE /api/account/v3/admin/billing/method/{a}/{b}', (x) => ({
    url: `/api/account/v3/admin/billing/method/charter/${x.paymentMethodId}`,
  })),
  probe('PUT /api/account/ach/{bankToken}', (x) => ({
    url: `/api/account/ach/${x.paymentMethodId}`,
    body: { amounts: [0.32, 0.45] },
  })),
  probe('DELETE /api/account/ach/{id}', (x) => ({ url: `/api/account/ach/${x.paymentMethodId}` })),
  probe('POST /api/account/admin/bundle/{slug}', (x) => ({
    url: '/api/account/admin/bundle/starter_annual',
    body: { selected_source_id: x.paymentMethodId },
  })),
  probe('GET /api/account/v3/invoice/{id}/receipt', (x) => ({
    url: `/api/account/v3/invoice/${x.invoiceId}/receipt`,
  })),
];

/** Routes whose path parameter is not a workspace's row: the library's template ids are shared by all. */
const NOT_OWNED = new Set([
  'POST /api/account/project_template/{id}/create',
  'GET /api/account/recommendation/project_template/{id}',
  // A partner's code is public: any workspace's admin may connect to it.
  'POST /api/account/admin/partner/{code}',
  // A plan's slug names a catalogue entry, not a row.
  'GET /api/account/admin/bundle/{slug}/preview',
]);

describe('tenancy: another workspace is never reached', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let hers: Rows;
  let his: Rows;
  const call = accountCaller(() => t);
  /** A shared report and, once the room exists, a room report of the workspace (modules/reports). */
  const reportRows = async (who: SignedIn) => {
    const feature_type_id = 'test-module-two.people';
    const shared = await call(who, 'POST', '/api/account/shared_report', { feature_type_id });
    const [room] = await t.ctx.db
      .select({ id: rooms.id })
      .from(rooms)
      .where(eq(rooms.accountId, who.account!.id));
    const placed = await call(who, 'POST', `/api/account/admin/room/${room.id}/report`, { feature_type_id });
    const link = await call(who, 'POST', '/api/account/shared_link', {});
    return {
      sharedReportId: shared.body.report.id as number,
      roomReportId: placed.body.report.id as number,
      sharedLinkId: link.body.id as number,
    };
  };

  /** A card and a paid subscription's invoice of the workspace (modules/billing). */
  const billingRows = async (who: SignedIn) => {
    const token = testTokenizeCard({
      number: TEST_CARDS.visa.number,
      expMonth: 12,
      expYear: 2040,
      name: 'Card Holder',
      country: 'US',
    }).token;
    const card = await call(who, 'POST', '/api/account/admin/billing/method', { stripe_token_id: token });
    const paid = await call(who, 'POST', '/api/account/admin/bundle/advanced_monthly', {});
    return { paymentMethodId: card.body.method.id as number, invoiceId: paid.body.invoice.id as number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-modules'));
    alice = await signedIn(t);
    bob = await signedIn(t);
    const partner = await createPartner(t, { clients: [alice.account!.id] });
    const partnerCode = partner.code;
    hers = {
      ...(await fillWorkspace(t, alice, 'test-module-two')),
      ownerId: alice.user.id,
      partnerCode,
      ...(await reportRows(alice)),
      ...(await billingRows(alice)),
    };
    his = {
      ...(await fillWorkspace(t, bob, 'test-module-two')),
      ownerId: bob.user.id,
      partnerCode: 'NONE',
      ...(await reportRows(bob)),
      ...(await billingRows(bob)),
    };
  });
  afterAll(() => t.close());

  it('probes every workspace route that takes an id', async () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const withIds = Object.entries(spec.paths)
      .filter(([url]) => url.startsWith('/api/account/') && url.includes('{'))
      .flatMap(([url, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${url}`));
    const probed = new Set(probes.map((p) => p.route));
    expect(withIds.filter((route) => !probed.has(route) && !NOT_OWNED.has(route))).toEqual([]);
  });

  it("answers 404 to another workspace's ids and changes none of its rows", async () => {
    const before = await snapshotWorkspace(t, alice.account!.id);
    for (const { route, request } of probes) {
      const { url, body, upload } = request(hers, his);
      const method = route.split(' ')[0];
      const res = upload
        ? await uploadAs(t, bob, url, [{ filename: 'x.pdf', content: PDF }])
        : await call(bob, method, url, body);
      if (route === 'GET /api/account/transaction') {
        expect(res.status, route).toBe(200);
        expect(res.body, route).toEqual([]);
        continue;
      }
      expect(res.status, `${route} ${url}`).toBe(404);
      expect(res.body.code, route).toBe('NOT_FOUND');
    }
    expect(await snapshotWorkspace(t, alice.account!.id)).toEqual(before);
    const partners = await call(alice, 'GET', '/api/account/partner');
    expect((partners.body as { slug: string }[]).map((p) => p.slug)).toHaveLength(1);
  });

  it("gives no link to another workspace's document", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/document/${hers.documentId}/token`,
      headers: { authorization: bob.bearer },
    });
    expect(res.statusCode).toBe(404);
  });
});
