import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { notices } from '../../src/db/schema/index.ts';
import { accountCaller, type Json, type SignedIn } from '../factories.ts';
import type { TestApp } from '../harness.ts';
import { docx, paragraph } from './docx.ts';
import { multipart } from './multipart.ts';
import { insertHistory, insertRoomCode, insertVisitor } from './rooms.ts';

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** The ids of one row of every kind a workspace owns, made through the API by `fillWorkspace`. */
export type WorkspaceRows = {
  templateId: string;
  projectId: number;
  transactionId: number;
  memoTaskId: number;
  uploadTaskId: number;
  customTaskId: number;
  documentId: number;
  documentFileId: number;
  cabinetFileId: number;
  folderId: number;
  resourceId: number;
  todoId: number;
  counselId: number;
  recipientId: number;
  customDocumentId: number;
  /** A room with a link, the cabinet file as a document and a table listing the resource. */
  roomId: number;
  roomLinkId: number;
  roomDocumentId: number;
  roomTableId: number;
  /** Its visitor, personal link and history entry (inserted directly: see support/rooms.ts). */
  roomVisitorId: number;
  roomCodeId: number;
  roomHistoryId: number;
  /** A notice in the owner's bell (inserted directly, as the outside activity that makes one would). */
  noticeId: number;
};

/** POST of files as multipart/form-data with the caller's workspace token. */
export async function uploadAs(
  t: TestApp,
  who: SignedIn,
  url: string,
  files: { filename: string; content: Buffer | Uint8Array }[],
) {
  const body = multipart(files);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { authorization: who.accountBearer, 'content-type': body.contentType },
  });
  return { status: res.statusCode, body: res.json() as Json };
}

/**
 * A workflow of `templateId` (one group with tasks memo / attachment / letter, see
 * fixtures/templates-modules) with an answer, a person, an uploaded task document and its recipient,
 * a Word file in a cabinet folder picked as the letter's custom document, a workflow role and a to-do.
 */
