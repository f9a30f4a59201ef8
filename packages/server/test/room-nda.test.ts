import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NDA_FOLDER, NDA_MESSAGES, SIGNING_LINK_INVALID } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warmUp } from '../src/adapters/untrusted/pool.ts';
import {
  accounts,
  brands,
  documentFields,
  documentRecipients,
  documents,
  roomHistory,
  rooms,
  roomVisitors,
} from '../src/db/schema/index.ts';
import { AppError } from '../src/http/errors.ts';
import { ANONYMOUS_VIEWER, maybeWatermark } from '../src/modules/room-nda/maybe-watermark.ts';
import { ndaGateOpen, ndaStatus } from '../src/modules/room-nda/nda-status.ts';
import { NDA_HISTORY_SUBLABEL } from '../src/modules/room-nda/record-signed-nda.ts';
import type { RoomRow, VisitorRow } from '../src/modules/room-nda/scope.ts';
import { NDA_ROLE, ndaFields, startRoomNda } from '../src/modules/room-nda/start-room-nda.ts';
import { VERIFY_MESSAGES } from '../src/modules/signing/verify-pdf.ts';
import { accountCaller, type Json, type SignedIn, signedIn, uniqueEmail } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
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

const BASE = 'https://rooms.example.test';
const browser = { 'user-agent': 'Mozilla/5.0 (room visitor)', 'x-forwarded-for': '198.51.100.7' };
const signer = async (method: 'GET' | 'POST', url: string, payload?: Json) => {
  const res = await t.app.inject({ method, url, payload, headers: browser });
  const json = res.headers['content-type']?.toString().startsWith('application/json');
  return { status: res.statusCode, body: (json ? res.json() : {}) as Json, raw: res };
};

/** A two-page mutual NDA (no text tags: the fields are Charter's own). */
async function ndaPdf(title = 'Mutual Non-Disclosure Agreement') {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText(title, { x: 72, y: 700, size: 18, font });
  pdf.addPage([612, 792]).drawText('The Recipient shall keep the Information secret.', {
    x: 72,
    y: 700,
    size: 11,
    font,
  });
  return Buffer.from(await pdf.save());
}

async function uploadNda(owner: SignedIn, filename = 'Mutual NDA.pdf') {
  const uploaded = await uploadAs(t, owner, '/api/account/storage/upload?path=/Legal', [
    { filename, content: await ndaPdf() },
  ]);
  expect(uploaded.status).toBe(201);
  return uploaded.body[0].id as number;
}

let roomCount = 0;
async function makeRoom(owner: SignedIn, ndaFileId: number | null, label = 'Project Falcon Data Room') {
  const [room] = await t.ctx.db
    .insert(rooms)
    .values({
      accountId: owner.account!.id,
      label,
      type: 'data-room',
      ndaFileId,
      codeHash: `test:${Date.now()}:${roomCount++}`,
      createdBy: owner.user.id,
    })
    .returning();
  return room;
}

async function makeVisitor(room: RoomRow, email: string | null, name = 'Jane Visitor') {
  const [visitor] = await t.ctx.db
    .insert(roomVisitors)
    .values({ roomId: room.id, email, name, key: `key-${Math.random()}` })
    .returning();
  return visitor;
}

const start = (room: RoomRow, visitor: VisitorRow) =>
  t.ctx.db.transaction((tx) => startRoomNda({ ctx: t.ctx, tx, room, visitor, baseUrl: BASE }));
const statusOf = async (room: RoomRow, visitor: VisitorRow) => {
  const [fresh] = await t.ctx.db.select().from(roomVisitors).where(eq(roomVisitors.id, visitor.id));
  return t.ctx.db.transaction((tx) => ndaStatus({ tx, room, visitor: fresh ?? visitor }));
};
const secretOf = (url: string | null) => {
  expect(url).toMatch(new RegExp(`^${BASE}/sign/[A-Za-z0-9_-]{40,}$`));
  return (url as string).slice(`${BASE}/sign/`.length);
};

