import { NOTICE_MESSAGES } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, notices } from '../src/db/schema/index.ts';
import { noticeRecipients } from '../src/modules/notices/policies.ts';
import { accountCaller, type Json, joinedMember, type SignedIn } from './factories.ts';
import type { TestApp } from './harness.ts';
import { appWithTemplates, outsideFormCalls } from './support/outside-forms.ts';
import { insertCodedRoom, newVisitorKey, roomGuestHeaders } from './support/rooms.ts';
import { SIGNATURE_PNG } from './support/signature-png.ts';
import { uploadAs } from './support/workspace-rows.ts';

/**
 * Owners learn of outside activity in the bell, where notices stay until read (issue 22): a form an
 * outsider submitted (and an email), a room's first visit by a visitor, a completed signing.
 */
let t: TestApp;
let me: SignedIn;
let other: SignedIn;
const call = accountCaller(() => t);
const { anon, answer } = outsideFormCalls(() => t);
beforeAll(async () => {
  ({ t, me, other } = await appWithTemplates('templates-outside-forms'));
});
afterAll(() => t.close());

const bell = async (who: SignedIn) => {
  const res = await call(who, 'GET', '/api/account/notice');
  expect(res.status).toBe(200);
  return res.body as { notices: Json[]; unread: number };
};

/** A task of `who`'s workspace, shared by `who` as a one-question form, filled and submitted by an outsider. */
async function submittedForm(who: SignedIn, name: string) {
  const project = await call(who, 'POST', '/api/account/project_template/test-outside-intake/create', {});
  const taskId = project.body.groupedTransactions[0].id as number;
  const shared = await call(who, 'POST', `/api/account/transaction/${taskId}/outside`, {
    features: [{ feature_type_id: 'company_size' }],
    name,
  });
  expect(shared.status).toBe(201);
  const code = (shared.body.form.link as string).split('/').at(-1) as string;
  expect((await answer(code, taskId, 'company_size', '3')).status).toBe(200);
  expect((await anon('POST', `/api/public/outside_form/${code}/finalize`, {})).status).toBe(200);
  return { projectId: project.body.id as number, taskId };
}

