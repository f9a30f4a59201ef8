import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';

/** A file attached by its storage key: the job reads the bytes when it sends, the queue keeps only the key. */
export type MailAttachment = { filename: string; contentType: string; storageKey: string };

export type MailMessage = {
  to: string;
  /** Where replies go, when not to the sending address (a signing request: its sender). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

export type Mailer = {
  /** Queues a message in the caller's transaction; a job delivers it (with retries). */
  send(tx: Tx, message: MailMessage): Promise<void>;
};

export type MailTransportOptions = {
  smtpUrl: string | null;
  outboxDir: string;
  from: string;
  /** Reads an attachment's bytes (the file storage); needed only by messages with attachments. */
  readAttachment?: (storageKey: string) => Promise<Buffer>;
};

const MAIL_JOB = 'mail.send';

/** Delivers by SMTP when configured, otherwise writes an RFC 5322 .eml file into the outbox folder. */
export function createMailDelivery(options: MailTransportOptions) {
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const attachmentsOf = async (message: MailMessage) => {
    if (!message.attachments?.length) return undefined;
    const read = options.readAttachment;
    if (!read) throw new Error('This mailer cannot read attachments');
    return Promise.all(
      message.attachments.map(async ({ filename, contentType, storageKey }) => ({
        filename,
        contentType,
        content: await read(storageKey),
      })),
    );
  };

  return async function deliver(message: MailMessage & { id: string }) {
    const mail = {
      from: options.from,
      ...message,
      attachments: await attachmentsOf(message),
      date: new Date(),
      messageId: `<${message.id}@charter>`,
    };
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
