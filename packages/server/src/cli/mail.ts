/**
 * Prints the messages kept in DATA_DIR/outbox (when SMTP_URL is unset): `npm run mail -- --to EMAIL --json`.
 * Reads the .eml files only, so it works while the server holds the embedded database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { simpleParser } from 'mailparser';
import { loadConfig } from '../config.ts';

const { values } = parseArgs({
  options: { to: { type: 'string' }, json: { type: 'boolean', default: false }, last: { type: 'string' } },
});

const outbox = path.join(loadConfig().dataDir, 'outbox');
const files = fs.existsSync(outbox)
  ? fs
      .readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .sort()
  : [];

const messages = [];
for (const file of files) {
  const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
  const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
    a.value.map((v) => v.address ?? ''),
  );
  if (values.to && !to.some((a) => a.toLowerCase() === values.to?.toLowerCase())) continue;
  messages.push({
    to: to.join(', '),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    created_at: (mail.date ?? fs.statSync(path.join(outbox, file)).mtime).toISOString(),
  });
}
const shown = values.last ? messages.slice(-Number(values.last)) : messages;

if (values.json) {
  console.log(JSON.stringify(shown, null, 2));
} else if (shown.length === 0) {
  console.log(`No messages${values.to ? ` to ${values.to}` : ''} in ${outbox}`);
} else {
  for (const m of shown)
    console.log(`${m.created_at}  ${m.to}\n  ${m.subject}\n${m.text.replace(/^/gm, '    ')}\n`);
}