export async function fillWorkspace(t: TestApp, who: SignedIn, templateId: string): Promise<WorkspaceRows> {
  const call = accountCaller(() => t);
  const ok = async (method: string, url: string, body?: unknown) => {
    const res = await call(who, method, url, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const project = await ok('POST', `/api/account/project_template/${templateId}/create`, {});
  const group = project.groupedTransactions[0] as Json;
  const taskId = (label: string) =>
    (group.tasks as Json[]).find((task) => task.label === label)?.id as number;
  const transactionId = group.id as number;
  await ok('POST', '/api/account/flat_feature', {
    transaction_id: transactionId,
    feature_type_id: 'title',
    value: 'Q3',
  });
  const resource = await ok('POST', '/api/account/resource', {
    name: 'Ada Lovelace',
    transaction_id: transactionId,
    question_id: 'people',
  });
  const uploaded = await uploadAs(t, who, `/api/account/task/${taskId('Attachment')}/upload`, [
    { filename: 'signed.pdf', content: PDF },
  ]);
  expect(uploaded.status).toBe(201);
  const recipient = await ok('POST', '/api/account/document_history/email_recipient', {
    document_id: uploaded.body.document_id,
    email: 'grace@example.com',
    metadata: { name: 'Grace Hopper', role: 'Signer' },
  });
  const word = await uploadAs(t, who, '/api/account/storage/upload?path=/Templates', [
    { filename: 'letter.docx', content: docx(paragraph('Dear {name},')) },
  ]);
  expect(word.status).toBe(201);
  const listing = await ok('GET', '/api/account/storage/folder?path=/');
  const folderId = (listing.folders as Json[]).find((f) => f.name === 'Templates')?.id as number;
  const custom = await ok('POST', '/api/account/custom_document', {
    account_task_id: taskId('Letter'),
    file_id: word.body[0].id,
  });
  const counsel = await ok('POST', `/api/account/project/${project.id}/counsel`, {
    counsel_type: 'Attorney',
    user_id: who.user.id,
  });
  const room = await ok('POST', '/api/account/admin/room', { label: 'Deal room', type: 'deal' });
  const roomLink = await ok('POST', `/api/account/admin/room/${room.id}/link`, { link: 'example.com' });
  const roomDocument = await ok('POST', `/api/account/admin/room/${room.id}/document`, {
    file_id: word.body[0].id,
  });
  const { resource_type_id: resourceTypeId } = await ok('GET', `/api/account/resource/${resource.id}`);
  const roomTable = await ok('POST', `/api/account/admin/room/${room.id}/feature`, {
    kind: 'table',
    resource_type_id: resourceTypeId ?? 2,
    fields: [{ key: 'email', label: 'Email', type: 'email' }],
    resource_ids: [resource.id],
  });
  const todos = await ok('GET', '/api/account/recommendation');
  const todo = (todos as Json[]).find((row) => row.transaction.id === transactionId);
  const visitor = await insertVisitor(t, room.id, { email: 'vera@example.com', name: 'Vera' });
  const code = await insertRoomCode(t, room.id, 'vera@example.com');
  const [entry] = await insertHistory(t, [{ roomId: room.id, visitorId: visitor.id, action: 'visit' }]);
  const [notice] = await t.ctx.db
    .insert(notices)
    .values({
      accountId: who.account!.id,
      userId: who.user.id,
      kind: 'room_visited',
      message: 'Vera visited.',
    })
    .returning();
  return {
    templateId,
    projectId: project.id,
    transactionId,
    memoTaskId: taskId('Memo'),
    uploadTaskId: taskId('Attachment'),
    customTaskId: taskId('Letter'),
    documentId: uploaded.body.document_id,
    documentFileId: uploaded.body.file.id,
    cabinetFileId: word.body[0].id,
    folderId,
    resourceId: resource.id,
    todoId: todo?.id,
    counselId: counsel.id,
    recipientId: recipient.id,
    customDocumentId: custom.id,
    roomId: room.id,
    roomLinkId: roomLink.id,
    roomDocumentId: roomDocument.id,
    roomTableId: roomTable.id,
    roomVisitorId: visitor.id,
    roomCodeId: code.id,
    roomHistoryId: entry.id,
    noticeId: notice.id,
  };
}

/** Every row a workspace owns, directly or through its projects, groups, tasks and resources, as JSON. */
export async function snapshotWorkspace(t: TestApp, accountId: number) {
  const owned = (table: string) =>
    sql.raw(`(select json_agg(r order by r.id) from ${table} r where r.account_id = ${accountId})`);
  const through = (table: string, parent: string, key: string) =>
    sql.raw(`(select json_agg(r order by r) from ${table} r
      where r.${key} in (select id from ${parent} where account_id = ${accountId}))`);
  const result = await t.ctx.db.execute<{ data: unknown }>(sql`select json_build_object(
    'projects', ${owned('projects')}, 'transactions', ${owned('transactions')}, 'tasks', ${owned('tasks')},
    'documents', ${owned('documents')}, 'files', ${owned('files')}, 'folders', ${owned('folders')},
    'resources', ${owned('resources')}, 'recommendations', ${owned('recommendations')},
    'recipients', ${owned('document_recipients')}, 'custom_documents', ${owned('custom_documents')},
    'reviewers', ${owned('document_reviewers')}, 'suggestions', ${owned('document_suggestions')},
    'revisions', ${owned('document_revisions')}, 'rooms', ${owned('rooms')},
    'room_links', ${through('room_links', 'rooms', 'room_id')},
    'room_documents', ${through('room_documents', 'rooms', 'room_id')},
    'room_tables', ${through('room_tables', 'rooms', 'room_id')},
    'counsel', ${through('project_counsel', 'projects', 'project_id')},
    'answers', ${through('flat_features', 'transactions', 'transaction_id')},
    'resource_features', ${through('resource_features', 'resources', 'resource_id')},
    'listings', ${through('transaction_resources', 'transactions', 'transaction_id')},
    'events', ${through('task_events', 'tasks', 'task_id')}, 'rooms', ${owned('rooms')},
    'room_codes', ${through('room_codes', 'rooms', 'room_id')},
    'room_visitors', ${through('room_visitors', 'rooms', 'room_id')},
    'room_sessions', ${through('room_sessions', 'rooms', 'room_id')},
    'room_history', ${through('room_history', 'rooms', 'room_id')},
    'payment_methods', ${owned('payment_methods')}, 'subscriptions', ${owned('subscriptions')},
    'charges', ${owned('charges')}, 'invoices', ${owned('invoices')},
    'notices', ${owned('notices')}) as data`);
  return result.rows[0].data;
}
