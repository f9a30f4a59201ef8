import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  APPROVED_FOR_SIGNATURE,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  REDLINE_UNAVAILABLE,
  REDLINING_ALLOWED,
  REDLINING_OFF,
  REVIEW_LINK_INVALID,
  REVIEWER_FIRST_NAME_REQUIRED,
  REVIEWER_LAST_NAME_REQUIRED,
  REVIEWER_SET,
  SUGGESTION_QUOTE_CHANGED,
  SUGGESTION_SIGNING_TAG,
  SUGGESTIONS_APPROVED,
  SUGGESTIONS_OVERLAP,
} from '@charter/domain';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema/index.ts';
import { accountCaller, type Json, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { SIGNATURE_PNG } from './support/signature-png.ts';
import { uploadAs } from './support/workspace-rows.ts';

let t: TestApp;
const call = accountCaller(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const visitor = { 'user-agent': 'Mozilla/5.0 (test reviewer)' };
const publicCall = async (url: string, payload?: Json) => {
  const res = await t.app.inject({ method: 'POST', url, payload, headers: visitor });
  const json = res.headers['content-type']?.toString().startsWith('application/json');
  return { status: res.statusCode, body: (json ? res.json() : {}) as Json };
};

/** The secret of the newest link of `kind` (review or sign) emailed to `email`. */
async function linkFor(email: string, kind: 'review' | 'sign') {
  const mails = await t.mailTo(email);
  const match = mails
    .map((m) => m.text.match(new RegExp(`/${kind}/([A-Za-z0-9_-]+)`)))
    .filter(Boolean)
    .at(-1);
  if (!match) throw new Error(`no ${kind} link for ${email}`);
  return match[1];
}

const ours = { name: 'Wile E. Coyote', email: 'wile@acme.example' };
const theirs = { name: 'Hank Scorpio', email: 'legal@globex.example' };

/** A generated Mutual NDA (its task group allows redlining), a signing draft for both parties. */
async function generatedNda(owner: SignedIn, before?: (groupId: number) => Promise<void>, autoSend = 0) {
  const project = (await call(owner, 'POST', '/api/account/project_template/mutual-nda/create', {})).body;
  const group = project.groupedTransactions[0];
  await before?.(group.id);
  for (const [id, value] of [
    ['signer_name', ours.name],
    ['signer_email', ours.email],
    ['counterparty', 'Globex Corporation'],
    ['counterparty_signer', theirs.name],
    ['counterparty_email', theirs.email],
    ['purpose', 'A pilot project'],
    ['effective_date', '04/01/2026'],
  ]) {
    await call(owner, 'POST', '/api/account/flat_feature', {
      transaction_id: group.id,
      feature_type_id: id,
      value,
    });
  }
  await call(owner, 'PUT', `/api/account/transaction/${group.id}`, { validated_questionnaire: 1 });
  const finalized = await call(owner, 'POST', `/api/account/transaction/${group.id}/finalize`, {
    auto_send: autoSend,
  });
  expect(finalized.status).toBe(200);
  await t.ctx.jobs.drain();
  const listed = await call(owner, 'GET', `/api/account/pandadoc/documents?task_id=${group.tasks[0].id}`);
  return { group, id: listed.body[0].document.id as number };
}

async function pdfText(fileId: number) {
  const [row] = await t.ctx.db.select().from(files).where(eq(files.id, fileId));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-revision-'));
  const file = path.join(dir, 'revision.pdf');
  fs.writeFileSync(file, await t.ctx.storage.get(row.storageKey));
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

async function onePagePdf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]);
  return Buffer.from(await pdf.save());
}

/** A passage of the text as the review page selects it. */
const passage = (markdown: string, quote: string) => {
  const start = markdown.indexOf(quote);
  expect(start, quote).toBeGreaterThanOrEqual(0);
  return { start, end: start + quote.length, quote };
};

