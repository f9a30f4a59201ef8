import { FILL_REQUIRED, OUTSIDE_FORM_MESSAGES, ROOM_MESSAGES } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/adapters/secrets.ts';
import { auditLog, liveEvents, outsideForms, rooms, transactions } from '../src/db/schema/index.ts';
import { accountCaller, type Json, type SignedIn } from './factories.ts';
import type { TestApp } from './harness.ts';
import { appWithTemplates, outsideFormCalls } from './support/outside-forms.ts';

const CODE = /^[A-Za-z0-9_-]{22}$/;

describe('outside forms: shared questionnaires filled without signing in', () => {
  let t: TestApp;
  let me: SignedIn;
  let other: SignedIn;
  const call = accountCaller(() => t);

  const { anon, answer, addPerson } = outsideFormCalls(() => t);
  const newTask = async (who: SignedIn) => {
    const res = await call(who, 'POST', '/api/account/project_template/test-outside-intake/create', {});
    expect(res.status).toBe(201);
    const [group] = res.body.groupedTransactions as Json[];
    return { projectId: res.body.id as number, id: group.id as number };
  };
  const share = (who: SignedIn, id: number, body: Json) =>
    call(who, 'POST', `/api/account/transaction/${id}/outside`, body);
  const codeOf = (link: string) => link.split('/').at(-1) as string;
  const included = [
    { feature_type_id: 'contact_email' },
    { feature_type_id: 'company_size' },
    { feature_type_id: 'entity_name' },
    { feature_type_id: 'people.email' },
  ];

  beforeAll(async () => {
    ({ t, me, other } = await appWithTemplates('templates-outside-forms'));
  });
  afterAll(() => t.close());

  it('creates a shared form with the spec messages, keeping only the hash of its code', async () => {
    const task = await newTask(me);
    const noEmail = await share(me, task.id, { features: included, name: 'Intake', send_email: 1 });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe(OUTSIDE_FORM_MESSAGES.emailRequired);
    const badEmail = await share(me, task.id, { features: included, name: 'Intake', email: 'nope' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.fields).toEqual({ email: 'Invalid email address' });
    const nothing = await share(me, task.id, { features: [], name: 'Intake' });
    expect(nothing.body.message).toBe(OUTSIDE_FORM_MESSAGES.noQuestions);
    const unknown = await share(me, task.id, { features: [{ feature_type_id: 'nope' }], name: 'Intake' });
    expect(unknown.status).toBe(400);
    expect((await share(me, task.id, { features: included, name: '  ' })).status).toBe(400);
    // Another workspace's task does not exist for me.
    expect((await share(other, task.id, { features: included, name: 'Mine' })).status).toBe(404);

    const created = await share(me, task.id, {
      features: included,
      name: 'Intake',
      description: 'Tell us about you',
      finalize_on_submit: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(OUTSIDE_FORM_MESSAGES.generated);
    const form = created.body.form as Json;
    expect(form).toMatchObject({
      name: 'Intake',
      description: 'Tell us about you',
      type: 'outside_form',
      state: 'Open',
      email_status: OUTSIDE_FORM_MESSAGES.emailNotSent,
      finalize: true,
      question_ids: ['contact_email', 'company_size', 'entity_name', 'people', 'people.name', 'people.email'],
    });
    expect(form.link).toMatch(/^http:\/\/localhost:3000\/outside-form\/[A-Za-z0-9_-]{22}$/);
    const code = codeOf(form.link);
    const [row] = await t.ctx.db.select().from(outsideForms).where(eq(outsideForms.id, form.id));
    expect(row.codeHash).toBe(sha256(code));
    expect(JSON.stringify(row)).not.toContain(code);

    const list = await call(me, 'GET', `/api/account/transaction/${task.id}/outside`);
    expect(list.status).toBe(200);
    expect(list.body.map((f: Json) => [f.id, f.link])).toEqual([[form.id, form.link]]);
    expect((await call(other, 'GET', `/api/account/transaction/${task.id}/outside`)).status).toBe(404);
    const byQuery = await call(me, 'GET', `/api/account/outside_forms?transaction_id=${task.id}`);
    expect(byQuery.body).toHaveLength(1);
  });

  it('emails the link when asked, and again on resend', async () => {
    const task = await newTask(me);
    const email = `filler-${task.id}@example.com`;
    const created = await share(me, task.id, {
      features: included,
      name: 'Data request',
      type: 'data_request',
      email: email.toUpperCase(),
      send_email: true,
    });
    expect(created.status).toBe(201);
    const form = created.body.form as Json;
    expect(form).toMatchObject({ assigned_email: email, email_status: OUTSIDE_FORM_MESSAGES.emailSent });
    const [mail] = await t.mailTo(email);
    expect(mail.subject).toBe('Please fill out: Data request');
    expect(mail.text).toContain(form.link);
    const resent = await call(
      me,
      'POST',
      `/api/account/transaction/${task.id}/outside/${form.id}/resend`,
      {},
    );
    expect(resent.status).toBe(200);
    expect(await t.mailTo(email)).toHaveLength(2);
    expect(
      (await call(other, 'POST', `/api/account/transaction/${task.id}/outside/${form.id}/resend`, {})).status,
    ).toBe(404);

    const silent = await share(me, task.id, { features: included, name: 'No email' });
    const failed = await call(
      me,
      'POST',
      `/api/account/transaction/${task.id}/outside/${silent.body.form.id}/resend`,
      {},
    );
    expect(failed.status).toBe(400);
    expect(failed.body.message).toBe(OUTSIDE_FORM_MESSAGES.resendFailed);
  });

  it('shows and takes only the included questions, and completes once', async () => {
    const task = await newTask(me);
    const ada = await addPerson(me, task.id, 'Ada Lovelace');
    const elsewhere = await newTask(me);
    const stranger = await addPerson(me, elsewhere.id, 'Grace Hopper');
    const created = await share(me, task.id, { features: included, name: 'Intake' });
    const code = codeOf(created.body.form.link);

    const read = await anon('GET', `/api/public/outside_form/${code}`);
    expect(read.status).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.body).toMatchObject({
      name: 'Intake',
      state: 'new',
      banner: ROOM_MESSAGES.doNotShare,
      transaction_id: task.id,
      brand: { name: 'Charter' },
    });
    const questions = read.body.questions as Json[];
    expect(questions.map((q) => q.id)).toEqual(['contact_email', 'company_size', 'entity_name', 'people']);
    expect(questions[3].fields.map((f: Json) => f.id)).toEqual(['name', 'email']);
    // Its parent is not in the form: shown or hidden by the parent's answer, decided by the server.
    expect(questions[2]).toMatchObject({ is_hidden: true });
    expect(questions[2].required_question_id).toBeUndefined();
    expect(questions[3].resources).toEqual([
      { resource_id: ada, resource_name: 'Ada Lovelace', is_draft: true, values: { name: 'Ada Lovelace' } },
    ]);

    // Typed answers are checked as the questionnaire checks them.
    const bad = await answer(code, task.id, 'contact_email', 'not an email');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('contact_email');
    expect((await answer(code, task.id, 'contact_email', 'ceo@acme.test')).status).toBe(200);
    expect((await answer(code, task.id, 'people', 'x')).status).toBe(404);
    // Questions outside the form, or another task, or another task's resource: refused.
    expect((await answer(code, task.id, 'internal_note', 'hi')).status).toBe(404);
    expect((await answer(code, task.id, 'has_entity', 'true')).status).toBe(404);
    expect((await answer(code, task.id, 'title', 'CEO', ada)).status).toBe(404);
    expect((await answer(code, elsewhere.id, 'contact_email', 'x@acme.test')).status).toBe(404);
    expect((await answer(code, task.id, 'email', 'g@acme.test', stranger)).status).toBe(404);
    expect(
      (await anon('PATCH', `/api/unlisted/resource/${stranger}`, { access_code: code, name: 'Mine Now' }))
        .status,
    ).toBe(404);
    expect((await answer(code, task.id, 'email', 'ada@acme.test', ada)).status).toBe(200);
    const renamed = await anon('PATCH', `/api/unlisted/resource/${ada}`, {
      access_code: code,
      name: 'Ada King',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: ada, name: 'Ada King' });

    // Finalize checks the included questions as Submit does.
    const early = await anon('POST', `/api/public/outside_form/${code}/finalize`, { finalize_snapshot: {} });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(`${FILL_REQUIRED}\n- Company size: Field required`);
    expect(early.body.fields).toEqual({ company_size: 'Field required' });
    expect((await answer(code, task.id, 'company_size', '12')).status).toBe(200);

    // A reload resumes where the filler was.
    const again = await anon('GET', `/api/public/outside_form/${code}`);
    const byId = Object.fromEntries((again.body.questions as Json[]).map((q) => [q.id, q]));
    expect(byId.contact_email.value).toBe('ceo@acme.test');
    expect(byId.company_size.value).toBe('12');
    expect(byId.people.resources[0]).toMatchObject({
      resource_name: 'Ada King',
      values: { name: 'Ada King', email: 'ada@acme.test' },
    });

    const done = await anon('POST', `/api/public/outside_form/${code}/finalize`, {});
    expect(done.status).toBe(200);
    // A success for the filler who just submitted; the spec's "already completed" is for a later visit.
    expect(done.body).toEqual({
      state: 'completed',
      message: OUTSIDE_FORM_MESSAGES.submitted,
      task_finalized: false,
    });
    // The workspace's open pages hear of it (the live channel), with a toast.
    const events = await t.ctx.db
      .select({ event: liveEvents.event })
      .from(liveEvents)
      .where(eq(liveEvents.accountId, me.account!.id));
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining([
        { type: 'refresh_timeline', transaction_id: task.id },
        { type: 'toast', toast: { type: 'info', message: 'Shared form "Intake" was submitted.' } },
      ]),
    );
    const completed = await anon('GET', `/api/public/outside_form/${code}`);
    expect(completed.body).toMatchObject({
      state: 'completed',
      message: ROOM_MESSAGES.formCompleted,
      questions: [],
    });
    const late = await answer(code, task.id, 'contact_email', 'late@acme.test');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(ROOM_MESSAGES.formCompleted);
    expect((await anon('POST', `/api/public/outside_form/${code}/finalize`, {})).status).toBe(409);
    // The task itself was not submitted (the form does not finalize) and the workspace sees the form done.
    expect((await call(me, 'GET', `/api/account/transaction/${task.id}`)).body.open).toBe(true);
    // Open forms sort after completed ones (spec 3 §4), even when newer.
    await share(me, task.id, { features: included, name: 'Second round' });
    const list = await call(me, 'GET', `/api/account/transaction/${task.id}/outside`);
    expect(list.body.map((f: Json) => [f.name, f.state])).toEqual([
      ['Intake', 'Completed'],
      ['Second round', 'Open'],
    ]);
  });

  it('finalizes the task when the form says so and the task can be submitted', async () => {
    const task = await newTask(me);
    const partial = await share(me, task.id, {
      features: [{ feature_type_id: 'company_size' }],
      name: 'Partial',
      finalize_on_submit: true,
    });
    const partialCode = codeOf(partial.body.form.link);
    expect((await answer(partialCode, task.id, 'company_size', '3')).status).toBe(200);
    // Required questions outside the form are missing: the form completes, the task waits for the workspace.
    const held = await anon('POST', `/api/public/outside_form/${partialCode}/finalize`, {});
    expect(held.body).toMatchObject({ state: 'completed', task_finalized: false });
    expect((await call(me, 'GET', `/api/account/transaction/${task.id}`)).body.open).toBe(true);

    const everything = [
      'contact_email',
      'company_size',
      'has_entity',
      'entity_name',
      'internal_note',
      'people',
    ];
    const whole = await share(me, task.id, {
      features: everything.map((id) => ({ feature_type_id: id })),
      name: 'Whole',
      finalize_on_submit: true,
    });
    const code = codeOf(whole.body.form.link);
    for (const [id, value] of [
      ['contact_email', 'a@acme.test'],
      ['internal_note', 'Ok'],
      ['has_entity', 'true'],
      ['entity_name', 'Acme LLC'],
    ]) {
      expect((await answer(code, task.id, id, value)).status, id).toBe(200);
    }
    const done = await anon('POST', `/api/public/outside_form/${code}/finalize`, { finalize_snapshot: {} });
    expect(done.status).toBe(200);
    expect(done.body.task_finalized).toBe(true);
    const submitted = await call(me, 'GET', `/api/account/transaction/${task.id}`);
    expect(submitted.body).toMatchObject({ open: false });
    expect(submitted.body.finalize_snapshot).toMatchObject({
      contact_email: 'a@acme.test',
      entity_name: 'Acme LLC',
    });
  });

  it('stops answering cancelled, unknown and malformed codes', async () => {
    const task = await newTask(me);
    const created = await share(me, task.id, { features: included, name: 'Intake' });
    const code = codeOf(created.body.form.link);
    expect((await anon('GET', `/api/public/outside_form/${code}`)).status).toBe(200);
    expect((await call(other, 'DELETE', `/api/account/transaction/${task.id}/outside`)).status).toBe(404);
    expect((await anon('GET', `/api/public/outside_form/${code}`)).status).toBe(200);
    expect((await call(me, 'DELETE', `/api/account/transaction/${task.id}/outside`)).status).toBe(204);
    for (const dead of [code, 'A'.repeat(22), 'short', `${code}x`]) {
      const res = await anon('GET', `/api/public/outside_form/${encodeURIComponent(dead)}`);
      expect(res.status, dead).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await answer(code, task.id, 'contact_email', 'a@acme.test')).status).toBe(404);
    expect((await anon('POST', `/api/public/outside_form/${code}/finalize`, {})).status).toBe(404);
    // Its link still leads to the page (which reads nothing), and opening it there makes nothing.
    expect((await anon('GET', `/api/redirect/form/${code}`)).status).toBe(302);
    expect((await anon('GET', `/api/public/standing_form/${code}`)).status).toBe(404);
    expect((await anon('POST', `/api/redirect/form/${code}`, {})).status).toBe(404);
    expect((await call(me, 'GET', `/api/account/transaction/${task.id}/outside`)).body).toEqual([]);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.accountId, me.account!.id));
    const actions = audit.filter((a) => (a.target as Json).transaction_id === task.id).map((a) => a.action);
    expect(actions).toEqual(['outside_form_created', 'outside_form_cancelled']);
  });

  it('makes nothing when a standing link is fetched (GET or HEAD): only its page', async () => {
    const task = await newTask(me);
    const created = await share(me, task.id, { features: included, name: 'Scanned', type: 'persistent' });
    const code = codeOf(created.body.form.link);
    const groupsBefore = await t.ctx.db.select({ id: transactions.id }).from(transactions);
    const formsBefore = await t.ctx.db.select({ id: outsideForms.id }).from(outsideForms);
    // What a mail scanner, a chat preview or a prefetch does with the link.
    for (const method of ['GET', 'HEAD', 'GET']) {
      const res = await t.app.inject({ method: method as 'GET' | 'HEAD', url: `/api/redirect/form/${code}` });
      expect(res.statusCode, method).toBe(302);
      expect(res.headers.location).toBe(`/outside-form/${code}/start`);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await anon('GET', `/api/public/standing_form/${code}`)).body).toEqual({
      name: 'Scanned',
      description: '',
      brand: { name: expect.any(String) },
    });
    expect(await t.ctx.db.select({ id: transactions.id }).from(transactions)).toHaveLength(
      groupsBefore.length,
    );
    expect(await t.ctx.db.select({ id: outsideForms.id }).from(outsideForms)).toHaveLength(
      formsBefore.length,
    );
    // The page's button: one POST, one instance.
    const opened = await anon('POST', `/api/redirect/form/${code}`, {});
    expect(opened.status).toBe(201);
    expect(opened.body.location).toBe(`/outside-form/${opened.body.code}`);
    expect(await t.ctx.db.select({ id: transactions.id }).from(transactions)).toHaveLength(
      groupsBefore.length + 1,
    );
    expect(await t.ctx.db.select({ id: outsideForms.id }).from(outsideForms)).toHaveLength(
      formsBefore.length + 1,
    );
    // A code of a form to fill, or none at all, has no standing page.
    const fillable = await share(me, task.id, { features: included, name: 'Plain' });
    const plain = codeOf(fillable.body.form.link);
    expect((await anon('GET', `/api/public/standing_form/${plain}`)).status).toBe(404);
    expect((await anon('POST', `/api/redirect/form/${plain}`, {})).status).toBe(404);
    expect((await anon('POST', `/api/redirect/form/${'A'.repeat(22)}`, {})).status).toBe(404);
  });

  it('makes a new task group and form each time a standing link is opened', async () => {
    const task = await newTask(me);
    const created = await share(me, task.id, {
      features: included,
      name: 'Standing intake',
      type: 'persistent',
      finalize_on_submit: true,
    });
    const standing = created.body.form as Json;
    expect(standing.link).toMatch(/^http:\/\/localhost:3000\/api\/redirect\/form\/[A-Za-z0-9_-]{22}$/);
    const code = codeOf(standing.link);
    // A standing link is not a form to fill itself.
    expect((await anon('GET', `/api/public/outside_form/${code}`)).status).toBe(404);
    expect((await answer(code, task.id, 'contact_email', 'a@acme.test')).status).toBe(404);

    const first = await anon('POST', `/api/redirect/form/${code}`, {});
    const second = await anon('POST', `/api/redirect/form/${code}`, {});
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const codes = [first, second].map((r) => {
      const location = String(r.body.location);
      expect(location).toMatch(/^\/outside-form\/[A-Za-z0-9_-]{22}$/);
      return codeOf(location);
    });
    expect(codes[0]).not.toBe(codes[1]);
    expect(codes).not.toContain(code);
    const forms = await Promise.all(codes.map((c) => anon('GET', `/api/public/outside_form/${c}`)));
    const groups = forms.map((f) => f.body.transaction_id as number);
    expect(new Set([...groups, task.id]).size).toBe(3);
    for (const f of forms) expect(f.body).toMatchObject({ name: 'Standing intake', state: 'new' });
    // Each instance's group has a label of its own (numbered), not the one it was made from.
    const source = (await call(me, 'GET', `/api/account/transaction/${task.id}`)).body.label as string;
    const labels = forms.map((f) => f.body.label as string);
    expect(new Set([source, ...labels]).size).toBe(3);
    // Each instance writes to its own group.
    expect((await answer(codes[0], groups[0], 'contact_email', 'one@acme.test')).status).toBe(200);
    expect((await answer(codes[0], groups[1], 'contact_email', 'one@acme.test')).status).toBe(404);

    const project = await call(me, 'GET', `/api/account/project/${task.projectId}`);
    const ids = (project.body.groupedTransactions as Json[]).map((g) => g.id);
    expect(ids).toEqual(expect.arrayContaining([task.id, ...groups]));
    const list = await call(me, 'GET', `/api/account/transaction/${task.id}/outside`);
    const instances = (list.body as Json[]).filter((f) => f.parent_id === standing.id);
    expect(instances.map((f) => f.type)).toEqual(['persistent_instance', 'persistent_instance']);
    expect(instances.map((f) => f.link).sort()).toEqual(
      codes.map((c) => `http://localhost:3000/outside-form/${c}`).sort(),
    );
    expect(CODE.test(codes[0])).toBe(true);
  });

  it("lists a room's connected forms, and none of another workspace's room", async () => {
    const task = await newTask(me);
    const [room] = await t.ctx.db
      .insert(rooms)
      .values({ accountId: me.account!.id, label: 'Deal room', codeHash: `test:${task.id}` })
      .returning({ id: rooms.id });
    const inRoom = await share(me, task.id, { features: included, name: 'Room form', room_id: room.id });
    expect(inRoom.status).toBe(201);
    expect(inRoom.body.form.room_id).toBe(room.id);
    await share(me, task.id, { features: included, name: 'Not in the room' });
    const listed = await call(me, 'GET', `/api/account/outside_forms?room_id=${room.id}`);
    expect(listed.body.map((f: Json) => f.name)).toEqual(['Room form']);
    // Another workspace's room is not found (not an empty list: its id names nothing of theirs).
    expect((await call(other, 'GET', `/api/account/outside_forms?room_id=${room.id}`)).status).toBe(404);
    // A workflow's room lists the workflow's forms too, shared into it or not.
    const [project] = await t.ctx.db
      .select({ projectId: transactions.projectId })
      .from(transactions)
      .where(eq(transactions.id, task.id));
    const [workflowRoom] = await t.ctx.db
      .insert(rooms)
      .values({
        accountId: me.account!.id,
        label: 'Workflow room',
        projectId: project!.projectId,
        codeHash: `test:w${task.id}`,
      })
      .returning({ id: rooms.id });
    const ofWorkflow = await call(me, 'GET', `/api/account/outside_forms?room_id=${workflowRoom!.id}`);
    expect(ofWorkflow.body.map((f: Json) => f.name).sort()).toEqual(['Not in the room', 'Room form']);
    // A form cannot be attached to another workspace's room.
    const otherTask = await newTask(other);
    const foreign = await share(other, otherTask.id, { features: included, name: 'X', room_id: room.id });
    expect(foreign.status).toBe(404);
    expect((await call(me, 'GET', '/api/account/outside_forms')).status).toBe(400);
  });
});
