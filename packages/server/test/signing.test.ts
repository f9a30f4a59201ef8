import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  FILE_REFUSED_MESSAGES,
  LINK_SENT,
  SIGNING_ALREADY_DONE,
  SIGNING_CONSENT_FIRST,
  SIGNING_LINK_EXPIRED,
  SIGNING_LINK_INVALID,
  SIGNING_NOT_YOUR_TURN,
  SIGNING_VOIDED,
} from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLibreOffice } from '../src/adapters/office/office-pdf.ts';
import { warmUp } from '../src/adapters/untrusted/pool.ts';
import {
  accounts,
  brands,
  documentRecipients,
  documents,
  jobs,
  memberships,
} from '../src/db/schema/index.ts';
import { SEAL_FAILED, SEAL_JOB, sealDocumentJob } from '../src/modules/signing/seal-job.ts';
import { SIGNATURE_NOT_PNG } from '../src/modules/signing/sign-document.ts';
import { requeueStuckSeals, SEAL_STUCK_MS, sendReminders } from '../src/modules/signing/sweep.ts';
import { VERIFY_MESSAGES } from '../src/modules/signing/verify-pdf.ts';
import { sweepLeftovers } from '../src/storage-sweep.ts';
import {
  accessToken,
  accountCaller,
  createUser,
  type Json,
  login,
  type SignedIn,
  signedIn,
} from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { pdfBomb, pngBomb } from './support/bombs.ts';
import { docx, paragraph } from './support/docx.ts';
import { SIGNATURE_PNG } from './support/signature-png.ts';
import { uploadAs } from './support/workspace-rows.ts';

let t: TestApp;
const call = accountCaller(() => t);
beforeAll(async () => {
  t = await createTestApp();
  // Files are read in a worker (adapters/untrusted): loaded here, not in the first test's time.
  await warmUp();
}, 120_000);
afterAll(() => t.close());

/**
 * A two-page contract with text tags for a Founder (page 1) and an Investor (page 2), and `schedules`
 * more pages of text after them (a long agreement's exhibits).
 */
async function taggedPdf(schedules = 0) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const first = pdf.addPage([612, 792]);
  first.drawText('Stock Purchase Agreement', { x: 72, y: 700, size: 18, font });
  first.drawText('Founder: {{sign:Founder}}   Date: {{date:Founder}}', { x: 72, y: 200, size: 11, font });
  const second = pdf.addPage([612, 792]);
  second.drawText('Investor: {{sign:Investor}}', { x: 72, y: 300, size: 11, font });
  for (let n = 1; n <= schedules; n++) {
    const page = pdf.addPage([612, 792]);
    for (let line = 0; line < 3; line++) {
      page.drawText(`Schedule ${n}, clause ${line + 1}: the shares are held as set out above.`, {
        x: 72,
        y: 700 - line * 16,
        size: 10,
        font,
      });
    }
  }
  return Buffer.from(await pdf.save());
}

const PNG = SIGNATURE_PNG;

const visitor = { 'user-agent': 'Mozilla/5.0 (test signer)', 'x-forwarded-for': '203.0.113.9' };
const signer = async (method: 'GET' | 'POST', url: string, payload?: Json) => {
  const res = await t.app.inject({ method, url, payload, headers: visitor });
  const json = res.headers['content-type']?.toString().startsWith('application/json');
  return { status: res.statusCode, body: (json ? res.json() : {}) as Json, raw: res };
};

