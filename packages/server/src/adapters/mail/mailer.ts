import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** Queues a message in the caller's transaction; a job delivers it (with retries). */
  send(tx: Tx, message: MailMessage): Promise<void>;
};

export type MailTransportOptions = { smtpUrl: string | null; outboxDir: string; from: string };

const MAIL_JOB = 'mail.send';

/** Delivers by SMTP when configured, otherwise writes an RFC 5322 .eml file into the outbox folder. */
export function createMailDelivery(options: MailTransportOptions) {
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return async function deliver(message: MailMessage & { id: string }) {
    const mail = { from: options.from, ...message, date: new Date(), messageId: `<${message.id}@charter>` };
    if (smtp) {
      await smtp.sendMail(mail);
      return;
    }
    const info = await composer.sendMail(mail);
    await fs.mkdir(options.outboxDir, { recursive: true });
    const name = `${Date.now().toString().padStart(15, '0')}-${message.id}.eml`;
    const tmp = path.join(options.outboxDir, `.${name}.tmp`);
    await fs.writeFile(tmp, info.message as Buffer);
    await fs.rename(tmp, path.join(options.outboxDir, name));
  };
}

export function createMailer(jobs: JobQueue, options: MailTransportOptions): Mailer {
  const deliver = createMailDelivery(options);
  // Messages carry one-time codes and sign-in links: a sent one is not kept, a failed one keeps its recipient.
  jobs.register(MAIL_JOB, async (payload) => deliver(payload as MailMessage & { id: string }), {
    redact: (payload) => ({ to: payload.to }),
  });
  return {
    async send(tx, message) {
      await jobs.enqueue(tx, MAIL_JOB, { ...message, id: crypto.randomUUID() });
    },
  };
}