/** Through the public signing API, as the signing page does it. */
async function signAs(secret: string, name: string) {
  const opened = await signer('POST', `/api/public/sign/${secret}/open`);
  expect(opened.status).toBe(200);
  expect((await signer('POST', `/api/public/sign/${secret}/consent`)).status).toBe(204);
  const values: Record<string, string> = {};
  for (const field of opened.body.fields.filter((f: Json) => f.mine && f.kind === 'date')) {
    values[String(field.id)] = '11/25/2026';
  }
  const signed = await signer('POST', `/api/public/sign/${secret}/sign`, {
    signature: { how: 'type', image: SIGNATURE_PNG, text: name },
    values,
  });
  expect(signed.status).toBe(200);
  return opened.body;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the NDA gate of a room', () => {
  it('goes from the room to a sealed NDA in the cabinet and the visitor history', async () => {
    const owner = await signedIn(t);
    const ndaFileId = await uploadNda(owner);
    const room = await makeRoom(owner, ndaFileId);
    const email = uniqueEmail('jane');
    const visitor = await makeVisitor(room, email, 'Jane Zoë Visitor');
    expect(await statusOf(room, visitor)).toBe('none');
    expect(await t.ctx.db.transaction((tx) => ndaGateOpen({ tx, room, visitor }))).toBe(false);

    const started = await start(room, visitor);
    expect(started.status).toBe('pending');
    const secret = secretOf(started.url);
    expect(await statusOf(room, visitor)).toBe('pending');
    // The visitor is on the page: nothing is emailed to them.
    expect(await t.mailTo(email)).toEqual([]);

    // A document of the owner's workspace, sent, the visitor its only signer, with a signature and a date
    // on the last page; its original a copy of the NDA file, kept in the NDA folder.
    const [document] = await t.ctx.db.select().from(documents).where(eq(documents.id, started.document_id!));
    expect(document).toMatchObject({ accountId: owner.account!.id, signingState: 'sent', taskId: null });
    expect(document.label).toBe('Mutual NDA - Project Falcon Data Room');
    const recipients = await t.ctx.db
      .select()
      .from(documentRecipients)
      .where(eq(documentRecipients.documentId, document.id));
    expect(recipients.map((r) => [r.email, r.name, r.role])).toEqual([[email, 'Jane Zoë Visitor', 'Signer']]);
    const fields = await t.ctx.db
      .select()
      .from(documentFields)
      .where(eq(documentFields.documentId, document.id));
    expect(fields.map((f) => [f.kind, f.page, f.recipientId, f.role]).sort()).toEqual([
      ['date', 1, recipients[0].id, NDA_ROLE],
      ['signature', 1, recipients[0].id, NDA_ROLE],
    ]);
    expect(document.originalFileId).not.toBe(ndaFileId);
    const original = await call(owner, 'GET', `/api/account/box/file/${document.originalFileId}/info`);
    expect(original.body).toMatchObject({ filename: 'Mutual NDA - Jane Zoë Visitor.pdf' });

    // The visitor signs on Charter's signing page; the seal job seals it.
    const opened = await signAs(secret, 'Jane Zoë Visitor');
    expect(opened.document.title).toBe(document.label);
    expect(await statusOf(room, visitor)).toBe('pending');
    await t.ctx.jobs.drain();
    expect(await statusOf(room, visitor)).toBe('signed');
    expect(await t.ctx.db.transaction((tx) => ndaGateOpen({ tx, room, visitor }))).toBe(true);

    const [sealed] = await t.ctx.db.select().from(documents).where(eq(documents.id, document.id));
    expect(sealed.signingState).toBe('completed');
    const [after] = await t.ctx.db.select().from(roomVisitors).where(eq(roomVisitors.id, visitor.id));
    expect(after.ndaDocumentId).toBe(document.id);

    // The room's history has it, with the sealed file.
    const history = await t.ctx.db.select().from(roomHistory).where(eq(roomHistory.roomId, room.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      visitorId: visitor.id,
      action: 'nda',
      label: document.label,
      sublabel: NDA_HISTORY_SUBLABEL,
      fileId: sealed.fileId,
    });

    // The sealed NDA is in the owner's cabinet, in the NDA folder beside its original.
    const listing = await call(
      owner,
      'GET',
      `/api/account/storage/folder?path=${encodeURIComponent(NDA_FOLDER)}`,
    );
    expect(listing.status).toBe(200);
    expect(listing.body.files.map((f: Json) => f.filename).sort()).toEqual([
      'Mutual NDA - Jane Zoë Visitor (signed).pdf',
      'Mutual NDA - Jane Zoë Visitor.pdf',
    ]);
    const download = await call(owner, 'GET', `/api/account/box/file/${sealed.fileId}`);
    expect(download.status).toBe(200);
    const bytes = download.raw.rawPayload;

    // A real seal: pdfsig (poppler) checks it on its own, and /verify knows these bytes.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-nda-'));
    const file = path.join(dir, 'nda.pdf');
    fs.writeFileSync(file, bytes);
    const report = execFileSync('pdfsig', [file], { encoding: 'utf8' });
    expect(report).toMatch(/Signature is Valid/);
    expect(report).toMatch(/Total document signed/);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Mutual Non-Disclosure Agreement');
    expect(text).toContain('Jane Zoë Visitor');
    expect(text).toContain(email);
    fs.rmSync(dir, { recursive: true, force: true });
    const verified = await signer('POST', '/api/public/verify', { pdf: bytes.toString('base64') });
    expect(verified.body).toMatchObject({
      sealed_here: true,
      unchanged: true,
      message: VERIFY_MESSAGES.unchanged,
    });

    // The visitor gets their sealed copy by email, as every signer does.
    const mails = await t.mailTo(email);
    expect(mails.map((m) => m.subject.startsWith('Completed'))).toEqual([true]);
    expect(Buffer.compare(mails[0].attachments[0].content, bytes)).toBe(0);

    // The owner sees it among the workspace's signed documents, its history bound to the room and chained.
    const view = await call(owner, 'GET', `/api/account/signing/documents/${document.id}`);
    expect(view.status).toBe(200);
    expect(view.body.state).toBe('completed');
    expect(view.body.events.map((e: Json) => e.kind)).toEqual([
      'created',
      'sent',
      'link_sent',
      'viewed',
      'consented',
      'signed',
      'sealed',
    ]);

    // Signed: starting again asks nothing more.
    expect(await start(room, visitor)).toEqual({ status: 'signed', url: null, document_id: document.id });
  });

  it('reuses the NDA on its way, with a new link that retires the old one', async () => {
    const owner = await signedIn(t);
    const room = await makeRoom(owner, await uploadNda(owner));
    const visitor = await makeVisitor(room, uniqueEmail('twice'));
    const first = await start(room, visitor);
    const second = await start(room, visitor);
    expect(second.document_id).toBe(first.document_id);
    expect(second.url).not.toBe(first.url);
    const count = await t.ctx.db
      .select({ id: documentRecipients.id })
      .from(documentRecipients)
      .where(eq(documentRecipients.email, visitor.email!));
    expect(count).toHaveLength(1);
    const old = await signer('POST', `/api/public/sign/${secretOf(first.url)}/open`);
    expect(old.status).toBe(404);
    expect(old.body.message).toBe(SIGNING_LINK_INVALID);
    // Signed but not yet sealed: pending, and nothing to sign.
    await signAs(secretOf(second.url), 'Twice Visitor');
    expect(await start(room, visitor)).toEqual({
      status: 'pending',
      url: null,
      document_id: first.document_id,
    });
    await t.ctx.jobs.drain();
    expect(await statusOf(room, visitor)).toBe('signed');
  });

  it("keeps one room's NDA to that room and its visitor", async () => {
    const owner = await signedIn(t);
    const ndaFileId = await uploadNda(owner);
    const roomA = await makeRoom(owner, ndaFileId, 'Room A');
    const roomB = await makeRoom(owner, ndaFileId, 'Room B');
    const email = uniqueEmail('both');
    const inA = await makeVisitor(roomA, email);
    const inB = await makeVisitor(roomB, email);
    // A visitor of another room is unknown here.
    expect((await refusal(start(roomA, inB))).code).toBe('NOT_FOUND');
    expect((await refusal(statusOf(roomA, inB))).code).toBe('NOT_FOUND');

    const started = await start(roomA, inA);
    await signAs(secretOf(started.url), 'Both Rooms');
    await t.ctx.jobs.drain();
    expect(await statusOf(roomA, inA)).toBe('signed');
    // The same person, the same NDA file, another room: that room's NDA is still to sign.
    expect(await statusOf(roomB, inB)).toBe('none');
    const inRoomB = await start(roomB, inB);
    expect(inRoomB.document_id).not.toBe(started.document_id);

    // Pointing room B's visitor at room A's sealed NDA opens nothing: the NDA names its room and visitor.
    await t.ctx.db
      .update(roomVisitors)
      .set({ ndaDocumentId: started.document_id })
      .where(eq(roomVisitors.id, inB.id));
    expect(await statusOf(roomB, inB)).toBe('pending');

    // Another workspace's room never reaches this workspace's NDA file.
    const stranger = await signedIn(t);
    const theirs = await makeRoom(stranger, ndaFileId, 'Stranger room');
    const them = await makeVisitor(theirs, uniqueEmail('stranger'));
    expect((await refusal(start(theirs, them))).code).toBe('NOT_FOUND');
  });

  it('asks for an email, an NDA, and a new signature when the NDA changes', async () => {
    const owner = await signedIn(t);
    const room = await makeRoom(owner, await uploadNda(owner));
    const anonymous = await makeVisitor(room, null);
    const noEmail = await refusal(start(room, anonymous));
    expect([noEmail.code, noEmail.message]).toEqual(['VALIDATION_ERROR', NDA_MESSAGES.needsEmail]);
    const open = await makeRoom(owner, null);
    const visitorOfOpen = await makeVisitor(open, uniqueEmail('open'));
    expect((await refusal(start(open, visitorOfOpen))).message).toBe(NDA_MESSAGES.noNda);
    expect(await t.ctx.db.transaction((tx) => ndaGateOpen({ tx, room: open, visitor: visitorOfOpen }))).toBe(
      true,
    );

    const visitor = await makeVisitor(room, uniqueEmail('changes'));
    await signAs(secretOf((await start(room, visitor)).url), 'Changes Visitor');
    await t.ctx.jobs.drain();
    expect(await statusOf(room, visitor)).toBe('signed');
    // The owner puts another NDA in place: what was signed was another text.
    const [changed] = await t.ctx.db
      .update(rooms)
      .set({ ndaFileId: await uploadNda(owner, 'NDA v2.pdf') })
      .where(eq(rooms.id, room.id))
      .returning();
    expect(await statusOf(changed, visitor)).toBe('none');
    const again = await start(changed, visitor);
    expect(again.status).toBe('pending');
    const [doc] = await t.ctx.db.select().from(documents).where(eq(documents.id, again.document_id!));
    expect(doc.label).toBe('NDA v2 - Project Falcon Data Room');
  });

  it('starts afresh after the visitor declined', async () => {
    const owner = await signedIn(t);
    const room = await makeRoom(owner, await uploadNda(owner));
    const visitor = await makeVisitor(room, uniqueEmail('decliner'));
    const first = await start(room, visitor);
    const secret = secretOf(first.url);
    expect((await signer('POST', `/api/public/sign/${secret}/open`)).status).toBe(200);
    const declined = await signer('POST', `/api/public/sign/${secret}/decline`, { reason: 'Not today' });
    expect(declined.status).toBeLessThan(300);
    expect(await statusOf(room, visitor)).toBe('none');
    const second = await start(room, visitor);
    expect(second.document_id).not.toBe(first.document_id);
    // Nothing was recorded as signed.
    const history = await t.ctx.db
      .select()
      .from(roomHistory)
      .where(and(eq(roomHistory.roomId, room.id), eq(roomHistory.action, 'nda')));
    expect(history).toEqual([]);
  });

  it("names a reachable sender (the workspace's owner) and mails them the decline", async () => {
    const owner = await signedIn(t);
    const room = await makeRoom(owner, await uploadNda(owner));
    const email = uniqueEmail('reader');
    const secret = secretOf((await start(room, await makeVisitor(room, email))).url);
    const opened = await signer('POST', `/api/public/sign/${secret}/open`);
    const company = owner.account!.companyName;
    expect(opened.body.sender).toMatchObject({ name: company, email: owner.email });
    const paperCopy = (opened.body.disclosure.paragraphs as string[]).find((p) => p.startsWith('Paper copy'));
    expect(paperCopy).toContain(`write to ${company} at ${owner.email}.`);
    await signer('POST', `/api/public/sign/${secret}/decline`, { reason: 'Terms too broad' });
    const declined = (await t.mailTo(owner.email)).filter((m) => m.subject.startsWith('Declined'));
    expect(declined.map((m) => m.text)).toEqual([expect.stringContaining('Their reason: Terms too broad')]);
  });

  it("falls back to the brand's support address for a workspace without an owner", async () => {
    const owner = await signedIn(t);
    const [partnerBrand] = await t.ctx.db
      .update(brands)
      .set({ supportEmail: 'help@northwind.test' })
      .where(eq(brands.hostname, 'partner.localhost'))
      .returning();
    await t.ctx.db
      .update(accounts)
      .set({ ownerId: null, brandId: partnerBrand.id })
      .where(eq(accounts.id, owner.account!.id));
    const room = await makeRoom(owner, await uploadNda(owner));
    const secret = secretOf((await start(room, await makeVisitor(room, uniqueEmail('reader')))).url);
    const opened = await signer('POST', `/api/public/sign/${secret}/open`);
    expect(opened.body.sender.email).toBe('help@northwind.test');
    expect((opened.body.disclosure.paragraphs as string[]).join(' ')).not.toMatch(/ at \.|writing to \./);
    await signer('POST', `/api/public/sign/${secret}/decline`, { reason: 'No' });
    expect((await t.mailTo('help@northwind.test')).map((m) => m.subject)).toContain(
      `Declined: ${(await t.ctx.db.select().from(documents).where(eq(documents.accountId, owner.account!.id)))[0].label}`,
    );
  });

  it('still seals an NDA whose visitor was removed meanwhile, recording nothing in the room', async () => {
    const owner = await signedIn(t);
    const room = await makeRoom(owner, await uploadNda(owner));
    const visitor = await makeVisitor(room, uniqueEmail('removed'));
    const started = await start(room, visitor);
    await t.ctx.db.delete(roomVisitors).where(eq(roomVisitors.id, visitor.id));
    await signAs(secretOf(started.url), 'Removed Visitor');
    await t.ctx.jobs.drain();
    const [doc] = await t.ctx.db.select().from(documents).where(eq(documents.id, started.document_id!));
    expect(doc.signingState).toBe('completed');
    expect(await t.ctx.db.select().from(roomHistory).where(eq(roomHistory.roomId, room.id))).toEqual([]);
  });

  it('places the fields at the foot of the last page, whatever its size', () => {
    const letter = ndaFields([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]);
    expect(letter.map((f) => [f.kind, f.page])).toEqual([
      ['signature', 1],
      ['date', 1],
    ]);
    for (const pages of [
      [{ width: 612, height: 792 }],
      [{ width: 300, height: 400 }],
      [{ width: 792, height: 612 }],
    ]) {
      const [signature, date] = ndaFields(pages);
      const { width, height } = pages[0];
      for (const f of [signature, date]) {
        expect(f.x).toBeGreaterThanOrEqual(0);
        expect(f.y).toBeGreaterThanOrEqual(0);
        expect(f.x + f.width).toBeLessThanOrEqual(width);
        expect(f.y + f.height).toBeLessThanOrEqual(height);
        // In the lower half, where a signature goes.
        expect(f.y).toBeGreaterThan(height / 2);
      }
      const overlap =
        signature.x < date.x + date.width &&
        date.x < signature.x + signature.width &&
        signature.y < date.y + date.height &&
        date.y < signature.y + signature.height;
      expect(overlap).toBe(false);
    }
  });
});