/** The secret of the newest signing link emailed to `email`. */
async function linkFor(email: string) {
  const mails = (await t.mailTo(email)).filter((m) => m.subject.includes('sign'));
  const last = mails.at(-1);
  const match = last?.text.match(/\/sign\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no signing link for ${email}: ${JSON.stringify(mails.map((m) => m.subject))}`);
  return match[1];
}

async function draftWithSigners(
  owner: SignedIn,
  signers: { name: string; email: string; party: string; order?: number }[],
  content?: Buffer,
) {
  const uploaded = await uploadAs(t, owner, '/api/account/storage/upload?path=/Deals', [
    { filename: 'Agreement.pdf', content: content ?? (await taggedPdf()) },
  ]);
  expect(uploaded.status).toBe(201);
  const created = await call(owner, 'POST', '/api/account/signing/documents', {
    file_id: uploaded.body[0].id,
  });
  expect(created.status).toBe(201);
  for (const s of signers) {
    const added = await call(owner, 'POST', '/api/account/document_history/email_recipient', {
      document_id: created.body.document.id,
      email: s.email,
      metadata: { name: s.name, role: 'Signer', party: s.party, order: s.order },
    });
    expect(added.status).toBe(201);
  }
  return created.body as Json;
}

async function signAs(secret: string, name: string) {
  const opened = await signer('POST', `/api/public/sign/${secret}/open`);
  expect(opened.status).toBe(200);
  expect((await signer('POST', `/api/public/sign/${secret}/consent`)).status).toBe(204);
  const values: Record<string, string> = {};
  for (const field of opened.body.fields.filter((f: Json) => f.mine && f.kind === 'date')) {
    values[String(field.id)] = '11/25/2026';
  }
  return signer('POST', `/api/public/sign/${secret}/sign`, {
    signature: { how: 'type', image: PNG, text: name },
    values,
  });
}

describe('signing a document', () => {
  it('goes from text tags to a sealed PDF, signer by signer, that pdfsig and /verify accept', async () => {
    const owner = await signedIn(t);
    const founder = { name: 'Ada Founder', email: 'ada@example.com', party: 'Founder', order: 1 };
    const investor = {
      name: 'Zoë Dvořák-Łukasiewicz',
      email: 'zoe@example.com',
      party: 'Investor',
      order: 2,
    };
    const draft = await draftWithSigners(owner, [founder, investor]);
    const id = draft.document.id;
    // The text tags became fields for the two roles, on their pages.
    expect(draft.fields.map((f: Json) => [f.kind, f.role, f.page]).sort()).toEqual([
      ['date', 'Founder', 0],
      ['signature', 'Founder', 0],
      ['signature', 'Investor', 1],
    ]);
    expect(draft.pages).toEqual([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]);

    // The field editor and the signing page show pages as images.
    const image = await call(owner, 'GET', `/api/account/signing/documents/${id}/pages/1?width=400`);
    expect(image.status).toBe(200);
    expect(image.raw.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(image.raw.rawPayload.readUInt32BE(16)).toBe(400);
    expect((await call(owner, 'GET', `/api/account/signing/documents/${id}/pages/2`)).status).toBe(404);

    const sent = await call(owner, 'POST', `/api/account/signing/documents/${id}/send`, { sequential: true });
    expect(sent.status).toBe(200);
    // What is signed stays: the original cannot be deleted from the cabinet.
    expect((await call(owner, 'DELETE', `/api/account/box/file/${sent.body.original_file_id}`)).status).toBe(
      409,
    );
    expect(sent.body.state).toBe('sent');
    expect(sent.body.document).toMatchObject({ status: 'document.sent', box_file_id: null });
    expect(JSON.stringify(sent.body)).not.toMatch(/link_hash|\/sign\//);
    // Sequential: only the first signer is asked.
    expect(await t.mailTo(investor.email)).toEqual([]);
    const first = await linkFor(founder.email);
    // The request names who asks and where to write to them.
    const request = (await t.mailTo(founder.email)).at(-1);
    expect(request?.text).toContain(`Write to Test User at ${owner.email}.`);

    // Consent comes first; then the founder signs; the investor's turn comes with an email.
    const early = await signer('POST', `/api/public/sign/${first}/sign`, {
      signature: { how: 'draw', image: PNG },
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(SIGNING_CONSENT_FIRST);
    const page = await signer('GET', `/api/public/sign/${first}/pages/0.png?width=800`);
    expect(page.status).toBe(200);
    expect(page.raw.headers['content-type']).toBe('image/png');
    const signed = await signAs(first, founder.name);
    expect(signed.status).toBe(200);
    expect(signed.body.signer).toMatchObject({ signed: true, can_sign: false });
    const second = await linkFor(investor.email);

    const status = await call(owner, 'GET', `/api/account/signing/documents/${id}`);
    expect(status.body.recipients.map((r: Json) => [r.email, r.state, r.signed])).toEqual([
      [founder.email, 'signed', true],
      [investor.email, 'sent', false],
    ]);
    expect(status.body.document.status).toBe('document.viewed');

    expect((await signAs(second, investor.name)).status).toBe(200);
    await t.ctx.jobs.drain();
    const done = await call(owner, 'GET', `/api/account/signing/documents/${id}`);
    expect(done.body.state).toBe('completed');
    expect(done.body.document.status).toBe('document.completed');
    expect(done.body.document.box_file_id).not.toBeNull();
    expect(done.body.events.map((e: Json) => e.kind)).toEqual([
      'sent',
      'link_sent',
      'viewed',
      'consented',
      'signed',
      'link_sent',
      'viewed',
      'consented',
      'signed',
      'sealed',
    ]);
    // The events of a signer carry where they came from.
    expect(done.body.events.find((e: Json) => e.kind === 'viewed').ip).toBeTruthy();
    // Each link sent names its recipient, besides who sent it (the founder's signature sent the second).
    expect(
      done.body.events.filter((e: Json) => e.kind === 'link_sent').map((e: Json) => [e.who, e.to]),
    ).toEqual([
      ['Test User', founder.name],
      [founder.name, investor.name],
    ]);
    // Sealed: the owner's page shows the sealed file (its two pages and the certificate), not the original.
    expect(done.body.pages.length).toBe(3);
    const certificatePage = await call(
      owner,
      'GET',
      `/api/account/signing/documents/${id}/pages/2?width=400`,
    );
    expect(certificatePage.status).toBe(200);

    // Everyone receives the sealed PDF; pdfsig (poppler) checks it on its own.
    const mail = (await t.mailTo(investor.email)).find((m) => m.subject.startsWith('Completed'));
    const sealed = mail?.attachments[0]?.content as Buffer;
    expect(sealed.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-sealed-'));
    const file = path.join(dir, 'sealed.pdf');
    fs.writeFileSync(file, sealed);
    const report = execFileSync('pdfsig', [file], { encoding: 'utf8' });
    expect(report).toMatch(/Signature is Valid/);
    expect(report).toMatch(/Total document signed/);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Zoë Dvořák-Łukasiewicz');
    expect(text).toContain('ada@example.com');

    // The owner downloads the same sealed file from the cabinet.
    const download = await call(owner, 'GET', `/api/account/box/file/${done.body.document.box_file_id}`);
    expect(Buffer.compare(download.raw.rawPayload, sealed)).toBe(0);

    // /verify: these exact bytes were sealed here; one byte changed breaks the seal.
    const verified = await signer('POST', '/api/public/verify', { pdf: sealed.toString('base64') });
    expect(verified.body).toMatchObject({
      sealed_here: true,
      unchanged: true,
      message: VERIFY_MESSAGES.unchanged,
    });
    expect(verified.body.document.signers.map((s: Json) => s.name)).toEqual([founder.name, investor.name]);
    const tampered = Buffer.from(sealed);
    const at = tampered.indexOf('Stock Purchase');
    tampered[at > 0 ? at : 200] ^= 1;
    const broken = await signer('POST', '/api/public/verify', { pdf: tampered.toString('base64') });
    expect(broken.body).toMatchObject({ sealed_here: false, unchanged: false, document: null });
    const appended = Buffer.concat([sealed, Buffer.from('\n% more\n')]);
    const grown = await signer('POST', '/api/public/verify', { pdf: appended.toString('base64') });
    expect(grown.body).toMatchObject({ unchanged: false, message: VERIFY_MESSAGES.appended });

    // A link used again after completion still downloads the final (UETA §8), but signs nothing.
    const again = await signer('POST', `/api/public/sign/${first}/open`);
    expect(again.body.document.state).toBe('completed');
    expect(again.body.signer.can_sign).toBe(false);
    const twice = await signer('POST', `/api/public/sign/${first}/sign`, {
      signature: { how: 'draw', image: PNG },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(SIGNING_ALREADY_DONE);
    const final = await signer('GET', `/api/public/sign/${first}/document`);
    expect(Buffer.compare(final.raw.rawPayload, sealed)).toBe(0);
  });

  it('keeps a document to its workspace and a link to its own document', async () => {
    const owner = await signedIn(t);
    const stranger = await signedIn(t);
    const draft = await draftWithSigners(owner, [
      { name: 'Sam Signer', email: 'sam@example.com', party: 'Founder' },
    ]);
    const id = draft.document.id;
    expect((await call(stranger, 'GET', `/api/account/signing/documents/${id}`)).status).toBe(404);
    expect((await call(stranger, 'POST', `/api/account/signing/documents/${id}/send`, {})).status).toBe(404);
    // A member without the cabinet does not reach a cabinet file sent for signature, nor its original.
    const member = await createUser(t, { company: null });
    await t.ctx.db.insert(memberships).values({
      userId: member.user.id,
      accountId: owner.account!.id,
      isAdmin: false,
      filecabinetAccess: false,
    });
    const { idToken } = await login(t, member.email, member.password!);
    const noCabinet = {
      accountBearer: `Bearer ${await accessToken(t, idToken, owner.account!.id)}`,
    } as SignedIn;
    expect((await call(noCabinet, 'GET', `/api/account/signing/documents/${id}`)).status).toBe(404);
    expect((await call(noCabinet, 'GET', `/api/account/box/file/${draft.original_file_id}`)).status).toBe(
      404,
    );
    expect((await call(noCabinet, 'GET', '/api/account/pandadoc/documents')).body).toEqual([]);
    // Investor fields have nobody: the draft cannot be sent yet.
    const unassigned = await call(owner, 'POST', `/api/account/signing/documents/${id}/send`, {});
    expect(unassigned.status).toBe(400);
    const noInvestor = draft.fields
      .filter((f: Json) => f.role !== 'Investor')
      .map((f: Json) => ({ ...f, recipient_id: null }));
    expect(
      (await call(owner, 'PUT', `/api/account/signing/documents/${id}/fields`, { fields: noInvestor }))
        .status,
    ).toBe(200);
    expect((await call(owner, 'POST', `/api/account/signing/documents/${id}/send`, {})).status).toBe(200);
    const secret = await linkFor('sam@example.com');

    const other = await draftWithSigners(owner, [
      { name: 'Sam Signer', email: 'sam@example.com', party: 'Founder' },
    ]);
    const view = await signer('POST', `/api/public/sign/${secret}/open`);
    expect(view.body.document.title).toBe(draft.document.label);
    expect(view.body.fields.every((f: Json) => f.page <= 0)).toBe(true);
    // Nothing in the request can point the link at the other document.
    const ownDocs = await t.ctx.db.select().from(documents).where(eq(documents.id, other.document.id));
    expect(ownDocs[0].signingState).toBe('draft');
    expect((await signer('POST', '/api/public/sign/not-a-real-link-secret-000000/open')).body.message).toBe(
      SIGNING_LINK_INVALID,
    );
  });

  it('expires links, resends new ones, and stops on decline and void', async () => {
    const owner = await signedIn(t);
    const a = { name: 'Ann One', email: 'ann@example.com', party: 'Founder' };
    const b = { name: 'Bob Two', email: 'bob@example.com', party: 'Investor' };
    const draft = await draftWithSigners(owner, [a, b]);
    const id = draft.document.id;
    await call(owner, 'POST', `/api/account/signing/documents/${id}/send`, { sequential: false });
    const annLink = await linkFor(a.email);
    const bobLink = await linkFor(b.email);

    // Resend: a new link; the old one stops working.
    const resent = await call(owner, 'POST', `/api/account/pandadoc/documents/${id}/resend`, {
      email: a.email,
    });
    expect(resent.body).toEqual({ message: LINK_SENT });
    const annNew = await linkFor(a.email);
    expect(annNew).not.toBe(annLink);
    expect((await signer('POST', `/api/public/sign/${annLink}/open`)).status).toBe(404);

    // An expired link answers 410 with the spec'd message.
    await t.ctx.db
      .update(documentRecipients)
      .set({ linkExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(documentRecipients.email, b.email));
    const expired = await signer('POST', `/api/public/sign/${bobLink}/open`);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(SIGNING_LINK_EXPIRED);

    // Void: links open on a notice and sign nothing.
    const voided = await call(owner, 'POST', `/api/account/signing/documents/${id}/void`);
    expect(voided.body.state).toBe('voided');
    expect((await signer('POST', `/api/public/sign/${annNew}/consent`)).body.message).toBe(SIGNING_VOIDED);
    expect((await t.mailTo(a.email)).some((m) => m.subject.startsWith('Voided'))).toBe(true);

    // Decline on another document: stops it, tells the sender why.
    const next = await draftWithSigners(owner, [a, b]);
    await call(owner, 'POST', `/api/account/signing/documents/${next.document.id}/send`, {
      sequential: true,
    });
    const annTurn = await linkFor(a.email);
    const declined = await signer('POST', `/api/public/sign/${annTurn}/decline`, { reason: 'Wrong amount' });
    expect(declined.body.signer.declined).toBe(true);
    const after = await call(owner, 'GET', `/api/account/signing/documents/${next.document.id}`);
    expect(after.body.state).toBe('declined');
    expect(after.body.recipients[0]).toMatchObject({ state: 'declined', decline_reason: 'Wrong amount' });
    expect((await t.mailTo(owner.email)).some((m) => m.subject.startsWith('Declined'))).toBe(true);
    // Spec 2 §4: a declined document is hidden from the user's own list; a voided one shows as Voided.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/user/document',
      headers: { authorization: owner.bearer },
    });
    const listed = (mine.json() as Json[]).map((d) => [d.id, d.status]);
    expect(listed).toContainEqual([id, 'document.voided']);
    expect(listed.map(([listedId]) => listedId)).not.toContain(next.document.id);
  });

  it('refuses a signer whose turn has not come', async () => {
    const owner = await signedIn(t);
    const draft = await draftWithSigners(owner, [
      { name: 'Cy First', email: 'cy@example.com', party: 'Founder', order: 1 },
      { name: 'Di Second', email: 'di@example.com', party: 'Investor', order: 2 },
    ]);
    await call(owner, 'POST', `/api/account/signing/documents/${draft.document.id}/send`, {
      sequential: true,
    });
    // Di has no link yet: resending to her is refused too.
    const early = await call(owner, 'POST', `/api/account/pandadoc/documents/${draft.document.id}/resend`, {
      email: 'di@example.com',
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(SIGNING_NOT_YOUR_TURN);
  });

  it('refuses a signature image the seal could not draw, and keeps the signer unsigned', async () => {
    const owner = await signedIn(t);
    const draft = await draftWithSigners(owner, [
      { name: 'Pat Png', email: 'pat@example.com', party: 'Founder' },
    ]);
    const solo = draft.fields
      .filter((f: Json) => f.role !== 'Investor')
      .map((f: Json) => ({ ...f, recipient_id: null }));
    await call(owner, 'PUT', `/api/account/signing/documents/${draft.document.id}/fields`, { fields: solo });
    await call(owner, 'POST', `/api/account/signing/documents/${draft.document.id}/send`, {});
    const secret = await linkFor('pat@example.com');
    const opened = await signer('POST', `/api/public/sign/${secret}/open`);
    await signer('POST', `/api/public/sign/${secret}/consent`);
    const dates = opened.body.fields.filter((f: Json) => f.mine && f.kind === 'date');
    const png = Buffer.from(PNG.split(',')[1], 'base64');
    const junk = Buffer.concat([png.subarray(0, 8), Buffer.alloc(80, 7)]);
    const huge = Buffer.from(png);
    huge.writeUInt32BE(30_000, 16);
    huge.writeUInt32BE(30_000, 20);
    for (const bytes of [junk, huge]) {
      const image = `data:image/png;base64,${bytes.toString('base64')}`;
      const res = await signer('POST', `/api/public/sign/${secret}/sign`, {
        signature: { how: 'upload', image },
        values: Object.fromEntries(dates.map((f: Json) => [String(f.id), '1/1/2026'])),
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(SIGNATURE_NOT_PNG);
    }
    const [pat] = await t.ctx.db
      .select()
      .from(documentRecipients)
      .where(eq(documentRecipients.email, 'pat@example.com'));
    expect(pat.signedAt).toBeNull();
  });

  it('refuses a signature PNG whose data inflates past its pixels, without stalling the server', async () => {
    const owner = await signedIn(t);
    const draft = await draftWithSigners(owner, [
      { name: 'Bo Bomb', email: 'bo@example.com', party: 'Founder' },
    ]);
    const solo = draft.fields
      .filter((f: Json) => f.role !== 'Investor')
      .map((f: Json) => ({ ...f, recipient_id: null }));
    await call(owner, 'PUT', `/api/account/signing/documents/${draft.document.id}/fields`, { fields: solo });
    await call(owner, 'POST', `/api/account/signing/documents/${draft.document.id}/send`, {});
    const secret = await linkFor('bo@example.com');
    const opened = await signer('POST', `/api/public/sign/${secret}/open`);
    await signer('POST', `/api/public/sign/${secret}/consent`);
    const dates = opened.body.fields.filter((f: Json) => f.mine && f.kind === 'date');
    // 2400 x 1200 pixels, as a signature may be, whose 100 KB of data inflate to 100 MB: pdf-lib's
    // decoder inflated it all on the request thread (seconds), then accepted it.
    const bomb = await pngBomb(2400, 1200, 100);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const res = await signer('POST', `/api/public/sign/${secret}/sign`, {
      signature: { how: 'upload', image: `data:image/png;base64,${bomb.toString('base64')}` },
      values: Object.fromEntries(dates.map((f: Json) => [String(f.id), '1/1/2026'])),
    });
    delay.disable();
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: 'FILE_TOO_COMPLEX', message: FILE_REFUSED_MESSAGES.size });
    expect(delay.max / 1e6).toBeLessThan(1000);
    const [bo] = await t.ctx.db
      .select()
      .from(documentRecipients)
      .where(eq(documentRecipients.email, 'bo@example.com'));
    expect(bo.signedAt).toBeNull();
  });

  it('refuses to send a PDF whose object stream unpacks past the limits, and creates no document', async () => {
    const owner = await signedIn(t);
    const uploaded = await uploadAs(t, owner, '/api/account/storage/upload?path=/Deals', [
      { filename: 'Bomb.pdf', content: pdfBomb(300) },
    ]);
    expect(uploaded.status).toBe(201);
    const created = await call(owner, 'POST', '/api/account/signing/documents', {
      file_id: uploaded.body[0].id,
    });
    expect(created.status).toBe(422);
    expect(created.body).toEqual({ code: 'FILE_TOO_COMPLEX', message: FILE_REFUSED_MESSAGES.size });
    const made = await t.ctx.db.select().from(documents).where(eq(documents.accountId, owner.account!.id));
    expect(made).toEqual([]);
  });

  /** A document signed by everyone whose seal job failed for good (a time-stamping authority away). */
  async function failedSeal(owner: SignedIn) {
    const draft = await draftWithSigners(owner, [
      { name: 'Eve Solo', email: 'eve@example.com', party: 'Founder' },
    ]);
    const id = draft.document.id as number;
    const noInvestor = draft.fields
      .filter((f: Json) => f.role !== 'Investor')
      .map((f: Json) => ({ ...f, recipient_id: null }));
    await call(owner, 'PUT', `/api/account/signing/documents/${id}/fields`, { fields: noInvestor });
    await call(owner, 'POST', `/api/account/signing/documents/${id}/send`, {});
    expect((await signAs(await linkFor('eve@example.com'), 'Eve Solo')).status).toBe(200);
    const ofDocument = sql`${jobs.kind} = ${SEAL_JOB} and (${jobs.payload}->>'documentId')::int = ${id}`;
    await t.ctx.db.update(jobs).set({ maxAttempts: 1 }).where(ofDocument);
    // A time-stamping authority that cannot be reached makes the seal fail: never a fake time.
    const tsaUrl = t.ctx.config.tsaUrl;
    (t.ctx.config as { tsaUrl: string | null }).tsaUrl = 'http://127.0.0.1:9/tsa';
    try {
      await t.ctx.jobs.drain();
    } finally {
      (t.ctx.config as { tsaUrl: string | null }).tsaUrl = tsaUrl;
    }
    const [job] = await t.ctx.db.select().from(jobs).where(ofDocument);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    const failed = await call(owner, 'GET', `/api/account/signing/documents/${id}`);
    expect(failed.body.state).toBe('seal_failed');
    expect(failed.body.seal_error).toBe(SEAL_FAILED);
    // Failed for good: the stuck-seal sweep leaves it alone.
    expect(await requeueStuckSeals(t.ctx, new Date(Date.now() + SEAL_STUCK_MS + 60_000))).toBe(0);
    return { id, job };
  }

  it('shows a seal that failed for good, and seals on retry', async () => {
    const owner = await signedIn(t);
    const { id } = await failedSeal(owner);
    const retried = await call(owner, 'POST', `/api/account/signing/documents/${id}/seal`);
    expect(retried.body.state).toBe('sealing');
    await t.ctx.jobs.drain();
    const sealed = await call(owner, 'GET', `/api/account/signing/documents/${id}`);
    expect(sealed.body.state).toBe('completed');
  });

  it('seals again when staff retry the failed seal job', async () => {
    const owner = await signedIn(t);
    const staff = await signedIn(t, { staff: true });
    const { id, job } = await failedSeal(owner);
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/staff/jobs/${job.id}/retry`,
      headers: { authorization: staff.bearer },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await call(owner, 'GET', `/api/account/signing/documents/${id}`)).body.state).toBe('sealing');
    await t.ctx.jobs.drain();
    const [after] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(after.status).toBe('done');
    const sealed = await call(owner, 'GET', `/api/account/signing/documents/${id}`);
    expect(sealed.body).toMatchObject({ state: 'completed', seal_error: null });
    const mail = (await t.mailTo('eve@example.com')).at(-1);
    expect(mail?.attachments[0]?.filename).toBe('Agreement (signed).pdf');
  });

  it("shows Sealing failed, not a new seal, when a stuck seal's job failed for good", async () => {
    // As a job failed before its kind had a failure path for a worker that died left it: sealing, its
    // job failed. Queued again, a seal that kills its worker would crash-loop every process.
    const owner = await signedIn(t);
    const draft = await draftWithSigners(owner, [
      { name: 'Ida Lone', email: 'ida@example.com', party: 'Founder' },
    ]);
    const id = draft.document.id as number;
    const solo = draft.fields
      .filter((f: Json) => f.role !== 'Investor')
      .map((f: Json) => ({ ...f, recipient_id: null }));
    await call(owner, 'PUT', `/api/account/signing/documents/${id}/fields`, { fields: solo });
    await call(owner, 'POST', `/api/account/signing/documents/${id}/send`, {});
    expect((await signAs(await linkFor('ida@example.com'), 'Ida Lone')).status).toBe(200);
    const ofDocument = sql`${jobs.kind} = ${SEAL_JOB} and (${jobs.payload}->>'documentId')::int = ${id}`;
    await t.ctx.db
      .update(jobs)
      .set({ status: 'failed', attempts: 9, finishedAt: new Date() })
      .where(ofDocument);
    expect(await requeueStuckSeals(t.ctx, new Date(Date.now() + SEAL_STUCK_MS + 60_000))).toBe(0);
    expect(await t.ctx.db.select({ status: jobs.status }).from(jobs).where(ofDocument)).toEqual([
      { status: 'failed' },
    ]);
    const shown = await call(owner, 'GET', `/api/account/signing/documents/${id}`);
    expect(shown.body).toMatchObject({ state: 'seal_failed', seal_error: SEAL_FAILED });
  });
});

