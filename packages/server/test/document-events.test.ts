import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentEvents, documents } from '../src/db/schema/index.ts';
import { checkDocumentEvents } from '../src/modules/signing/check-document-events.ts';
import { canonicalJson } from '../src/modules/signing/event-chain.ts';
import { recordDocumentEvent } from '../src/modules/signing/record-document-event.ts';
import { signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const zoe = { name: 'Zoë Dvořák-Łukasiewicz', email: 'zoe@example.com', recipientId: 7 };

/** A document of a new workspace with three entries: sent, viewed, signed. */
async function documentWithHistory() {
  const me = await signedIn(t);
  const [document] = await t.ctx.db
    .insert(documents)
    .values({ accountId: me.account!.id, filename: 'Agreement.pdf', label: 'Agreement' })
    .returning();
  const record = (kind: string, details: Record<string, unknown> = {}) =>
    t.ctx.db.transaction((tx) =>
      recordDocumentEvent({ tx, documentId: document.id, kind, actor: zoe, ip: '203.0.113.9', details }),
    );
  await record('sent', { to: [zoe.email] });
  await record('viewed');
  await record('signed', { fields: { b: 2, a: 1 }, expires: new Date('2026-12-24T10:00:00Z') });
  const check = () => t.ctx.db.transaction((tx) => checkDocumentEvents({ tx, documentId: document.id }));
  const where = (seq: number) => and(eq(documentEvents.documentId, document.id), eq(documentEvents.seq, seq));
  return { document, record, check, where };
}

describe("a document's signing history", () => {
  it('is numbered and chained, and checks as written (names kept exactly)', async () => {
    const { document, check } = await documentWithHistory();
    expect(await check()).toEqual({ ok: true, entries: 3 });
    const rows = await t.ctx.db
      .select()
      .from(documentEvents)
      .where(eq(documentEvents.documentId, document.id))
      .orderBy(documentEvents.seq);
    expect(rows.map((r) => [r.seq, r.kind])).toEqual([
      [1, 'sent'],
      [2, 'viewed'],
      [3, 'signed'],
    ]);
    expect(rows[1].prevHash).toBe(rows[0].hash);
    expect(rows[2].prevHash).toBe(rows[1].hash);
    expect(rows[0].actor.name).toBe('Zoë Dvořák-Łukasiewicz');
  });

  it('finds an edited entry, a removed one and one moved in time', async () => {
    const edited = await documentWithHistory();
    await t.ctx.db.update(documentEvents).set({ ip: '198.51.100.1' }).where(edited.where(2));
    expect(await edited.check()).toMatchObject({ ok: false, brokenAt: 2, reason: 'it was changed' });

    const removed = await documentWithHistory();
    await t.ctx.db.delete(documentEvents).where(removed.where(2));
    expect(await removed.check()).toMatchObject({ ok: false, brokenAt: 2, reason: 'an entry is missing' });

    const moved = await documentWithHistory();
    await t.ctx.db
      .update(documentEvents)
      .set({ at: sql`${documentEvents.at} - interval '1 day'` })
      .where(moved.where(3));
    expect(await moved.check()).toMatchObject({ ok: false, brokenAt: 3 });

    // Rewriting an entry with a fresh hash of its own still breaks the link from the next one.
    const rewritten = await documentWithHistory();
    const [second] = await t.ctx.db.select().from(documentEvents).where(rewritten.where(2));
    await t.ctx.db
      .update(documentEvents)
      .set({ hash: 'f'.repeat(64) })
      .where(eq(documentEvents.id, second.id));
    expect(await rewritten.check()).toMatchObject({ ok: false, brokenAt: 2 });
  });

  it('keeps one chain when entries are written at the same time', async () => {
    const { record, check } = await documentWithHistory();
    await Promise.all(Array.from({ length: 6 }, (_, i) => record('viewed', { n: i })));
    expect(await check()).toEqual({ ok: true, entries: 9 });
  });

  it('hashes JSON the same whatever order its keys were stored in', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}',
    );
  });
});