describe('maybeWatermark', () => {
  it('marks PDFs of a watermarked room only', async () => {
    const pdf = await ndaPdf();
    const now = new Date('2026-11-25T21:04:00Z');
    const plain = { watermark: false };
    const marked = { watermark: true };
    const args = { viewerEmail: 'jane@example.com', contentType: 'application/pdf', now };
    expect(await maybeWatermark({ ...args, room: plain, bytes: pdf })).toBe(pdf);
    const png = Buffer.from(SIGNATURE_PNG.slice(SIGNATURE_PNG.indexOf(',') + 1), 'base64');
    expect(await maybeWatermark({ ...args, room: marked, bytes: png, contentType: 'image/png' })).toBe(png);
    const out = await maybeWatermark({ ...args, room: marked, bytes: pdf });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-wm-'));
    const text = (bytes: Uint8Array) => {
      fs.writeFileSync(path.join(dir, 'f.pdf'), bytes);
      return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', path.join(dir, 'f.pdf'), '-'], {
        encoding: 'utf8',
      }).replace(/\s+/g, '');
    };
    expect(text(out)).toContain('jane@example.com·2026-11-2521:04UTC');
    // A PDF labelled otherwise is still a PDF; an anonymous viewer is named as such.
    const anonymous = await maybeWatermark({
      ...args,
      viewerEmail: null,
      room: marked,
      bytes: pdf,
      contentType: 'application/octet-stream',
    });
    expect(text(anonymous)).toContain(ANONYMOUS_VIEWER.replace(/\s+/g, ''));
    fs.rmSync(dir, { recursive: true, force: true });
    // Unreadable bytes claiming to be a PDF are refused, not handed out unmarked.
    await expect(
      maybeWatermark({ ...args, room: marked, bytes: Buffer.from('%PDF-1.4 broken') }),
    ).rejects.toThrow();
  });
});