describe('sealing a long document', () => {
  it('stamps and certifies it in the file worker pool, while the request thread stays free', async () => {
    const owner = await signedIn(t);
    const draft = await draftWithSigners(
      owner,
      [{ name: 'Lou Long', email: 'lou@example.com', party: 'Founder' }],
      await taggedPdf(600),
    );
    const id = draft.document.id;
    const solo = draft.fields
      .filter((f: Json) => f.role !== 'Investor')
      .map((f: Json) => ({ ...f, recipient_id: null }));
    await call(owner, 'PUT', `/api/account/signing/documents/${id}/fields`, { fields: solo });
    await call(owner, 'POST', `/api/account/signing/documents/${id}/send`, {});
    expect((await signAs(await linkFor('lou@example.com'), 'Lou Long')).status).toBe(200);

    // The seal job, run here rather than by the queue, so that only it is measured: how much of the
    // time it took the request thread was busy (event loop utilisation, whatever the machine's speed),
    // and the longest the loop stood still. With pdf-lib on this thread it was busy about two thirds of
    // the time (0.64 here); in the worker, about a seventh (0.15: the database, the key, the storage).
    const brand = { id: null, name: 'Charter', url: 'http://localhost:3000' };
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const before = performance.eventLoopUtilization();
    await sealDocumentJob(t.ctx, { documentId: id, brand });
    const busy = performance.eventLoopUtilization(before);
    delay.disable();
    expect(busy.utilization).toBeLessThan(0.5);
    expect(delay.max / 1e6).toBeLessThan(1000);

    const sealed = await call(owner, 'GET', `/api/account/signing/documents/${id}`);
    expect(sealed.body.state).toBe('completed');
    const fileId = sealed.body.document.box_file_id;
    const file = (await call(owner, 'GET', `/api/account/box/file/${fileId}`)).raw.rawPayload;
    // Every page, the signature on the first, the certificate after them; and pdfsig accepts the seal.
    const pdf = await PDFDocument.load(file);
    expect(pdf.getPageCount()).toBeGreaterThan(602);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-long-'));
    fs.writeFileSync(path.join(dir, 'sealed.pdf'), file);
    const report = execFileSync('pdfsig', [path.join(dir, 'sealed.pdf')], { encoding: 'utf8' });
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    fs.rmSync(dir, { recursive: true, force: true });
  }, 300_000); // Six hundred pages are read, tagged and sealed for real: minutes on a loaded machine.
});

