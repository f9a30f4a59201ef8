/**
 * `npx tsx bench/room-history.ts`: a room with 100,000 history entries (500 visitors) on a fresh embedded
 * database, and the time of history pages through the API (first page, a page deep in the keyset, every
 * sort, one visitor's) and of the whole CSV export. The budget: any page < 100 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { seedBrands } from '../packages/server/src/seed.ts';

const ENTRIES = Number(process.env.ROOM_HISTORY_ENTRIES ?? 100_000);
const VISITORS = 500;
const RUNS = 40;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-bench-history-'));
const database = await openDatabase({ databaseUrl: null, dataDir, log: { info: () => {}, warn: () => {} } });
await database.migrate();
const config = loadConfig(
  { DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' },
  { logLevel: 'silent', runWorker: false, webDist: null },
);
const app = await buildApp(config, { database });
await seedBrands(app.ctx);

try {
  const registered = await app.inject({
    method: 'POST',
    url: '/api/authn/session/credentials',
    payload: {
      email: 'bench-rooms@example.com',
      password: 'benchmark password 1',
      first_name: 'Bench',
      family_name: 'Mark',
      create: true,
      tos: true,
      company: { company_name: 'Bench Rooms, Inc.', features: [{ feature_type_id: 881, value: 'Other' }] },
    },
  });
  const { id_token, account_id } = registered.json() as { id_token: string; account_id: number };
  const token = await app.inject({
    method: 'POST',
    url: '/api/authn/access_token',
    headers: { authorization: `Bearer ${id_token}` },
    payload: { account_id },
  });
  const headers = { authorization: `Bearer ${(token.json() as { access_token: string }).access_token}` };

  console.log(`Seeding ${ENTRIES} history entries…`);
  const db = app.ctx.db;
  const room = await db.execute<{ id: number }>(
    sql`insert into rooms (account_id, label, code_hash) values (${account_id}, 'Bench Room', 'pending:bench')
      returning id`,
  );
  const roomId = room.rows[0].id;
  await db.execute(sql`insert into room_visitors (room_id, email, name, times_visited)
    select ${roomId}, 'visitor' || i || '@example.com', 'Visitor ' || i, 1 from generate_series(1, ${VISITORS}) i`);
  await db.execute(sql`insert into room_history (room_id, visitor_id, action, label, page, seconds, created_at)
    select ${roomId}, v.id, (array['visit','view','download','form'])[1 + i % 4], 'Entry ' || i, 1 + i % 20, i % 60,
      now() - (i * interval '7 seconds')
    from generate_series(1, ${ENTRIES}) i
    join (select id, row_number() over (order by id) - 1 as n from room_visitors where room_id = ${roomId}) v
      on v.n = i % ${VISITORS}`);
  await db.execute(sql`analyze room_history`);
  const visitor = (await db.execute<{ id: number }>(sql`select min(id) as id from room_visitors`)).rows[0].id;

  const base = `/api/account/admin/room/${roomId}/history`;
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  // A cursor 50,000 entries in: keyset paging must not slow down with depth.
  let deep = '';
  for (let i = 0; i < 100; i++) {
    const page = (await get(`${base}?limit=500${deep ? `&cursor=${deep}` : ''}`)).json() as {
      next_cursor: string;
    };
    deep = page.next_cursor;
  }
  const cases: [string, string][] = [
    ['first page (latest)', base],
    ['page after 50,000 entries', `${base}?cursor=${deep}`],
    ['downloads', `${base}?sort=downloads`],
    ['document views', `${base}?sort=document-views`],
    ['date (oldest first)', `${base}?sort=date`],
    ['one visitor', `${base}?visitor_id=${visitor}`],
  ];
  const results = [];
  for (const [name, url] of cases) {
    await get(url);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await get(url);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => +times[Math.floor(q * (RUNS - 1))].toFixed(1);
    results.push({ name, p50: at(0.5), p90: at(0.9), max: at(1) });
  }
  const start = performance.now();
  const csv = await get(`/api/account/admin/room/${roomId}/history.csv`);
  const csvSeconds = (performance.now() - start) / 1000;
  console.table(
    results.map((r) => ({ name: r.name, p50: `${r.p50} ms`, p90: `${r.p90} ms`, max: `${r.max} ms` })),
  );
  // p90, not the maximum: on a shared machine one run in forty can wait for the CPU or the collector.
  const worst = Math.max(...results.map((r) => r.p90));
  const verdict = worst < 100 ? 'met' : 'MISSED';
  console.log(
    `Target: a history page of ${ENTRIES} entries p90 < 100 ms: ${verdict} (worst p90 ${worst} ms)`,
  );
  console.log(
    `CSV export of ${ENTRIES} entries: ${csvSeconds.toFixed(2)} s, ${(csv.rawPayload.length / 1e6).toFixed(1)} MB`,
  );
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