describe('reviewers and redlining', () => {
  it('takes a suggestion from an emailed link to an approved revision, refusing overlaps and stale quotes', async () => {
    const owner = await signedIn(t);
    const { group, id } = await generatedNda(owner);
    const base = `/api/account/pandadoc/documents/${id}`;

    // The Add Reviewer rules: both names, a valid email for everyone.
    const bad = await call(owner, 'POST', `${base}/reviewer`, {
      reviewers: [
        { first_name: '', last_name: ' ', email: 'nope' },
        { first_name: 'Lee', last_name: 'Reviewer', email: '' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      'reviewers.0.first_name': REVIEWER_FIRST_NAME_REQUIRED,
      'reviewers.0.last_name': REVIEWER_LAST_NAME_REQUIRED,
      'reviewers.0.email': EMAIL_INVALID,
      'reviewers.1.email': EMAIL_REQUIRED,
    });
    expect((await call(null, 'GET', `${base}/reviewer`)).status).toBe(401);
    const set = await call(owner, 'POST', `${base}/reviewer`, {
      reviewers: [{ first_name: 'Rita', last_name: 'Counsel', email: 'Rita@Globex.example' }],
    });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe(REVIEWER_SET);
    expect(set.body.reviewers).toMatchObject([{ first_name: 'Rita', email: 'rita@globex.example' }]);
    const task = (await call(owner, 'GET', `/api/account/transaction/${group.id}`)).body.tasks[0];
    expect(task.status_label).toBe('Awaiting Review');

    const secret = await linkFor('rita@globex.example', 'review');
    expect((await publicCall('/api/public/review/not-a-real-secret-at-all/open')).body.message).toBe(
      REVIEW_LINK_INVALID,
    );
    const opened = await publicCall(`/api/public/review/${secret}/open`);
    expect(opened.status).toBe(200);
    const markdown = opened.body.document.markdown as string;
    expect(markdown).toContain('A pilot project');
    expect(opened.body.document).toMatchObject({
      revision: 0,
      redline_available: true,
      redlining_allowed: false,
    });

    // Redlining starts disabled: a change is refused, a comment is welcome.
    const pilot = passage(markdown, 'A pilot project');
    const replace = { kind: 'replace', ...pilot, text: 'A joint venture', comment: 'Broader', revision: 0 };
    const refused = await publicCall(`/api/public/review/${secret}/suggestions`, replace);
    expect(refused).toMatchObject({ status: 409, body: { message: REDLINING_OFF } });
    const comment = { kind: 'comment', comment: 'Looks fine otherwise', revision: 0 };
    expect((await publicCall(`/api/public/review/${secret}/suggestions`, comment)).status).toBe(200);

    const allowed = await call(owner, 'PATCH', `${base}/redline`, { redlining_allowed: true });
    expect(allowed.body).toEqual({ message: REDLINING_ALLOWED });
    const flagged = (await call(owner, 'GET', `/api/account/transaction/${group.id}`)).body;
    expect(flagged.redlining).toBe(true);
    expect(flagged.tasks[0].document.redlining_allowed).toBe(true);
    // Words only: a signing tag in suggested text would become a field once accepted.
    const tagged = await publicCall(`/api/public/review/${secret}/suggestions`, {
      ...replace,
      text: 'A pilot {{sign:Company}}',
    });
    expect(tagged.status).toBe(400);
    expect(tagged.body.message).toBe(SUGGESTION_SIGNING_TAG);
    const made = await publicCall(`/api/public/review/${secret}/suggestions`, replace);
    expect(made.status).toBe(200);
    const stale = { ...replace, quote: 'A pilot projeXt' };
    expect((await publicCall(`/api/public/review/${secret}/suggestions`, stale)).body.message).toBe(
      SUGGESTION_QUOTE_CHANGED,
    );
    // Deleting the sentence that holds the same words overlaps the replacement.
    const sentence = passage(markdown, 'to evaluate A pilot project');
    const overlapping = { kind: 'delete', ...sentence, comment: 'Not needed', revision: 0 };
    const second = await publicCall(`/api/public/review/${secret}/suggestions`, overlapping);
    expect(second.body.suggestions.map((s: Json) => s.kind)).toEqual(['comment', 'replace', 'delete']);
    expect(
      (await call(owner, 'GET', `/api/account/transaction/${group.id}`)).body.tasks[0].status_label,
    ).toBe('Pending Suggestions');

    const redline = (await call(owner, 'GET', `${base}/redline`)).body;
    const [, replacement, deletion] = redline.suggestions as Json[];
    for (const s of [replacement, deletion]) {
      expect((await call(owner, 'PUT', `${base}/suggestions/${s.id}`, { status: 'accepted' })).status).toBe(
        200,
      );
    }
    const overlap = await call(owner, 'POST', `${base}/redline`);
    expect(overlap).toMatchObject({ status: 400, body: { message: SUGGESTIONS_OVERLAP } });
    await call(owner, 'PUT', `${base}/suggestions/${deletion.id}`, { status: 'rejected' });
    const approved = await call(owner, 'POST', `${base}/redline`);
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe(SUGGESTIONS_APPROVED);
    const revised = approved.body.redline;
    expect(revised.document).toMatchObject({ revision_count: 1, status: 'document.waiting_approval' });
    expect(revised.revision).toBe(1);
    expect(revised.markdown).toContain('to evaluate A joint venture');
    expect(revised.suggestions.map((s: Json) => s.status)).toEqual(['outdated', 'applied', 'rejected']);
    expect(revised.document.original_file_id).not.toBe(redline.document.original_file_id);
    expect(await pdfText(revised.document.original_file_id)).toContain('A joint venture');
    const after = (await call(owner, 'GET', `/api/account/transaction/${group.id}`)).body.tasks[0];
    expect(after.document.revision_count).toBe(1);
    // The new revision's signing fields replaced the old ones; the recipients stayed.
    const signing = (await call(owner, 'GET', `/api/account/signing/documents/${id}`)).body;
    expect(signing.state).toBe('draft');
    expect(signing.recipients.map((r: Json) => r.email).sort()).toEqual([theirs.email, ours.email].sort());
    expect(signing.fields.every((f: Json) => f.recipient_id !== null)).toBe(true);

    // Another workspace sees nothing of it.
    const stranger = await signedIn(t);
    expect((await call(stranger, 'GET', `${base}/redline`)).status).toBe(404);
    expect((await call(stranger, 'POST', `${base}/reviewer`, { reviewers: [] })).status).toBe(404);
  });

  it('voids the signatures of the earlier revision when a change is approved after a signature', async () => {
    const owner = await signedIn(t);
    const { id } = await generatedNda(owner);
    const base = `/api/account/pandadoc/documents/${id}`;
    await call(owner, 'PATCH', `${base}/redline`, { redlining_allowed: true });
    const sent = await call(owner, 'POST', `${base}/approve`);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(APPROVED_FOR_SIGNATURE);
    expect(sent.body.redline.signing_state).toBe('sent');

    const signLink = await linkFor(theirs.email, 'sign');
    const opened = await publicCall(`/api/public/sign/${signLink}/open`);
    await publicCall(`/api/public/sign/${signLink}/consent`);
    const values: Record<string, string> = {};
    for (const field of opened.body.fields.filter((f: Json) => f.mine)) {
      if (field.kind === 'date') values[String(field.id)] = '11/25/2026';
      if (field.kind === 'name' || field.kind === 'text') values[String(field.id)] = theirs.name;
    }
    const signed = await publicCall(`/api/public/sign/${signLink}/sign`, {
      signature: { how: 'type', image: SIGNATURE_PNG, text: theirs.name },
      values,
    });
    expect(signed.status).toBe(200);

    await call(owner, 'POST', `${base}/reviewer`, {
      reviewers: [{ first_name: 'Rita', last_name: 'Counsel', email: 'rita@globex.example' }],
    });
    const secret = await linkFor('rita@globex.example', 'review');
    const markdown = (await publicCall(`/api/public/review/${secret}/open`)).body.document.markdown;
    const made = await publicCall(`/api/public/review/${secret}/suggestions`, {
      kind: 'insert',
      ...passage(markdown, 'A pilot project'),
      text: ' in Springfield',
      comment: 'Where',
      revision: 0,
    });
    const suggestion = made.body.suggestions[0];
    await call(owner, 'PUT', `${base}/suggestions/${suggestion.id}`, { status: 'accepted' });
    const approved = await call(owner, 'POST', `${base}/redline`);
    expect(approved.status).toBe(200);
    expect(approved.body.redline.markdown).toContain('A pilot project in Springfield');

    const signing = (await call(owner, 'GET', `/api/account/signing/documents/${id}`)).body;
    expect(signing.state).toBe('draft');
    expect(signing.recipients.every((r: Json) => r.state === 'not_sent')).toBe(true);
    expect(signing.events.map((e: Json) => e.kind)).toContain('revised');
    // The old link no longer signs anything; the signer was told.
    expect((await publicCall(`/api/public/sign/${signLink}/open`)).status).toBe(404);
    expect((await t.mailTo(theirs.email)).some((m) => m.subject.startsWith('Voided'))).toBe(true);
    // Approved again for signature: new links go out for the new revision.
    expect((await call(owner, 'POST', `${base}/approve`)).body.redline.signing_state).toBe('sent');
  });

  it('lets reviewers of an upload only comment; its redlining cannot be allowed', async () => {
    const owner = await signedIn(t);
    const uploaded = await uploadAs(t, owner, '/api/account/storage/upload?path=/Deals', [
      { filename: 'Upload.pdf', content: await onePagePdf() },
    ]);
    const created = await call(owner, 'POST', '/api/account/signing/documents', {
      file_id: uploaded.body[0].id,
    });
    const base = `/api/account/pandadoc/documents/${created.body.document.id}`;
    expect((await call(owner, 'PATCH', `${base}/redline`, { redlining_allowed: true })).body.message).toBe(
      REDLINE_UNAVAILABLE,
    );
    await call(owner, 'POST', `${base}/reviewer`, {
      reviewers: [{ first_name: 'Una', last_name: 'Upload', email: 'una@example.com' }],
    });
    const secret = await linkFor('una@example.com', 'review');
    const opened = await publicCall(`/api/public/review/${secret}/open`);
    expect(opened.body.document).toMatchObject({ markdown: null, redline_available: false });
    const change = { kind: 'replace', start: 0, end: 1, quote: 'x', text: 'y', revision: 0 };
    expect((await publicCall(`/api/public/review/${secret}/suggestions`, change)).body.message).toBe(
      REDLINE_UNAVAILABLE,
    );
    const commented = await publicCall(`/api/public/review/${secret}/suggestions`, {
      kind: 'comment',
      comment: 'Please add a termination clause.',
      revision: 0,
    });
    expect(commented.body.suggestions).toMatchObject([{ kind: 'comment', status: 'pending' }]);
    const withdrawn = await publicCall(
      `/api/public/review/${secret}/suggestions/${commented.body.suggestions[0].id}/withdraw`,
    );
    expect(withdrawn.body.suggestions[0].status).toBe('withdrawn');
    const redline = (await call(owner, 'GET', `${base}/redline`)).body;
    expect(redline).toMatchObject({ redline_available: false, markdown: null });
    expect(redline.suggestions).toHaveLength(1);
  });
});

describe('Assign Reviewers on a task group', () => {
  it('keeps the reviewers of an open group; its generated document emails them and waits for review', async () => {
    const owner = await signedIn(t);
    const rita = { first_name: 'Rita', last_name: 'Reviewer', email: 'Rita@Counsel.example' };
    let groupId = 0;
    let mailsBefore = 0;
    const { id } = await generatedNda(
      owner,
      async (group) => {
        groupId = group;
        mailsBefore = (await t.mailTo(theirs.email)).length;
        const bad = await call(owner, 'PUT', `/api/account/transaction/${group}/reviewers`, {
          reviewers: [{ first_name: 'Rita', last_name: '', email: 'not-an-email' }],
        });
        expect(bad.status).toBe(400);
        const set = await call(owner, 'PUT', `/api/account/transaction/${group}/reviewers`, {
          reviewers: [rita],
        });
        expect(set.body).toEqual({ message: REVIEWER_SET });
        const shown = await call(owner, 'GET', `/api/account/transaction/${group}`);
        expect(shown.body.reviewers).toEqual([{ ...rita, email: 'rita@counsel.example' }]);
      },
      1,
    );
    // Submitted with auto_send, but reviewed first: the reviewer has a link, the signers none yet.
    expect(await linkFor('rita@counsel.example', 'review')).toBeTruthy();
    expect(await t.mailTo(theirs.email)).toHaveLength(mailsBefore);
    const signing = await call(owner, 'GET', `/api/account/signing/documents/${id}`);
    expect(signing.body.state).toBe('draft');
    const group = await call(owner, 'GET', `/api/account/transaction/${groupId}`);
    expect(group.body.tasks[0].status_label).toBe('Awaiting Review');
    // Once submitted, the group's reviewers are fixed (the document's own list still changes).
    const late = await call(owner, 'PUT', `/api/account/transaction/${groupId}/reviewers`, { reviewers: [] });
    expect(late.status).toBe(409);
  });
});

describe('reopen while a document is on its way', () => {
  const reopen = (owner: SignedIn, groupId: number) =>
    call(owner, 'PATCH', `/api/account/transaction/${groupId}/reopen`);
  const abilities = async (owner: SignedIn, groupId: number) =>
    (await call(owner, 'GET', `/api/account/transaction/${groupId}`)).body.abilities.reopen;

  it('names what the group waits for: generation, sending, review', async () => {
    const owner = await signedIn(t);
    // A group generated and left as a draft, then another submitted whose document is not generated yet.
    const generated = await generatedNda(owner);
    const project = (await call(owner, 'POST', '/api/account/project_template/mutual-nda/create', {})).body;
    const waiting = project.groupedTransactions[0];
    for (const [id, value] of [
      ['signer_name', ours.name],
      ['signer_email', ours.email],
      ['counterparty', 'Globex Corporation'],
      ['counterparty_signer', theirs.name],
      ['counterparty_email', theirs.email],
      ['purpose', 'A pilot project'],
      ['effective_date', '04/01/2026'],
    ]) {
      await call(owner, 'POST', '/api/account/flat_feature', {
        transaction_id: waiting.id,
        feature_type_id: id,
        value,
      });
    }
    await call(owner, 'PUT', `/api/account/transaction/${waiting.id}`, { validated_questionnaire: 1 });
    expect((await call(owner, 'POST', `/api/account/transaction/${waiting.id}/finalize`, {})).status).toBe(
      200,
    );
    const generating = await reopen(owner, waiting.id);
    expect(generating.status).toBe(409);
    expect(generating.body.message).toBe('Documents are still being generated; try again in a minute.');
    await t.ctx.jobs.drain();

    // Generated, not sent: it waits to be sent.
    const pending = generated.group.id as number;
    const draft = await reopen(owner, pending);
    expect(draft.status).toBe(409);
    expect(draft.body.message).toBe(
      'A document of this task is waiting to be sent for signature, so the task cannot be reopened.',
    );
    expect(await abilities(owner, pending)).toBe(false);

    // With a reviewer: it awaits review, and the refusal says so (not "still being generated").
    const set = await call(owner, 'POST', `/api/account/pandadoc/documents/${generated.id}/reviewer`, {
      reviewers: [{ first_name: 'Rita', last_name: 'Counsel', email: 'rita@globex.example' }],
    });
    expect(set.status).toBe(200);
    const review = await reopen(owner, pending);
    expect(review.status).toBe(409);
    expect(review.body.message).toBe(
      'A document of this task is awaiting review. The task can be reopened once the review is finished.',
    );
  });

  it('refuses while the document is out for signature, and reopens once it is voided', async () => {
    const owner = await signedIn(t);
    const { group, id } = await generatedNda(owner, undefined, 1);
    expect((await call(owner, 'GET', `/api/account/signing/documents/${id}`)).body.state).toBe('sent');
    const out = await reopen(owner, group.id);
    expect(out.status).toBe(409);
    expect(out.body.message).toBe(
      'A document of this task is out for signature. Void it to reopen the task.',
    );
    expect(await abilities(owner, group.id)).toBe(false);
    expect((await call(owner, 'POST', `/api/account/signing/documents/${id}/void`)).status).toBe(200);
    expect(await abilities(owner, group.id)).toBe(true);
    const reopened = await reopen(owner, group.id);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ open: true, state: 'Open' });
  });
});