describe('the signing schedule', () => {
  it('reminds a waiting signer every reminder_days with a new link, and re-queues a seal whose job was lost', async () => {
    const owner = await signedIn(t);
    const draft = await draftWithSigners(owner, [
      { name: 'Rae Late', email: 'rae@example.com', party: 'Founder' },
    ]);
    const id = draft.document.id;
    const solo = draft.fields
      .filter((f: Json) => f.role !== 'Investor')
      .map((f: Json) => ({ ...f, recipient_id: null }));
    await call(owner, 'PUT', `/api/account/signing/documents/${id}/fields`, { fields: solo });
    const [brand] = await t.ctx.db
      .insert(brands)
      .values({
        hostname: 'deals.partner-law.test',
        displayName: 'Partner Law',
        legalName: 'Partner Law LLP',
        webBaseUrl: 'https://deals.partner-law.test',
      })
      .returning();
    await t.ctx.db.update(accounts).set({ brandId: brand.id }).where(eq(accounts.id, owner.account!.id));
    await call(owner, 'POST', `/api/account/signing/documents/${id}/send`, { reminder_days: 2 });
    const first = await linkFor('rae@example.com');
    // Not yet due: nothing is sent.
    expect(await sendReminders(t.ctx, new Date(Date.now() + 86_400_000))).toBe(0);
    expect(await sendReminders(t.ctx, new Date(Date.now() + 2 * 86_400_000 + 60_000))).toBe(1);
    const reminded = (await t.mailTo('rae@example.com')).at(-1);
    expect(reminded?.subject).toMatch(/^Reminder: Please sign/);
    // Sent with no request to read a Host from, under the brand the workspace was made under.
    expect(reminded?.text).toContain('https://deals.partner-law.test/sign/');
    const second = await linkFor('rae@example.com');
    expect(second).not.toBe(first);
    expect((await signer('POST', `/api/public/sign/${first}/open`)).status).toBe(404);

    // Signed, then the seal job is lost: the sweep queues it again after a while, and it seals; the
    // start-up sweep of stored bytes meanwhile keeps the adopted signature it needs.
    expect((await signAs(second, 'Rae Late')).status).toBe(200);
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, SEAL_JOB));
    const swept = await sweepLeftovers(t.ctx, new Date(Date.now() + 60_000));
    const [rae] = await t.ctx.db
      .select()
      .from(documentRecipients)
      .where(eq(documentRecipients.email, 'rae@example.com'));
    expect(swept.orphans).not.toContain(rae.signatureKey);
    expect(await requeueStuckSeals(t.ctx, new Date())).toBe(0);
    expect(await requeueStuckSeals(t.ctx, new Date(Date.now() + SEAL_STUCK_MS + 60_000))).toBe(1);
    await t.ctx.jobs.drain();
    expect((await call(owner, 'GET', `/api/account/signing/documents/${id}`)).body.state).toBe('completed');
  });
});

