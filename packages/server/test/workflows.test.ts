import path from 'node:path';
import { FILL_REQUIRED, PRIOR_TASKS_PENDING, PROJECT_HAS_COMPLETED } from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, liveEvents } from '../src/db/schema/index.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import { GENERATE_JOB } from '../src/modules/workflows/generate-document.ts';
import { accountCaller, type Json, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

type Me = SignedIn;

describe('workflows: projects, questionnaires, submission and generated documents', () => {
  let t: TestApp;
  let me: Me;
  let other: Me;

  const call = accountCaller(() => t);
  const start = async (who: Me, templateId: string) => {
    const res = await call(who, 'POST', `/api/account/project_template/${templateId}/create`, {});
    expect(res.status).toBe(201);
    return res.body as Json;
  };
  const save = (who: Me, transactionId: number, id: string, value: string, resourceId?: number) =>
    call(who, 'POST', '/api/account/flat_feature', {
      transaction_id: transactionId,
      feature_type_id: id,
      resource_id: resourceId,
      value,
    });

  beforeAll(async () => {
    t = await createTestApp();
    await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-workflow'));
    me = await signedIn(t);
    other = await signedIn(t);
  });
  afterAll(() => t.close());

  it('answers 401 without a workspace token on every route', async () => {
    for (const [method, url] of [
      ['POST', '/api/account/project_template/form-delaware-corporation/create'],
      ['GET', '/api/account/transaction?limit=3000'],
      ['GET', '/api/account/transaction/1'],
      ['GET', '/api/account/transaction/1/questionnaire'],
      ['POST', '/api/account/transaction/1/finalize'],
      ['POST', '/api/account/flat_feature'],
      ['POST', '/api/account/resource'],
      ['GET', '/api/account/box/file/1'],
      ['PUT', '/api/account/task/1'],
      ['GET', '/api/account/project/1'],
    ]) {
      expect((await call(null, method, url, method === 'GET' ? undefined : {})).status, url).toBe(401);
    }
  });

  it('runs "form a Delaware corporation" from start to a generated PDF', async () => {
    const project = await start(me, 'form-delaware-corporation');
    expect(project.template).toMatchObject({ id: 'form-delaware-corporation', is_repeatable: false });
    const [group] = project.groupedTransactions as Json[];
    expect(group).toMatchObject({ label: 'Formation details', status: 'Not Started', open: true });
    expect(group.tasks.map((task: Json) => [task.label, task.mode])).toEqual([
      ['Certificate of Incorporation', 'Generate'],
      ['Bylaws', 'Generate'],
      ['Initial Board Consent', 'Generate'],
      ['Founder Stock Purchase Agreements', 'Generate'],
    ]);
    // Not repeatable: starting it again gives back the same project.
    const again = await call(
      me,
      'POST',
      '/api/account/project_template/form-delaware-corporation/create',
      {},
    );
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(project.id);

    const id = group.id as number;
    const questionnaire = await call(me, 'GET', `/api/account/transaction/${id}/questionnaire`);
    expect(questionnaire.status).toBe(200);
    const questions = questionnaire.body.questions as Json[];
    expect(questions.find((q) => q.id === 'authorized_shares')?.value).toBe('10000000');

    // Each answer is checked by its type, with the spec's message, and nothing is saved when it fails.
    const noSuffix = await save(me, id, 'company_name', 'Acme Rockets');
    expect(noSuffix.status).toBe(400);
    expect(noSuffix.body.fields).toEqual({ company_name: 'Select a suffix' });
    const generic = await save(me, id, 'company_name', 'Company, Inc.');
    expect(generic.body.message).toBe('Please replace input with full legal name.');
    expect((await save(me, id, 'company_name', 'Acme Rockets, Inc.')).status).toBe(200);
    expect((await save(me, id, 'formation_date', '13/45/2026')).body.message).toBe('Valid date required');
    expect((await save(me, id, 'formation_date', '03/02/2026')).status).toBe(200);
    const address = JSON.stringify({ line_one: '1 Main St', city: 'Dover', state: 'Delaware', zip: '19901' });
    expect((await save(me, id, 'address', address)).status).toBe(200);
    expect((await save(me, id, 'has_vesting', 'false')).status).toBe(200);

    // Submit before founders exist: the server re-checks the whole form.
    const early = await call(me, 'PUT', `/api/account/transaction/${id}`, { validated_questionnaire: 1 });
    expect(early.status).toBe(400);
    expect(early.body.message).toContain('- Input required for: Founders.');

    const founder = await call(me, 'POST', '/api/account/resource', {
      name: 'Ada Lovelace',
      transaction_id: id,
      question_id: 'founders',
    });
    expect(founder.status).toBe(201);
    expect(founder.body).toMatchObject({ name: 'Ada Lovelace', resource_type_id: 2, is_draft: true });
    const founderId = founder.body.id as number;
    const badPhone = await save(me, id, 'phone', '+1 (555) 12', founderId);
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe('Full phone number required.');
    expect((await save(me, id, 'email', 'ada@example.com', founderId)).status).toBe(200);
    expect((await save(me, id, 'title', 'CEO', founderId)).status).toBe(200);

    const incomplete = await call(me, 'PUT', `/api/account/transaction/${id}`, {
      validated_questionnaire: 1,
    });
    expect(incomplete.status).toBe(400);
    // The summary names the wrong answer after the spec's line.
    expect(incomplete.body.message).toBe(
      `${FILL_REQUIRED}\n- Shares purchased of Ada Lovelace: Field required`,
    );
    expect(incomplete.body.fields).toEqual({ [`founders.${founderId}.shares`]: 'Field required' });
    expect((await save(me, id, 'shares', '4000000', founderId)).status).toBe(200);
    const form = await call(me, 'GET', `/api/account/transaction/${id}/questionnaire`);
    const shown = Object.fromEntries((form.body.questions as Json[]).map((q) => [q.id, q]));
    expect(shown.company_name).toMatchObject({ value: 'Acme Rockets, Inc.', resources: null });
    expect(shown.founders).toMatchObject({
      value: null,
      resources: [
        {
          resource_id: founderId,
          resource_name: 'Ada Lovelace',
          values: { email: 'ada@example.com', title: 'CEO', shares: '4000000' },
        },
      ],
    });

    // Another workspace sees none of it.
    expect((await call(other, 'GET', `/api/account/transaction/${id}`)).status).toBe(404);
    expect((await save(other, id, 'company_name', 'Evil, Inc.')).status).toBe(404);
    expect((await call(other, 'GET', `/api/account/resource/${founderId}`)).status).toBe(404);

    const validated = await call(me, 'PUT', `/api/account/transaction/${id}`, { validated_questionnaire: 1 });
    expect(validated.status).toBe(200);
    expect(validated.body).toMatchObject({ validated_questionnaire: true, status: 'In Progress' });

    const finalized = await call(me, 'POST', `/api/account/transaction/${id}/finalize`, {
      finalize_snapshot: {},
      auto_send: 0,
      redline_enabled: 0,
    });
    expect(finalized.status).toBe(200);
    expect(finalized.body).toMatchObject({ open: false, state: 'Processing' });
    expect(finalized.body.finalize_snapshot).toMatchObject({
      company_name: 'Acme Rockets, Inc.',
      founders: [{ name: 'Ada Lovelace', email: 'ada@example.com', shares: '4000000' }],
    });
    expect((await save(me, id, 'company_name', 'Other, Inc.')).status).toBe(409);
    expect((await call(me, 'POST', `/api/account/transaction/${id}/finalize`, {})).status).toBe(409);

    await t.ctx.jobs.drain();
    const done = await call(me, 'GET', `/api/account/transaction/${id}`);
    expect(done.body).toMatchObject({ state: 'Completed', status: 'Completed' });
    for (const task of done.body.tasks as Json[]) {
      expect(task).toMatchObject({ state: 'Completed', status_label: 'Completed' });
      expect(task.document).toMatchObject({ status: 'document.completed', revision_count: 0 });
      expect(task.timeline.map((e: Json) => e.label)).toEqual([
        'Document generated',
        'Task submitted',
        'Task created',
      ]);
    }
    // Each generated document told the workspace's open pages to refresh (the live channel).
    const announced = await t.ctx.db
      .select({ event: liveEvents.event, audience: liveEvents.audience })
      .from(liveEvents)
      .where(eq(liveEvents.accountId, me.account!.id));
    expect(announced.filter((e) => e.event.type === 'refresh_documents')).toHaveLength(4);
    expect(announced).toContainEqual({
      event: { type: 'refresh_timeline', transaction_id: id },
      audience: { taskModuleId: project.template.module_id },
    });
    const documents = await call(me, 'GET', `/api/account/transaction/${id}/documents`);
    expect(documents.body.map((d: Json) => d.filename).sort()).toEqual([
      'Bylaws.pdf',
      'Certificate of Incorporation.pdf',
      'Founder Stock Purchase Agreements.pdf',
      'Initial Board Consent.pdf',
    ]);
    const certificate = (documents.body as Json[]).find((d) => d.label === 'Certificate of Incorporation');
    const file = await call(me, 'GET', `/api/account/box/file/${certificate?.box_file_id}`);
    expect(file.status).toBe(200);
    expect(file.raw.headers['content-type']).toBe('application/pdf');
    expect(file.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(other, 'GET', `/api/account/box/file/${certificate?.box_file_id}`)).status).toBe(404);

    // Completed: the project can no longer be deleted, a listed resource no longer removed; the abilities
    // sent with each say so before anyone tries.
    expect((await call(me, 'GET', `/api/account/project/${project.id}`)).body.abilities).toEqual({
      rename: true,
      delete: false,
    });
    expect((await call(me, 'GET', `/api/account/transaction/${id}`)).body.abilities).toEqual({
      edit: false,
      submit: false,
      reopen: false,
      delete: false,
    });
    const deleteProject = await call(me, 'DELETE', `/api/account/project/${project.id}`);
    expect(deleteProject.status).toBe(409);
    expect(deleteProject.body.message).toBe(PROJECT_HAS_COMPLETED);
    expect((await call(me, 'DELETE', `/api/account/resource/${founderId}`)).status).toBe(409);
    // Generated documents are completed ones: reopening is refused.
    expect((await call(me, 'PATCH', `/api/account/transaction/${id}/reopen`)).status).toBe(409);
  });

  it("takes another party's name as it is: an NDA counterparty needs no US suffix", async () => {
    const project = await start(me, 'mutual-nda');
    const id = (project.groupedTransactions as Json[])[0].id as number;
    const questionnaire = await call(me, 'GET', `/api/account/transaction/${id}/questionnaire`);
    const questions = questionnaire.body.questions as Json[];
    expect(questions.find((q) => q.id === 'counterparty')?.party).toBe('other');
    for (const name of ['Globex', 'Siemens AG', 'Jane Doe', 'Globex Corporation']) {
      expect((await save(me, id, 'counterparty', name)).status, name).toBe(200);
    }
    const placeholder = await save(me, id, 'counterparty', 'TBD');
    expect(placeholder.status).toBe(400);
    expect(placeholder.body.fields).toEqual({ counterparty: 'Please replace input with full legal name.' });
  });

  it('blocks a group until the prior one is submitted, and applies modes, variants, reopen and delete rules', async () => {
    const project = await start(me, 'test-two-steps');
    const [first, second] = project.groupedTransactions as Json[];
    expect(second.order_block_info).toEqual({ blocking: true });
    expect((await save(me, second.id, 'note', 'hello')).status).toBe(200);
    await call(me, 'PUT', `/api/account/transaction/${second.id}`, { validated_questionnaire: 1 });
    const blocked = await call(me, 'POST', `/api/account/transaction/${second.id}/finalize`, {});
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toBe(PRIOR_TASKS_PENDING);

    const memo = first.tasks[0] as Json;
    expect((await call(me, 'PUT', `/api/account/task/${memo.id}`, { action: 'custom' })).status).toBe(400);
    const skip = await call(me, 'PUT', `/api/account/task/${memo.id}`, { action: 'skip' });
    expect(skip.body).toEqual({ message: 'Process set to skip.' });
    const enable = await call(me, 'PUT', `/api/account/task/${memo.id}`, { action: 'enable' });
    expect(enable.body).toEqual({ message: 'Process enabled.' });

    expect((await save(me, first.id, 'title', 'Quarterly')).status).toBe(200);
    await call(me, 'PUT', `/api/account/transaction/${first.id}`, { validated_questionnaire: true });
    const variant = await call(me, 'PUT', `/api/account/task/${memo.id}`, { template_variant_id: 'formal' });
    expect(variant.body).toEqual({ message: 'Task Template Updated.' });
    const reset = await call(me, 'GET', `/api/account/transaction/${first.id}`);
    expect(reset.body).toMatchObject({ validated_questionnaire: false, status: 'Form Incomplete' });
    // Not validated: finalize refuses.
    expect((await call(me, 'POST', `/api/account/transaction/${first.id}/finalize`, {})).status).toBe(400);
    await call(me, 'PUT', `/api/account/transaction/${first.id}`, { validated_questionnaire: true });
    expect((await call(me, 'POST', `/api/account/transaction/${first.id}/finalize`, {})).status).toBe(200);
    // delete_level 1: only while unsubmitted.
    expect(project.groupedTransactions[0].abilities).toMatchObject({ delete: true });
    const submitted = await call(me, 'GET', `/api/account/transaction/${first.id}`);
    expect(submitted.body.abilities).toMatchObject({ delete: false, edit: false });
    expect((await call(me, 'DELETE', `/api/account/transaction/${first.id}`)).status).toBe(409);
    await t.ctx.jobs.drain();
    const memoDone = await call(me, 'GET', `/api/account/transaction/${first.id}`);
    expect(memoDone.body.tasks[0].template_variant.id).toBe('formal');

    const finalized = await call(me, 'POST', `/api/account/transaction/${second.id}/finalize`, {});
    expect(finalized.status).toBe(200);
    // Only a skipped task: nothing to generate, the group is done at once.
    expect(finalized.body).toMatchObject({ state: 'Completed', status: 'Completed' });
    expect(finalized.body.abilities).toEqual({ edit: false, submit: false, reopen: true, delete: true });
    const reopened = await call(me, 'PATCH', `/api/account/transaction/${second.id}/reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({
      open: true,
      validated_questionnaire: false,
      status: 'Form Incomplete',
    });
    expect((await call(other, 'DELETE', `/api/account/transaction/${second.id}`)).status).toBe(404);
    expect((await call(me, 'DELETE', `/api/account/transaction/${second.id}`)).status).toBe(204);
  });

  it("takes only an LLC's suffix for the LLC's name, with the spec's message for another type's", async () => {
    const fresh = await signedIn(t);
    const group = ((await start(fresh, 'form-llc')).groupedTransactions as Json[])[0];
    for (const name of ['Lone Star Holdings Inc.', 'Lone Star Holdings, Corp.', 'Lone Star L.P.']) {
      const refused = await save(fresh, group.id, 'company_name', name);
      expect(refused.status, name).toBe(400);
      expect(refused.body.fields).toEqual({
        company_name: 'Please select a Company suffix of your Entity Type.',
      });
    }
    expect((await save(fresh, group.id, 'company_name', 'Lone Star Holdings, LLC')).status).toBe(200);
  });

  it('numbers a repeated workflow and its group, and names the group by the answer that says who it is for', async () => {
    const fresh = await signedIn(t);
    const first = await start(fresh, 'onboard-employee');
    const second = await start(fresh, 'onboard-employee');
    const labels = async (project: Json) => {
      const group = (project.groupedTransactions as Json[])[0];
      const view = await call(fresh, 'GET', `/api/account/transaction/${group.id}`);
      return [view.body.project_label, view.body.label];
    };
    expect(await labels(first)).toEqual(['Onboard an Employee', 'The hire']);
    expect(await labels(second)).toEqual(['Onboard an Employee 2', 'The hire 2']);
    const hire = (second.groupedTransactions as Json[])[0].id as number;
    expect((await save(fresh, hire, 'employee_name', 'Jane Doe')).status).toBe(200);
    expect(await labels(second)).toEqual(['Onboard an Employee 2', 'The hire: Jane Doe']);
    const listed = await call(fresh, 'GET', '/api/account/transaction');
    expect((listed.body as Json[]).map((g) => g.label).sort()).toEqual(['The hire', 'The hire: Jane Doe']);
    // A number still in use is skipped: the first one deleted, the next is the third, not a second 'The hire 2'.
    const third = await start(fresh, 'onboard-employee');
    expect(await labels(third)).toEqual(['Onboard an Employee 3', 'The hire 3']);
    expect((await call(fresh, 'DELETE', `/api/account/transaction/${hire}`)).status).toBe(204);
    expect(await labels(await start(fresh, 'onboard-employee'))).toEqual([
      'Onboard an Employee 4',
      'The hire 4',
    ]);
    // Another workspace's hires do not count.
    const elsewhere = await signedIn(t);
    const theirs = await start(elsewhere, 'onboard-employee');
    const theirGroup = (theirs.groupedTransactions as Json[])[0];
    expect(theirs.label).toBe('Onboard an Employee');
    expect(theirGroup.label).toBe('The hire');
  });

  it('removes a workflow with its last task group, so a non-repeatable one can start again', async () => {
    const fresh = await signedIn(t);
    const project = await start(fresh, 'form-llc');
    const [only] = project.groupedTransactions as Json[];
    expect((await call(fresh, 'DELETE', `/api/account/transaction/${only.id}`)).status).toBe(204);
    expect((await call(fresh, 'GET', `/api/account/project/${project.id}`)).status).toBe(404);
    const again = await call(fresh, 'POST', '/api/account/project_template/form-llc/create', {});
    expect(again.status).toBe(201);
    expect(again.body.groupedTransactions).toHaveLength(1);
  });

  it('lists, renames and connects resources within the workspace', async () => {
    const project = await start(me, 'form-llc');
    const group = (project.groupedTransactions as Json[])[0];
    const questionnaire = await call(me, 'GET', `/api/account/transaction/${group.id}/questionnaire`);
    const list = (questionnaire.body.questions as Json[]).find((q) => q.type === 'resource_list');
    expect(list).toBeDefined();
    const draft = await call(me, 'POST', '/api/account/resource', {
      name: 'Grace Hopper',
      transaction_id: group.id,
      question_id: list?.id,
    });
    const existing = await call(me, 'POST', '/api/account/resource', {
      name: 'Grace B. Hopper',
      resource_type_id: draft.body.resource_type_id,
    });
    const emptyName = await call(me, 'POST', '/api/account/resource', { name: '  ', resource_type_id: 2 });
    expect(emptyName.status).toBe(400);
    const listed = await call(
      me,
      'GET',
      `/api/account/resource/?resource_type_id=${draft.body.resource_type_id}`,
    );
    expect(listed.body.map((r: Json) => r.name)).toEqual(
      expect.arrayContaining(['Grace Hopper', 'Grace B. Hopper']),
    );
    expect((await call(other, 'GET', '/api/account/resource/')).body).toEqual([]);

    const merged = await call(me, 'PUT', `/api/account/resource/merge/${draft.body.id}/${existing.body.id}`);
    expect(merged.status).toBe(200);
    const after = await call(me, 'GET', `/api/account/transaction/${group.id}/questionnaire`);
    const entries = (after.body.questions as Json[]).find((q) => q.id === list?.id)?.resources as Json[];
    expect(entries.map((e) => e.resource_id)).toEqual([existing.body.id]);
    expect((await call(me, 'GET', `/api/account/resource/${draft.body.id}`)).status).toBe(404);

    const renamed = await call(me, 'PATCH', `/api/account/resource/${existing.body.id}`, {
      name: 'Grace Hopper',
    });
    expect(renamed.body.name).toBe('Grace Hopper');
    const cleared = await call(me, 'PUT', `/api/account/transaction/${group.id}/set_resource`, {
      question_id: list?.id,
      resource_ids: [],
    });
    expect(cleared.status).toBe(200);
    const foreign = await call(other, 'PUT', `/api/account/transaction/${group.id}/set_resource`, {
      question_id: list?.id,
      resource_ids: [existing.body.id],
    });
    expect(foreign.status).toBe(404);
  });

  it('keeps a to-do per open task group: assign, reassign, delete, within the workspace', async () => {
    const project = await start(me, 'board-consent');
    const group = (project.groupedTransactions as Json[])[0];
    const list = await call(me, 'GET', '/api/account/recommendation');
    const todo = (list.body as unknown as Json[]).find((r) => r.transaction.id === group.id);
    expect(todo).toMatchObject({
      assignee: null,
      transaction: { label: group.label, status: 'Not Started' },
    });
    expect((await call(null, 'GET', '/api/account/recommendation')).status).toBe(401);
    expect((await call(other, 'GET', '/api/account/recommendation')).body).toEqual([]);

    const options = await call(me, 'GET', '/api/account/recommendation/project_template/board-consent');
    expect((options.body as unknown as Json[]).map((o) => o.id)).toEqual([me.user.id]);
    const assigned = await call(me, 'POST', `/api/account/transaction/${group.id}/assign`, {
      assignee_id: me.user.id,
    });
    expect(assigned.body).toEqual({ message: 'Task To-do assigned!' });
    const stranger = await call(me, 'PATCH', `/api/account/recommendation/${todo?.id}`, {
      assignee_id: other.user.id,
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('Choose a member of this workspace.');
    const cleared = await call(me, 'PATCH', `/api/account/recommendation/${todo?.id}`, { assignee_id: null });
    expect(cleared.body).toEqual({ message: 'Assignee Updated.' });
    expect((await call(other, 'DELETE', `/api/account/recommendation/${todo?.id}`)).status).toBe(404);
    expect((await call(me, 'DELETE', `/api/account/recommendation/${todo?.id}`)).body).toEqual({
      message: 'To-do deleted',
    });
    const after = await call(me, 'GET', '/api/account/recommendation');
    expect((after.body as unknown as Json[]).some((r) => r.id === todo?.id)).toBe(false);
  });

  /** A two-step workflow finalized while storage is full: its first task's generation failed for good. */
  async function failedGeneration(who: Me) {
    const project = await start(who, 'test-two-steps');
    const first = (project.groupedTransactions as Json[])[0];
    await save(who, first.id, 'title', 'Fragile');
    await call(who, 'PUT', `/api/account/transaction/${first.id}`, { validated_questionnaire: 1 });
    const storage = t.ctx.storage;
    const put = storage.put;
    storage.put = async () => {
      throw new Error('disk full');
    };
    try {
      expect((await call(who, 'POST', `/api/account/transaction/${first.id}/finalize`, {})).status).toBe(200);
      await t.ctx.db.update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.status, 'queued'));
      await t.ctx.jobs.drain();
    } finally {
      storage.put = put;
    }
    const failed = await call(who, 'GET', `/api/account/transaction/${first.id}`);
    expect(failed.body.tasks[0]).toMatchObject({
      state: 'Failed',
      status_label: 'Generation failed',
      document: null,
    });
    expect(failed.body.tasks[0].timeline[0].label).toBe('Generation failed');
    return { transactionId: first.id as number, taskId: failed.body.tasks[0].id as number };
  }

  it('shows a generation that failed for good, and runs it again on Retry', async () => {
    const { transactionId, taskId: memo } = await failedGeneration(me);
    expect((await call(other, 'PUT', `/api/account/task/${memo}`, { action: 'retry' })).status).toBe(404);
    const retry = await call(me, 'PUT', `/api/account/task/${memo}`, { action: 'retry' });
    expect(retry.body).toEqual({ message: 'Requested action submitted.' });
    expect((await call(me, 'PUT', `/api/account/task/${memo}`, { action: 'retry' })).status).toBe(409);
    await t.ctx.jobs.drain();
    const done = await call(me, 'GET', `/api/account/transaction/${transactionId}`);
    expect(done.body.tasks[0]).toMatchObject({
      state: 'Completed',
      document: { status: 'document.completed' },
    });
  });

  it('generates the document when staff retry the generation job that failed for good', async () => {
    const owner = await signedIn(t);
    const staff = await signedIn(t, { staff: true });
    const { transactionId, taskId } = await failedGeneration(owner);
    const [job] = await t.ctx.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = ${GENERATE_JOB} and (${jobs.payload}->>'taskId')::int = ${taskId}`);
    expect(job).toMatchObject({ status: 'failed', lastError: 'disk full' });
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/staff/jobs/${job.id}/retry`,
      headers: { authorization: staff.bearer },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const reopened = await call(owner, 'GET', `/api/account/transaction/${transactionId}`);
    expect(reopened.body.tasks[0]).toMatchObject({ state: 'Processing', status_label: 'Processing' });
    await t.ctx.jobs.drain();
    const [after] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(after.status).toBe('done');
    const done = await call(owner, 'GET', `/api/account/transaction/${transactionId}`);
    expect(done.body.tasks[0]).toMatchObject({
      state: 'Completed',
      document: { status: 'document.completed' },
    });
  });

  it('finalizes an assessment from its form, with the workspace name fixed, and restarts it', async () => {
    const project = await start(me, 'legal-health-check');
    const group = (project.groupedTransactions as Json[])[0];
    expect(group).toMatchObject({ allow_reopen: true, template: { is_assessment: true } });
    const questionnaire = await call(me, 'GET', `/api/account/transaction/${group.id}/questionnaire`);
    const company = (questionnaire.body.questions as Json[]).find((q) => q.id === 'company_name');
    expect(company).toMatchObject({ fixed: true, value: me.account?.companyName });
    expect((await save(me, group.id, 'company_name', 'Other, Inc.')).status).toBe(403);
    const early = await call(me, 'POST', `/api/account/transaction/${group.id}/finalize`, {});
    expect(early.status).toBe(400);
    expect(early.body.message.split('\n')).toEqual([
      '- Fill out all required fields before continuing.',
      '- The company has adopted bylaws: Selection required',
      '- Founder shares are subject to vesting: Selection required',
      '- Every founder has assigned their IP to the company: Selection required',
    ]);
    for (const id of ['has_bylaws', 'founders_vest', 'ip_assigned']) await save(me, group.id, id, 'true');
    const done = await call(me, 'POST', `/api/account/transaction/${group.id}/finalize`, {});
    expect(done.status).toBe(200);
    expect(done.body.finalize_snapshot).toMatchObject({
      has_bylaws: 'true',
      company_name: me.account?.companyName,
    });
    await t.ctx.jobs.drain();
    const report = await call(me, 'GET', `/api/account/transaction/${group.id}`);
    expect(report.body).toMatchObject({ status: 'Completed' });
    expect(report.body.abilities).toMatchObject({ reopen: true });
    const restarted = await call(me, 'PATCH', `/api/account/transaction/${group.id}/reopen`);
    expect(restarted.body).toMatchObject({ open: true, validated_questionnaire: false });
  });

  it('gives workflow roles to members of the workspace only', async () => {
    const project = await start(me, 'safe-financing');
    const options = await call(me, 'GET', '/api/account/counsel');
    expect(options.body.roles).toContain('Attorney');
    expect(options.body.users.map((u: Json) => u.id)).toEqual([me.user.id]);
    const url = `/api/account/project/${project.id}/counsel`;
    expect((await call(null, 'POST', url, { counsel_type: 'Attorney', user_id: me.user.id })).status).toBe(
      401,
    );
    const badRole = await call(me, 'POST', url, { counsel_type: 'Wizard', user_id: me.user.id });
    expect(badRole.body.message).toBe('Role required');
    const stranger = await call(me, 'POST', url, { counsel_type: 'Attorney', user_id: other.user.id });
    expect(stranger.body.message).toBe('Choose a member of this workspace.');
    expect(
      (await call(other, 'POST', url, { counsel_type: 'Attorney', user_id: other.user.id })).status,
    ).toBe(404);
    const added = await call(me, 'POST', url, { counsel_type: 'Attorney', user_id: me.user.id });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ counsel_type: 'Attorney', user: { id: me.user.id } });
    const read = await call(me, 'GET', `/api/account/project/${project.id}`);
    expect(read.body.counsel.map((c: Json) => c.counsel_type)).toEqual(['Attorney']);
    expect((await call(other, 'DELETE', `${url}/${added.body.id}`)).status).toBe(404);
    expect((await call(me, 'DELETE', `${url}/${added.body.id}`)).status).toBe(204);
    expect((await call(me, 'GET', `/api/account/project/${project.id}`)).body.counsel).toEqual([]);
  });

  it('keeps the recipients of a document, and lists the documents of a user across workspaces', async () => {
    const [document] = (await call(me, 'GET', '/api/account/document_history')).body as unknown as Json[];
    expect(document).toBeDefined();
    const url = '/api/account/document_history/email_recipient';
    const missing = await call(me, 'POST', url, { document_id: document.id, email: 'ann@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please fill out all fields');
    const badEmail = await call(me, 'POST', url, {
      document_id: document.id,
      email: 'ann@',
      metadata: { name: 'Ann Lee', role: 'Signer' },
    });
    expect(badEmail.body.message).toBe('Invalid email address');
    const foreign = await call(other, 'POST', url, {
      document_id: document.id,
      email: 'x@example.com',
      metadata: { name: 'X' },
    });
    expect(foreign.status).toBe(404);
    const added = await call(me, 'POST', url, {
      document_id: document.id,
      email: 'Ann@Example.com',
      metadata: { name: 'Ann Lee' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: 'Lee',
      signed: false,
      metadata: { name: 'Ann Lee', role: 'Signer' },
    });
    const again = await call(me, 'POST', url, {
      document_id: document.id,
      email: 'ann@example.com',
      metadata: { name: 'Ann' },
    });
    expect(again.status).toBe(409);
    const listed = await call(me, 'GET', `/api/account/document_history/${document.id}/email_recipient`);
    expect((listed.body as unknown as Json[]).map((r) => r.email)).toEqual(['ann@example.com']);
    expect((await call(other, 'DELETE', `${url}/${added.body.id}`)).status).toBe(404);
    expect((await call(me, 'DELETE', `${url}/${added.body.id}`)).status).toBe(204);

    const mine = await t.app.inject({ url: '/api/user/document', headers: { authorization: me.bearer } });
    expect(mine.statusCode).toBe(200);
    const documents = mine.json() as Json[];
    expect(documents.some((d) => d.id === document.id && d.account_id === me.account?.id)).toBe(true);
    const theirs = await t.app.inject({
      url: '/api/user/document',
      headers: { authorization: other.bearer },
    });
    expect((theirs.json() as Json[]).some((d) => d.id === document.id)).toBe(false);
    expect((await t.app.inject({ url: '/api/user/document' })).statusCode).toBe(401);
    const link = await t.app.inject({
      url: `/api/user/document/${document.id}/token`,
      headers: { authorization: me.bearer },
    });
    expect(link.statusCode).toBe(200);
    const opened = await t.app.inject({ url: (link.json() as Json).url });
    expect(opened.headers['content-type']).toBe('application/pdf');
    const refused = await t.app.inject({
      url: `/api/user/document/${document.id}/token`,
      headers: { authorization: other.bearer },
    });
    expect(refused.statusCode).toBe(404);
  });
});
