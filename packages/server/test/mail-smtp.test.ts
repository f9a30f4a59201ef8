import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, jobs } from '../src/db/schema/index.ts';
import { uniqueEmail } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

type Received = { to: string[]; raw: string };

/** A real SMTP server on loopback that keeps what it receives. */
async function startSink(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    received,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let sink: Awaited<ReturnType<typeof startSink>>;
let t: TestApp;
beforeAll(async () => {
  sink = await startSink();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true` });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const register = (email: string, host?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authn/session/credentials',
    headers: host ? { host } : {},
    payload: {
      email,
      password: 'a long enough password',
      first_name: 'Sam',
      family_name: 'Smtp',
      create: true,
    },
  });

describe('mail by SMTP', () => {
  it('delivers the confirmation code to a real SMTP server', async () => {
    const email = uniqueEmail('smtp');
    expect((await register(email)).statusCode).toBe(201);
    await t.ctx.jobs.drain();
    const message = sink.received.find((m) => m.to.includes(email));
    expect(message?.raw).toMatch(/\b\d{3}-\d{3}\b/);
    expect(message?.raw).toContain('Subject: Your Charter confirmation code');
  });

  it('names the brand in From, at the configured address, with a Message-ID of the sending domain and Auto-Submitted', async () => {
    const partner = await register(uniqueEmail('brand'), 'partner.localhost');
    expect(partner.statusCode).toBe(201);
    const own = await register(uniqueEmail('default'));
    expect(own.statusCode).toBe(201);
    await t.ctx.jobs.drain();
    const sent = await Promise.all(sink.received.slice(-2).map(async (m) => simpleParser(m.raw)));
    const byBrand = Object.fromEntries(sent.map((m) => [m.from?.value[0].name, m]));
    expect(Object.keys(byBrand).sort()).toEqual(['Charter', 'Northwind Legal']);
    for (const message of sent) {
      // The address stays MAIL_FROM's: brands have no verified sending address of their own.
      expect(message.from?.value[0].address).toBe('no-reply@charter.local');
      expect(message.messageId).toMatch(/^<[0-9a-f-]{36}@charter\.local>$/);
      expect(message.headers.get('auto-submitted')).toBe('auto-generated');
    }
    expect(byBrand['Northwind Legal'].subject).toBe(
      `Your Northwind Legal confirmation code: ${/\d{3}-\d{3}/.exec(byBrand['Northwind Legal'].subject ?? '')?.[0]}`,
    );
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(2);
  });

  it('keeps a message it could not deliver, to retry later', async () => {
    await sink.close();
    const email = uniqueEmail('retry');
    expect((await register(email)).statusCode).toBe(201);
    await t.ctx.jobs.drain();
    const rows = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'mail.send'));
    const pending = rows.find((r) => (r.payload as { to: string }).to === email);
    expect(pending).toMatchObject({ status: 'queued', attempts: 1 });
    expect(pending?.lastError).toBeTruthy();
    expect(pending?.runAt.getTime()).toBeGreaterThan(Date.now());

    // The server is back and the retry comes due: the message goes out.
    sink = await startSink(sink.port);
    await t.ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, pending!.id));
    await t.ctx.jobs.drain();
    expect(sink.received.some((m) => m.to.includes(email))).toBe(true);
  });
});

describe('mail written to the outbox (no SMTP_URL)', () => {
  it('carries the same From, Message-ID and Auto-Submitted, a brand name with punctuation quoted', async () => {
    const outbox = await createTestApp({ mailFrom: 'Charter Mail <mail@notices.example.com>' });
    try {
      await outbox.ctx.db
        .update(brands)
        .set({ displayName: 'Acme, "Legal" Ünïon' })
        .where(eq(brands.hostname, 'partner.localhost'));
      const email = uniqueEmail('outbox');
      const res = await outbox.app.inject({
        method: 'POST',
        url: '/api/authn/challenge',
        headers: { host: 'partner.localhost' },
        payload: { identifier: { type: 'email', value: email }, template: 'magic-link', create: true },
      });
      expect(res.statusCode).toBe(201);
      await outbox.ctx.jobs.drain();
      const dir = path.join(outbox.config.dataDir, 'outbox');
      const [file] = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      const message = await simpleParser(raw);
      expect(message.to && !Array.isArray(message.to) && message.to.value[0].address).toBe(email);
      expect(message.from?.value).toEqual([
        { name: 'Acme, "Legal" Ünïon', address: 'mail@notices.example.com' },
      ]);
      expect(message.messageId).toMatch(/^<[0-9a-f-]{36}@notices\.example\.com>$/);
      expect(raw).toMatch(/^Auto-Submitted: auto-generated$/m);
    } finally {
      await outbox.close();
    }
  });
});
