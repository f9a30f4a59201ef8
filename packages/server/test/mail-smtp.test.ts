import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index.ts';
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

const register = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authn/session/credentials',
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