describe('a Word file to sign', () => {
  it.runIf(findLibreOffice() !== null || Boolean(process.env.CI))(
    'is converted once to a PDF kept beside it, and its text tags become fields',
    async () => {
      const owner = await signedIn(t);
      const word = docx(
        paragraph('Founder signature: {{sign:Founder}}') + paragraph('Date: {{date:Founder}}'),
      );
      const uploaded = await uploadAs(t, owner, '/api/account/storage/upload?path=/Deals', [
        { filename: 'Consent.docx', content: word },
      ]);
      expect(uploaded.status).toBe(201);
      const created = await call(owner, 'POST', '/api/account/signing/documents', {
        file_id: uploaded.body[0].id,
      });
      expect(created.status).toBe(201);
      expect(created.body.fields.map((f: Json) => [f.kind, f.role]).sort()).toEqual([
        ['date', 'Founder'],
        ['signature', 'Founder'],
      ]);
      // The PDF signed is a file of its own; the Word file stays as it was.
      expect(created.body.original_file_id).not.toBe(uploaded.body[0].id);
      const folder = await call(
        owner,
        'GET',
        `/api/account/storage/folder?path=${encodeURIComponent('/Deals')}`,
      );
      expect(folder.body.files.map((f: Json) => f.filename).sort()).toEqual(['Consent.docx', 'Consent.pdf']);
    },
    // LibreOffice's first start is slow on a busy machine.
    120_000,
  );
});