describe('the bell', () => {
  it('tells the member who shared a form, in the bell and by email, when an outsider submits it', async () => {
    const admin = await joinedMember(t, me, true);
    const sharer = await joinedMember(t, me);
    const before = await bell(sharer);
    expect(before).toEqual({ notices: [], unread: 0 });
    const { taskId } = await submittedForm(sharer, 'Supplier intake');

    const mine = await bell(sharer);
    expect(mine.unread).toBe(1);
    expect(mine.notices).toEqual([
      {
        id: expect.any(Number),
        kind: 'form_submitted',
        message: NOTICE_MESSAGES.formSubmitted('Supplier intake'),
        link: expect.stringMatching(new RegExp(`^workbench/\\d+/\\d+/${taskId}/overview$`)),
        created_at: expect.any(String),
        read: false,
      },
    ]);
    // The owner of the form was told; the admins were not, nor another workspace.
    expect((await bell(admin)).notices).toEqual([]);
    expect((await bell(me)).notices).toEqual([]);
    expect((await bell(other)).notices).toEqual([]);
    const mail = (await t.mailTo(sharer.email)).find((m) => m.subject === 'Form submitted: Supplier intake');
    expect(mail?.text).toContain(`http://localhost:3000/c/${me.account!.id}/${mine.notices[0].link}`);
    expect(await t.mailTo(admin.email)).toEqual([]);
    // Their open bell hears of it, and only theirs.
    const [event] = await t.ctx.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.accountId, me.account!.id)))
      .then((rows) => rows.filter((row) => row.event.type === 'refresh_notices'));
    expect(event.audience.userIds).toEqual([sharer.user.id]);

    // Read: only by its member (another's notice is not found), then the count drops.
    const id = mine.notices[0].id as number;
    expect((await call(null, 'GET', '/api/account/notice')).status).toBe(401);
    expect((await call(admin, 'POST', `/api/account/notice/${id}/read`)).status).toBe(404);
    expect((await call(other, 'POST', `/api/account/notice/${id}/read`)).status).toBe(404);
    expect((await call(sharer, 'POST', `/api/account/notice/${id}/read`)).status).toBe(204);
    const read = await bell(sharer);
    expect([read.unread, read.notices[0].read]).toEqual([0, true]);
  });

  it('falls back to the admins, pages newest first and reads all at once', async () => {
    const member = await joinedMember(t, me);
    for (const name of ['First', 'Second', 'Third']) await submittedForm(me, name);
    // me shared them: the owner (an admin) is told, a plain member is not.
    expect((await bell(member)).notices).toEqual([]);
    const first = await call(me, 'GET', '/api/account/notice?limit=2');
    expect(first.body.notices.map((n: Json) => n.message)).toEqual([
      NOTICE_MESSAGES.formSubmitted('Third'),
      NOTICE_MESSAGES.formSubmitted('Second'),
    ]);
    expect(first.body.unread).toBe(3);
    const next = await call(me, 'GET', `/api/account/notice?limit=2&before=${first.body.notices[1].id}`);
    expect(next.body.notices.map((n: Json) => n.message)).toEqual([NOTICE_MESSAGES.formSubmitted('First')]);
    expect((await call(me, 'GET', '/api/account/notice?limit=0')).status).toBe(400);
    expect((await call(me, 'POST', '/api/account/notice/read')).status).toBe(204);
    expect((await bell(me)).unread).toBe(0);
    // With the sharer gone from the workspace's notice rule (no owner), the admins hear of it.
    expect(
      noticeRecipients(
        [
          { userId: 1, isAdmin: true, restricted: false, cabinet: true },
          { userId: 2, isAdmin: false, restricted: false, cabinet: true },
        ],
        { taskModuleId: 2 },
        [null],
      ).map((m) => m.userId),
    ).toEqual([1]);
  });

  it("tells the admins of a room's first visit by a visitor, not of the visitor's later visits", async () => {
    const admin = await joinedMember(t, other, true);
    const member = await joinedMember(t, other);
    const { room, code } = await insertCodedRoom(t, other.account!.id, { open: true, label: 'Falcon Room' });
    const key = newVisitorKey();
    const visit = () =>
      t.app.inject({ url: `/api/guest/rooms/${code}?visit=1`, headers: roomGuestHeaders({ key }) });
    expect((await visit()).statusCode).toBe(200);
    expect((await visit()).statusCode).toBe(200);
    const told = (await bell(admin)).notices;
    expect(told.map((n) => [n.kind, n.message, n.link])).toEqual([
      [
        'room_visited',
        NOTICE_MESSAGES.roomVisited('An anonymous visitor', 'Falcon Room'),
        `rooms/${room.id}`,
      ],
    ]);
    expect((await bell(other)).notices).toHaveLength(1);
    expect((await bell(member)).notices).toEqual([]);
    // Another visitor is new again.
    await t.app.inject({
      url: `/api/guest/rooms/${code}?visit=1`,
      headers: roomGuestHeaders({ key: newVisitorKey() }),
    });
    expect((await bell(admin)).unread).toBe(2);
  });

  it('tells the member who sent a document for signature once everyone signed', async () => {
    const sender = await joinedMember(t, me, true);
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([612, 792]).drawText('Consent {{sign:Director}}', { x: 72, y: 200, size: 11, font });
    const uploaded = await uploadAs(t, sender, '/api/account/storage/upload?path=/Board', [
      { filename: 'Consent.pdf', content: Buffer.from(await pdf.save()) },
    ]);
    const created = await call(sender, 'POST', '/api/account/signing/documents', {
      file_id: uploaded.body[0].id,
    });
    const id = created.body.document.id as number;
    await call(sender, 'POST', '/api/account/document_history/email_recipient', {
      document_id: id,
      email: 'dee@example.com',
      metadata: { name: 'Dee Director', role: 'Signer', party: 'Director' },
    });
    await call(sender, 'POST', `/api/account/signing/documents/${id}/send`, {});
    const secret = (await t.mailTo('dee@example.com')).at(-1)?.text.match(/\/sign\/([A-Za-z0-9_-]+)/)?.[1];
    const headers = { 'user-agent': 'test', 'x-forwarded-for': '203.0.113.5' };
    await t.app.inject({ method: 'POST', url: `/api/public/sign/${secret}/open`, headers });
    await t.app.inject({ method: 'POST', url: `/api/public/sign/${secret}/consent`, headers });
    expect((await bell(sender)).notices).toEqual([]);
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/public/sign/${secret}/sign`,
      headers,
      payload: { signature: { how: 'type', image: SIGNATURE_PNG, text: 'Dee Director' } },
    });
    expect(signed.statusCode).toBe(200);
    await t.ctx.jobs.drain();
    const told = (await bell(sender)).notices;
    expect(told.map((n) => [n.kind, n.message, n.link])).toEqual([
      ['signing_completed', NOTICE_MESSAGES.signingCompleted('Consent'), `documents/${id}/sign`],
    ]);
    // Their email is the sealed copy.
    expect((await t.mailTo(sender.email)).map((m) => m.subject)).toContain('Completed: Consent');
    const rows = await t.ctx.db.select().from(notices).where(eq(notices.kind, 'signing_completed'));
    expect(rows.map((row) => row.userId)).toEqual([sender.user.id]);
  });
});
