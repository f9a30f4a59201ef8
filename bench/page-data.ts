import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { api, openRoomWith } from './room-overview.ts';
import type { Scenario } from './scenario.ts';

/** A cookie as the server set it, to put in the audited browser (name, value and its path). */
export type SetCookie = { name: string; value: string; path: string; httpOnly: boolean };

/** The pages Lighthouse audits, made through the API as a workspace would make them. */
export type AuditedPages = {
  login: string;
  room: string;
  signing: string;
  outsideForm: string;
  home: string;
  /** A sign-in's cookies: the signed-in home opens as a returning user's tab would. */
  cookies: SetCookie[];
};

/** `Set-Cookie` header values, read as far as a browser needs them here. */
export function parseSetCookies(headers: string[]): SetCookie[] {
  return headers.map((header) => {
    const [pair, ...attributes] = header.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const attribute = (name: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${name.toLowerCase()}=`))?.split('=')[1];
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      path: attribute('path') ?? '/',
      httpOnly: attributes.some((a) => a.toLowerCase() === 'httponly'),
    };
  });
}

/** A one-page agreement whose text tags give a Client a signature and a date. */
async function taggedAgreement() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('Consulting Agreement', { x: 72, y: 700, size: 18, font });
  for (let line = 0; line < 30; line++)
    page.drawText('The Consultant shall provide the services described in Schedule A.', {
      x: 72,
      y: 660 - line * 14,
      size: 10,
      font,
    });
  page.drawText('Client: {{sign:Client}}   Date: {{date:Client}}', { x: 72, y: 150, size: 11, font });
  return pdf.save();
}

/** What `pattern` finds in the newest mail of the outbox to `email` (the job queue sends within seconds). */
async function fromMailTo(dataDir: string, email: string, pattern: RegExp, what: string) {
  const outbox = path.join(dataDir, 'outbox');
  for (let tries = 0; tries < 120; tries++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files.sort().reverse()) {
      const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
      const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
        a.value.map((v) => v.address),
      );
      const found = mail.text?.match(pattern)?.[0];
      if (found && to.includes(email)) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no ${what} mailed to ${email}`);
}

/**
 * A room of 20 documents open to its link, a document sent for signature (its signer's link read from the
 * outbox), a Mutual NDA's questions shared as an outside form, and a sign-in for the signed-in home.
 */
export async function makeAuditedPages(
  base: string,
  dataDir: string,
  scenario: Scenario,
): Promise<AuditedPages> {
  const call = (method: string, url: string, body?: unknown) =>
    api(base, method, url, scenario.accessToken, body);
  // Sending for signature asks for a proven address: the code the registration mailed (XXX-XXX).
  const code = await fromMailTo(dataDir, scenario.email, /\b\d{3}-\d{3}\b/, 'confirmation code');
  await api(base, 'GET', `/api/user/confirm/${code}`, scenario.idToken);
  const room = await openRoomWith(base, scenario.accessToken, 20);

  const form = new FormData();
  form.append('file', new Blob([await taggedAgreement()], { type: 'application/pdf' }), 'Agreement.pdf');
  const uploaded = await fetch(`${base}/api/account/storage/upload?path=/Bench/Signing`, {
    method: 'POST',
    headers: { authorization: `Bearer ${scenario.accessToken}` },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const [file] = (await uploaded.json()) as { id: number }[];
  const created = await call('POST', '/api/account/signing/documents', { file_id: file.id });
  const documentId = (created.document as { id: number }).id;
  const signer = `signer-${Date.now()}@example.com`;
  await call('POST', '/api/account/document_history/email_recipient', {
    document_id: documentId,
    email: signer,
    metadata: { name: 'Zoë Dvořák', role: 'Signer', party: 'Client', order: 1 },
  });
  await call('POST', `/api/account/signing/documents/${documentId}/send`, {});

  const project = await call('POST', '/api/account/project_template/mutual-nda/create', {});
  const [group] = project.groupedTransactions as { id: number }[];
  const shared = await call('POST', `/api/account/transaction/${group.id}/outside`, {
    name: 'NDA details',
    description: 'A few details about your company, please.',
    features: ['counterparty', 'counterparty_signer', 'counterparty_email', 'purpose', 'effective_date'].map(
      (id) => ({ feature_type_id: id }),
    ),
  });
  const formLink = new URL((shared.form as { link: string }).link);

  const signIn = await fetch(`${base}/api/authn/session/credentials`, {
    method: 'POST',
    headers: { authorization: scenario.basicAuth },
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  return {
    login: `${base}/login`,
    room: `${base}/data-room/${room.code}/overview`,
    signing: `${base}${await fromMailTo(dataDir, signer, /\/sign\/[A-Za-z0-9_-]+/, 'signing link')}`,
    outsideForm: `${base}${formLink.pathname}`,
    home: `${base}/c/${scenario.accountId}/home`,
    cookies: parseSetCookies(signIn.headers.getSetCookie()),
  };
}
