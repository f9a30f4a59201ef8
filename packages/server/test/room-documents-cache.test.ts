import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentRecipients,
  documents,
  files,
  roomContents,
  roomDocuments,
  rooms,
} from '../src/db/schema/index.ts';
import { type Json, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addRoomFile, insertCodedRoom, newVisitorKey, roomGuestHeaders } from './support/rooms.ts';

/**
 * A room's documents are read once per change of them (room-visitors/room-contents.ts): every change,
 * however made (here straight into the database, as another process or a job would), shows on the next
 * view, and what is kept is the room's, never one viewer's.
 */
let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedIn(t);
});
afterAll(() => t.close());

type Who = { key?: string; bearer?: string };
async function view(code: string, who: Who) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/guest/rooms/${code}`,
    headers: roomGuestHeaders(who),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Json;
}
const labels = (room: Json) => room.documents.map((d: Json) => d.label);

describe('the room documents read once per change', () => {
  it('shows every change made behind its back on the next view', async () => {
    const { room, code } = await insertCodedRoom(t, owner.account!.id, { open: true });
    const deck = await addRoomFile(t, owner.account!.id, room.id, 'deck.pdf');
    const key = newVisitorKey();
    expect(labels(await view(code, { key }))).toEqual(['deck.pdf']);
    expect(labels(await view(code, { key }))).toEqual(['deck.pdf']);

    await t.ctx.db
      .update(roomDocuments)
      .set({ label: 'Pitch deck' })
      .where(eq(roomDocuments.roomId, room.id));
    expect(labels(await view(code, { key }))).toEqual(['Pitch deck']);

    await t.ctx.db.update(files).set({ filename: 'renamed.pdf' }).where(eq(files.id, deck.id));
    expect((await view(code, { key })).documents[0].filename).toBe('renamed.pdf');

    await addRoomFile(t, owner.account!.id, room.id, 'model.xlsx');
    expect(labels(await view(code, { key }))).toEqual(['Pitch deck', 'model.xlsx']);

    // A write rolled back leaves nothing behind, even when the room was viewed inside it.
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.delete(roomDocuments).where(eq(roomDocuments.roomId, room.id));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(labels(await view(code, { key }))).toEqual(['Pitch deck', 'model.xlsx']);

    await t.ctx.db.delete(roomDocuments).where(eq(roomDocuments.roomId, room.id));
    expect((await view(code, { key })).documents).toEqual([]);
  });

  it('answers a returning visitor’s poll in one statement, whatever the room holds', async () => {
    const { room, code } = await insertCodedRoom(t, owner.account!.id, { open: true });
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) await addRoomFile(t, owner.account!.id, room.id, name);
    const key = newVisitorKey();
    await view(code, { key });
    const statements: string[] = [];
    const session = (t.ctx.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } })
      .session;
    const before = [session.logger, session.options.logger];
    const logger = { logQuery: (query: string) => statements.push(query) };
    session.logger = logger;
    session.options.logger = logger;
    try {
      expect(labels(await view(code, { key }))).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    } finally {
      [session.logger, session.options.logger] = before;
    }
    // The room by its code with its links, tables, reports, documents' version and the key's visitor.
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from "rooms" where "rooms"."code_hash" = \$\d+/);
    expect(statements[0]).toMatch(/from "room_visitors" v where/);
  });

  it('reads them again after any change of a workflow document, its recipients or its removal', async () => {
    const { room, code } = await insertCodedRoom(t, owner.account!.id, { open: true });
    const file = await addRoomFile(t, owner.account!.id, null, 'lease.pdf');
    const [doc] = await t.ctx.db
      .insert(documents)
      .values({ accountId: owner.account!.id, fileId: file.id, filename: 'lease.pdf', label: 'Lease' })
      .returning();
    await t.ctx.db
      .insert(roomDocuments)
      .values({ roomId: room.id, documentId: doc.id, label: 'Lease', position: 1 });
    const admin = { bearer: owner.bearer };
    const seen = async () => {
      const [d] = (await view(code, admin)).documents;
      return d ? [d.filename, d.status, d.requires_signature] : null;
    };
    const version = async () =>
      (await t.ctx.db.select().from(roomContents).where(eq(roomContents.roomId, room.id)))[0]?.version;
    expect(await seen()).toEqual(['lease.pdf', null, false]);

    // A change no room shows leaves the version alone; each change a room shows moves it.
    const before = await version();
    await t.ctx.db.update(documents).set({ label: 'Lease v2' }).where(eq(documents.id, doc.id));
    await t.ctx.db.update(files).set({ folder: '/Elsewhere' }).where(eq(files.id, file.id));
    expect(await version()).toBe(before);

    await t.ctx.db.update(documents).set({ status: 'document.sent' }).where(eq(documents.id, doc.id));
    expect(await seen()).toEqual(['lease.pdf', 'document.sent', false]);
    const [recipient] = await t.ctx.db
      .insert(documentRecipients)
      .values({ accountId: owner.account!.id, documentId: doc.id, email: 'signer@example.com', name: 'S' })
      .returning();
    expect(await seen()).toEqual(['lease.pdf', 'document.sent', true]);
    await t.ctx.db
      .update(documentRecipients)
      .set({ role: 'Viewer' })
      .where(eq(documentRecipients.id, recipient.id));
    expect(await seen()).toEqual(['lease.pdf', 'document.sent', false]);
    await t.ctx.db
      .update(documentRecipients)
      .set({ role: 'Signer' })
      .where(eq(documentRecipients.id, recipient.id));
    await t.ctx.db.delete(documentRecipients).where(eq(documentRecipients.id, recipient.id));
    expect(await seen()).toEqual(['lease.pdf', 'document.sent', false]);
    await t.ctx.db.update(documents).set({ filename: 'lease-signed.pdf' }).where(eq(documents.id, doc.id));
    expect(await seen()).toEqual(['lease-signed.pdf', 'document.sent', false]);

    await t.ctx.db.delete(documents).where(eq(documents.id, doc.id));
    expect(await seen()).toBeNull();
    // Deleting the room takes its documents along, the version's triggers finding no room to touch.
    await addRoomFile(t, owner.account!.id, room.id, 'left.pdf');
    await t.ctx.db.delete(rooms).where(eq(rooms.id, room.id));
    expect(await version()).toBeUndefined();
  });

  it('marks each viewer’s own signatures only, and a signature made meanwhile at once', async () => {
    const { room, code } = await insertCodedRoom(t, owner.account!.id, { open: true });
    const signer = await signedIn(t);
    const other = await signedIn(t);
    const file = await addRoomFile(t, owner.account!.id, null, 'spa.pdf');
    const [doc] = await t.ctx.db
      .insert(documents)
      .values({
        accountId: owner.account!.id,
        fileId: file.id,
        filename: 'spa.pdf',
        label: 'SPA',
        status: 'document.sent',
        signingState: 'sent',
      })
      .returning();
    const [recipient] = await t.ctx.db
      .insert(documentRecipients)
      .values({ accountId: owner.account!.id, documentId: doc.id, email: signer.email, name: 'Signer' })
      .returning();
    await t.ctx.db
      .insert(roomDocuments)
      .values({ roomId: room.id, documentId: doc.id, label: 'SPA', position: 1 });

    const needs = async (who: Who) => {
      const seen = await view(code, who);
      return [seen.documents[0].requires_signature, seen.signature_count, seen.overview.summary.required];
    };
    // In turn, from the same kept rows: only the signer is asked to sign; the room's admin sees it awaited.
    expect(await needs({ bearer: signer.bearer })).toEqual([true, 1, 1]);
    expect(await needs({ bearer: other.bearer })).toEqual([false, 0, 0]);
    expect(await needs({ key: newVisitorKey() })).toEqual([false, 0, 0]);
    expect(await needs({ bearer: owner.bearer })).toEqual([true, 1, 1]);
    expect(await needs({ bearer: signer.bearer })).toEqual([true, 1, 1]);

    await t.ctx.db
      .update(documentRecipients)
      .set({ signed: true })
      .where(eq(documentRecipients.id, recipient.id));
    expect(await needs({ bearer: signer.bearer })).toEqual([false, 0, 0]);
    expect(await needs({ bearer: owner.bearer })).toEqual([false, 0, 0]);
  });

  it('sends each document once: the overview of a guest room carries the other sections', async () => {
    const { room, code } = await insertCodedRoom(t, owner.account!.id, { open: true });
    await addRoomFile(t, owner.account!.id, room.id, 'deck.pdf');
    const seen = await view(code, { key: newVisitorKey() });
    expect(seen.overview).not.toHaveProperty('documents');
    expect(seen.overview.summary).toEqual({ documents: 1, required: 0 });
    expect(seen.documents[0]).toEqual(
      expect.objectContaining({
        label: 'deck.pdf',
        document_id: null,
        status: null,
        requires_signature: false,
      }),
    );
  });

  // Concurrent transactions only exist on PostgreSQL (the embedded database runs one at a time).
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'moves the version for a rename that commits after the file was added to the room',
    async () => {
      const { room, code } = await insertCodedRoom(t, owner.account!.id, { open: true });
      const file = await addRoomFile(t, owner.account!.id, null, 'old.pdf');
      const key = newVisitorKey();
      let release = () => {};
      let renamed = () => {};
      const holding = new Promise<void>((resolve) => {
        release = resolve;
      });
      const renaming = new Promise<void>((resolve) => {
        renamed = resolve;
      });
      // The rename's trigger runs first, when no room names the file yet; its transaction commits last.
      const rename = t.ctx.db.transaction(async (tx) => {
        await tx.update(files).set({ filename: 'new.pdf' }).where(eq(files.id, file.id));
        renamed();
        await holding;
      });
      await renaming;
      // A promise, not the query builder: each `then` of a builder runs its query again.
      const add = (async () => {
        await t.ctx.db
          .insert(roomDocuments)
          .values({ roomId: room.id, fileId: file.id, label: 'L', position: 1 });
      })();
      await Promise.race([add, new Promise((resolve) => setTimeout(resolve, 300))]);
      // A view meanwhile keeps what it read (the file waits for the rename: the room is still empty).
      await view(code, { key });
      release();
      await Promise.all([rename, add]);
      expect((await view(code, { key })).documents.map((d: Json) => d.filename)).toEqual(['new.pdf']);
    },
  );
});
