import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';

/** A file attached by its storage key: the job reads the bytes when it sends, the queue keeps only the key. */
export type MailAttachment = { filename: string; contentType: string; storageKey: string };

/**
 * Whom a message speaks for: the brand's name is the From display name. The address stays the configured
 * sender (MAIL_FROM): brands have no sending address of their own whose domain was verified (SPF, DKIM),
 * and sending as an unverified one would land in spam or be refused.
 */
export type MailSender = { name: string };

export type MailMessage = {
  brand: MailSender;
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

/** A queued message; jobs queued before messages named their brand have none. */
type QueuedMail = Omit<MailMessage, 'brand'> & { brand?: MailSender; id: string };

/** MAIL_FROM ('Charter <no-reply@mail.example.com>') as its display name and address. */
export function parseSender(from: string): { name: string; address: string } {
  const [parsed] = addressparser(from, { flatten: true });
  if (!parsed?.address?.includes('@')) throw new Error(`MAIL_FROM is not an email address: ${from}`);
  return { name: parsed.name, address: parsed.address };
}

/** Delivers by SMTP when configured, otherwise writes an RFC 5322 .eml file into the outbox folder. */
export function createMailDelivery(options: MailTransportOptions) {
  const sender = parseSender(options.from);
  const domain = sender.address.slice(sender.address.lastIndexOf('@') + 1);
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const attachmentsOf = async (message: Pick<MailMessage, 'attachments'>) => {
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

  return async function deliver({ brand, ...message }: QueuedMail) {
    const mail = {
      ...message,
      // nodemailer quotes or encodes the name as RFC 5322 needs ("Acme, Inc." <…>, non-ASCII names).
      from: { name: brand?.name || sender.name, address: sender.address },
      attachments: await attachmentsOf(message),
      date: new Date(),
      // Under the sending domain, as RFC 5322 asks; the id is a random UUID, unique per message.
      messageId: `<${message.id}@${domain}>`,
      // Machine-sent (RFC 3834): auto-responders (out-of-office, vacation replies) do not answer it.
      headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
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

/** Told of every delivery attempt (the /metrics counters). */
export type MailObserver = (outcome: 'sent' | 'failed') => void;

export function createMailer(jobs: JobQueue, options: MailTransportOptions, observe?: MailObserver): Mailer {
  const deliver = createMailDelivery(options);
  // Messages carry one-time codes and sign-in links: a sent one is not kept, a failed one keeps its recipient.
  jobs.register(
    MAIL_JOB,
    async (payload) => {
      try {
        await deliver(payload as QueuedMail);
      } catch (error) {
        observe?.('failed');
        throw error;
      }
      observe?.('sent');
    },
    { redact: (payload) => ({ to: payload.to }) },
  );
  return {
    async send(tx, message) {
      // Only the brand's name is kept with the job, not the whole brand the caller holds.
      const queued: QueuedMail = { ...message, brand: { name: message.brand.name }, id: crypto.randomUUID() };
      await jobs.enqueue(tx, MAIL_JOB, queued);
    },
  };
}