describe('documents requiring signature (spec 2 §4)', () => {
  it('lists what waits for a signature: all of them for admins, those of their own addresses for others', async () => {
    const owner = await signedIn(t);
    const addMember = async () => {
      const created = await createUser(t, { company: null });
      await t.ctx.db
        .insert(memberships)
        .values({ userId: created.user.id, accountId: owner.account!.id, isAdmin: false });
      const { idToken } = await login(t, created.email, created.password!);
      const who = { accountBearer: `Bearer ${await accessToken(t, idToken, owner.account!.id)}` } as SignedIn;
      return { ...created, who };
    };
    const signerMember = await addMember();
    const bystander = await addMember();
    const draft = await draftWithSigners(owner, [
      { name: 'Mo Member', email: signerMember.email, party: 'Founder' },
    ]);
    const id = draft.document.id;
    const solo = draft.fields
      .filter((f: Json) => f.role !== 'Investor')
      .map((f: Json) => ({ ...f, recipient_id: null }));
    await call(owner, 'PUT', `/api/account/signing/documents/${id}/fields`, { fields: solo });
    const listed = async (who: SignedIn) =>
      ((await call(who, 'GET', '/api/account/signing/requiring')).body as Json[]).map((d) => d.id);
    // A draft is not waiting for anyone yet.
    expect(await listed(owner)).not.toContain(id);
    await call(owner, 'POST', `/api/account/signing/documents/${id}/send`, {});
    expect(await listed(owner)).toContain(id);
    expect(await listed(signerMember.who)).toEqual([id]);
    expect(await listed(bystander.who)).toEqual([]);
    // Signed and sealed: off the list.
    expect((await signAs(await linkFor(signerMember.email), 'Mo Member')).status).toBe(200);
    await t.ctx.jobs.drain();
    expect(await listed(owner)).not.toContain(id);
    expect(await listed(signerMember.who)).toEqual([]);
  });
});
