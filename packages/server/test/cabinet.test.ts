import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { FILE_NAME_SLASH } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLibreOffice } from '../src/adapters/office/office-pdf.ts';
import { CONTENT_MISMATCH_MESSAGE, UNSUPPORTED_TYPE_MESSAGE } from '../src/adapters/storage/file-types.ts';
import { files, fileTokens, liveEvents, memberships } from '../src/db/schema/index.ts';
import { FOLDER_EXISTS } from '../src/modules/cabinet/create-folder.ts';
import { FILE_IS_DOCUMENT } from '../src/modules/cabinet/delete-files.ts';
import { FOLDER_NOT_EMPTY } from '../src/modules/cabinet/delete-folder.ts';
import { NO_CABINET_ACCESS } from '../src/modules/cabinet/policies.ts';
import { PREVIEW_FAILED } from '../src/modules/cabinet/previews.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import { accountCaller, type Json, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { documentText, docx, paragraph } from './support/docx.ts';
import { type LocalBucket, startLocalBucket } from './support/local-bucket.ts';
import { multipart } from './support/multipart.ts';
import { uploadAs } from './support/workspace-rows.ts';

type Me = SignedIn;

// CI installs LibreOffice (.ci/run), so the conversion is always tested there; elsewhere it runs
// where LibreOffice is installed.
const withLibreOffice = findLibreOffice() !== null || Boolean(process.env.CI);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const TEXT = Buffer.from('Minutes of the meeting: café.\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

describe.each(['disk', 's3'] as const)('the file cabinet on %s storage', (kind) => {
  let t: TestApp;
  let me: Me;
  let other: Me;

  const call = accountCaller(() => t);
  const upload = (who: Me, url: string, files: { filename: string; content: Buffer }[]) =>
    uploadAs(t, who, url, files);
  const list = async (who: Me, folder: string) =>
    (await call(who, 'GET', `/api/account/storage/folder?path=${encodeURIComponent(folder)}`)).body;

  let bucket: LocalBucket | null = null;

  beforeAll(async () => {
    let overrides = {};
    if (kind === 's3') {
      // An S3-compatible server on loopback, as in production with S3_BUCKET (and S3_PREFIX) set.
      bucket = await startLocalBucket('charter-cabinet', 'charter/');
      overrides = { s3: bucket.config };
    }
    t = await createTestApp(overrides);
    await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-workflow'));
    me = await signedIn(t);
    other = await signedIn(t);
  });
  afterAll(async () => {
    await t.close();
    await bucket?.close();
  });

  it('needs a token, and file cabinet access', async () => {
    expect((await call(null, 'GET', '/api/account/storage/folder')).status).toBe(401);
    expect((await call(null, 'POST', '/api/account/storage/download-zip', { file_ids: [1] })).status).toBe(
      401,
    );
    const locked = await signedIn(t);
    await t.ctx.db
      .update(memberships)
      .set({ filecabinetAccess: false })
      .where(eq(memberships.userId, locked.user.id));
    const refused = await call(locked, 'GET', '/api/account/storage/folder');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NO_CABINET_ACCESS);
  });

  it('keeps folders and files, refuses wrong types with the spec message and stores nothing then', async () => {
    const created = await call(me, 'POST', '/api/account/storage/folder', { path: '/Contracts/2026' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: '2026', path: '/Contracts/2026', parent_path: '/Contracts' });
    const again = await call(me, 'POST', '/api/account/storage/folder', { path: 'Contracts/2026/' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(FOLDER_EXISTS);
    expect((await call(me, 'POST', '/api/account/storage/folder', { path: '/a/../b' })).status).toBe(400);
    expect((await list(me, '/')).folders.map((f: Json) => f.name)).toEqual(['Contracts']);

    const stored = await upload(me, '/api/account/storage/upload?path=/Contracts/2026', [
      { filename: 'Lease.pdf', content: PDF },
      { filename: 'Minutes.txt', content: TEXT },
    ]);
    expect(stored.status).toBe(201);
    expect(stored.body.map((f: Json) => [f.filename, f.content_type])).toEqual([
      ['Lease.pdf', 'application/pdf'],
      ['Minutes.txt', 'text/plain; charset=utf-8'],
    ]);
    const mismatch = await upload(me, '/api/account/storage/upload?path=/Contracts/2026', [
      { filename: 'Good.pdf', content: PDF },
      { filename: 'Invoice.pdf', content: EXE },
    ]);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(CONTENT_MISMATCH_MESSAGE);
    const exe = await upload(me, '/api/account/storage/upload?path=/', [
      { filename: 'tool.exe', content: EXE },
    ]);
    expect(exe.body.message).toBe(UNSUPPORTED_TYPE_MESSAGE);
    if (kind === 's3') {
      // The bytes went to the bucket under the installation's prefix, not to the data folder.
      const objects = fs.readdirSync(path.join(bucket!.directory, 'charter-cabinet', 'charter'), {
        recursive: true,
      });
      expect(objects.length).toBeGreaterThan(0);
      expect(fs.existsSync(path.join(t.config.dataDir, 'files'))).toBe(false);
    }
    const folder = await list(me, '/Contracts/2026');
    expect(folder.files.map((f: Json) => f.filename)).toEqual(['Lease.pdf', 'Minutes.txt']);
    expect(folder.total_files).toBe(2);

    // Another workspace sees none of it.
    expect((await call(other, 'GET', '/api/account/storage/folder?path=/Contracts')).status).toBe(404);
    const lease = folder.files[0];
    expect((await call(other, 'GET', `/api/account/box/file/${lease.id}/info`)).status).toBe(404);
    expect(
      (await call(other, 'POST', '/api/account/storage/download-zip', { file_ids: [lease.id] })).status,
    ).toBe(404);

    const download = await call(me, 'GET', `/api/account/box/file/${lease.id}?download=1`);
    expect(download.raw.headers['content-disposition']).toBe(
      `attachment; filename="Lease.pdf"; filename*=UTF-8''Lease.pdf`,
    );
    expect(download.raw.rawPayload.equals(PDF)).toBe(true);
    // Without cabinet access, a cabinet file is out of reach (task documents stay readable).
    const setAccess = async (on: boolean) => {
      await t.ctx.db
        .update(memberships)
        .set({ filecabinetAccess: on })
        .where(eq(memberships.userId, me.user.id));
      t.ctx.authCaches.account.clear();
    };
    await setAccess(false);
    try {
      expect((await call(me, 'GET', `/api/account/box/file/${lease.id}`)).status).toBe(404);
      expect((await call(me, 'POST', '/api/account/storage/token', { file_id: lease.id })).status).toBe(404);
    } finally {
      await setAccess(true);
    }
  });

  it('renames folders with what they hold, deletes only empty ones, and zips a selection', async () => {
    const root = await list(me, '/');
    const contracts = root.folders.find((f: Json) => f.name === 'Contracts');
    const renamed = await call(me, 'PATCH', `/api/account/storage/folder/${contracts.id}`, {
      name: 'Agreements',
    });
    expect(renamed.body.path).toBe('/Agreements');
    const moved = await list(me, '/Agreements/2026');
    expect(moved.files).toHaveLength(2);
    expect((await call(me, 'GET', '/api/account/storage/folder?path=/Contracts/2026')).status).toBe(404);

    const zip = await call(me, 'POST', '/api/account/storage/download-zip', {
      file_ids: moved.files.map((f: Json) => f.id),
    });
    expect(zip.status).toBe(200);
    expect(zip.raw.headers['content-type']).toBe('application/zip');
    const bytes = zip.raw.rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(bytes.includes(Buffer.from('Lease.pdf'))).toBe(true);
    expect(bytes.includes(Buffer.from('Minutes.txt'))).toBe(true);

    const year = (await list(me, '/Agreements')).folders[0];
    const busy = await call(me, 'DELETE', `/api/account/storage/folder/${year.id}`);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(FOLDER_NOT_EMPTY);
    const renamedFile = await call(me, 'PUT', `/api/account/box/file/${moved.files[1].id}`, {
      filename: 'Board minutes',
    });
    expect(renamedFile.body.filename).toBe('Board minutes.txt');
    // A slash is refused with a message, not cut down to what follows it; the name stays.
    const slashed = await call(me, 'PUT', `/api/account/box/file/${moved.files[1].id}`, {
      filename: 'Q3/Board minutes',
    });
    expect(slashed.status).toBe(400);
    expect(slashed.body.fields).toEqual({ filename: FILE_NAME_SLASH });
    expect((await call(me, 'GET', `/api/account/box/file/${moved.files[1].id}/info`)).body.filename).toBe(
      'Board minutes.txt',
    );
    for (const file of moved.files) {
      expect((await call(other, 'DELETE', `/api/account/box/file/${file.id}`)).status).toBe(404);
      expect((await call(me, 'DELETE', `/api/account/box/file/${file.id}`)).status).toBe(204);
    }
    expect((await call(me, 'DELETE', `/api/account/storage/folder/${year.id}`)).status).toBe(204);
  });

  it('completes an Upload-mode task with its uploaded document', async () => {
    const project = (await call(me, 'POST', '/api/account/project_template/test-two-steps/create', {})).body;
    const first = project.groupedTransactions[0];
    const memo = first.tasks[0];
    const notUpload = await upload(me, `/api/account/task/${memo.id}/upload`, [
      { filename: 'Memo.pdf', content: PDF },
    ]);
    expect(notUpload.status).toBe(409);
    await call(me, 'PUT', `/api/account/task/${memo.id}`, { action: 'upload' });
    await call(me, 'POST', '/api/account/flat_feature', {
      transaction_id: first.id,
      feature_type_id: 'title',
      value: 'Q3',
    });
    await call(me, 'PUT', `/api/account/transaction/${first.id}`, { validated_questionnaire: 1 });
    const submitted = await call(me, 'POST', `/api/account/transaction/${first.id}/finalize`, {});
    expect(submitted.body.tasks[0]).toMatchObject({
      state: 'Incomplete',
      status_label: 'Awaiting Submission',
    });
    const two = await upload(me, `/api/account/task/${memo.id}/upload`, [
      { filename: 'a.pdf', content: PDF },
      { filename: 'b.pdf', content: PDF },
    ]);
    expect(two.body.message).toBe('Upload one file at a time.');
    expect(
      (await upload(other, `/api/account/task/${memo.id}/upload`, [{ filename: 'x.pdf', content: PDF }]))
        .status,
    ).toBe(404);
    const done = await upload(me, `/api/account/task/${memo.id}/upload`, [
      { filename: 'Signed memo.pdf', content: PDF },
    ]);
    expect(done.status).toBe(201);
    const after = await call(me, 'GET', `/api/account/transaction/${first.id}`);
    expect(after.body).toMatchObject({ state: 'Completed', status: 'Completed' });
    expect(after.body.tasks[0]).toMatchObject({
      state: 'Completed',
      document: { filename: 'Signed memo.pdf', status: null },
    });
    // Open task and documents pages hear of it (the live channel).
    const announced = await t.ctx.db
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.accountId, me.account!.id));
    expect(announced.map((e) => e.event)).toEqual(
      expect.arrayContaining([
        { type: 'refresh_documents' },
        { type: 'refresh_timeline', transaction_id: first.id },
      ]),
    );
    const cabinet = await list(me, `/Workflows/${project.label}`);
    expect(cabinet.files.map((f: Json) => f.filename)).toEqual(['Signed memo.pdf']);
    // A task's document stays with its task.
    expect((await call(me, 'DELETE', `/api/account/box/file/${cabinet.files[0].id}`)).status).toBe(409);
  });

  it('searches the whole cabinet by name, and moves or deletes a selection all together or none', async () => {
    await upload(me, '/api/account/storage/upload?path=/Search/A', [
      { filename: 'Quarterly 100% report.pdf', content: PDF },
      { filename: 'notes_q1.txt', content: TEXT },
    ]);
    await upload(me, '/api/account/storage/upload?path=/Search/B', [
      { filename: 'QUARTERLY plan.txt', content: TEXT },
    ]);
    await upload(other, '/api/account/storage/upload?path=/Search', [
      { filename: 'Quarterly.txt', content: TEXT },
    ]);
    const search = async (who: Me, query: string) =>
      (await call(who, 'GET', `/api/account/storage/search?${query}`)).body;
    const names = (result: Json) => result.files.map((f: Json) => `${f.path}/${f.filename}`);

    // Any case, any folder, this workspace only; % and _ are letters, not wildcards.
    const quarterly = await search(me, 'q=quarterly');
    // By name as the folder listing orders them (byte order: capitals first).
    expect(names(quarterly)).toEqual(['/Search/B/QUARTERLY plan.txt', '/Search/A/Quarterly 100% report.pdf']);
    expect(quarterly.total_files).toBe(2);
    expect(quarterly.files[0].abilities).toEqual({ download: true, rename: true, move: true, delete: true });
    expect(names(await search(me, 'q=100%25'))).toEqual(['/Search/A/Quarterly 100% report.pdf']);
    expect(names(await search(me, 'q=_'))).toEqual(['/Search/A/notes_q1.txt']);
    expect((await search(me, 'q=search')).folders.map((f: Json) => f.path)).toEqual(['/Search']);
    const paged = await search(me, 'q=quarterly&limit=1&offset=1');
    expect([names(paged), paged.total_files]).toEqual([['/Search/A/Quarterly 100% report.pdf'], 2]);
    expect((await call(me, 'GET', '/api/account/storage/search?q=%20')).status).toBe(400);
    // A task's document is found too, and says it cannot be deleted.
    const memo = (await search(me, 'q=signed%20memo')).files[0];
    expect(memo.abilities.delete).toBe(false);

    // Move: every file, into a folder made for them; one id of another workspace refuses them all.
    const ids = quarterly.files.map((f: Json) => f.id as number);
    const theirs = (await search(other, 'q=quarterly')).files[0].id as number;
    const refused = await call(me, 'POST', '/api/account/storage/files/move', {
      file_ids: [...ids, theirs],
      path: '/Archive/2026',
    });
    expect(refused.status).toBe(404);
    expect(names(await search(me, 'q=quarterly'))).toEqual(names(quarterly));
    const moved = await call(me, 'POST', '/api/account/storage/files/move', {
      file_ids: ids,
      path: '/Archive/2026',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.map((f: Json) => f.path)).toEqual(['/Archive/2026', '/Archive/2026']);
    expect((await list(me, '/Archive/2026')).files.map((f: Json) => f.filename)).toEqual([
      'QUARTERLY plan.txt',
      'Quarterly 100% report.pdf',
    ]);
    expect(
      (await call(me, 'POST', '/api/account/storage/files/move', { file_ids: [], path: '/' })).status,
    ).toBe(400);

    // Delete: a task's document in the selection refuses it whole, with why; then the rest goes.
    const notes = (await search(me, 'q=notes_q1')).files[0].id as number;
    const withMemo = await call(me, 'POST', '/api/account/storage/files/delete', {
      file_ids: [notes, memo.id],
    });
    expect(withMemo.status).toBe(409);
    expect(withMemo.body.message).toBe(FILE_IS_DOCUMENT);
    expect(
      (await call(other, 'POST', '/api/account/storage/files/delete', { file_ids: [notes] })).status,
    ).toBe(404);
    expect((await search(me, 'q=notes_q1')).total_files).toBe(1);
    const deleted = await call(me, 'POST', '/api/account/storage/files/delete', {
      file_ids: [notes, ...ids],
    });
    expect(deleted.status).toBe(204);
    expect((await search(me, 'q=quarterly')).total_files).toBe(0);
    expect((await search(me, 'q=notes_q1')).total_files).toBe(0);
    expect((await search(other, 'q=quarterly')).total_files).toBe(1);
  });

  it('fills a Custom-mode task from a Word file of the cabinet, with the spec messages until it can', async () => {
    const project = (await call(me, 'POST', '/api/account/project_template/test-two-steps/create', {})).body;
    const first = project.groupedTransactions[0];
    const memo = first.tasks[0];
    await call(me, 'POST', '/api/account/flat_feature', {
      transaction_id: first.id,
      feature_type_id: 'title',
      value: 'Budget',
    });
    await call(me, 'PUT', `/api/account/transaction/${first.id}`, { validated_questionnaire: 1 });
    // The fixture's memo allows Generate, Upload, Skip: switch the fixture task to a library one with Custom.
    expect((await call(me, 'PUT', `/api/account/task/${memo.id}`, { action: 'custom' })).status).toBe(400);

    const nda = (await call(me, 'POST', '/api/account/project_template/mutual-nda/create', {})).body;
    const group = nda.groupedTransactions[0];
    const task = group.tasks[0];
    expect((await call(me, 'PUT', `/api/account/task/${task.id}`, { action: 'custom' })).body).toEqual({
      message: 'Process set to custom document.',
    });
    for (const [id, value] of [
      ['signer_name', 'Wile E. Coyote'],
      ['signer_email', 'wile@acme.example'],
      ['counterparty', 'Globex Corporation'],
      ['counterparty_signer', 'Hank Scorpio'],
      ['counterparty_email', 'legal@globex.example'],
      ['purpose', 'A pilot'],
      ['effective_date', '04/01/2026'],
    ]) {
      await call(me, 'POST', '/api/account/flat_feature', {
        transaction_id: group.id,
        feature_type_id: id,
        value,
      });
    }
    expect(
      (await call(me, 'PUT', `/api/account/transaction/${group.id}`, { validated_questionnaire: 1 })).status,
    ).toBe(200);
    const unpicked = await call(me, 'POST', `/api/account/transaction/${group.id}/finalize`, {});
    expect(unpicked.body.message).toBe("- Make sure you've picked a Custom Document folder and file");

    const template = docx(paragraph('Agreement with {counterparty} signed by {signer}.'));
    const broken = docx(paragraph('Agreement with {counterparty'));
    const [good, bad] = (
      await upload(me, '/api/account/storage/upload?path=/Templates', [
        { filename: 'NDA template.docx', content: Buffer.from(template) },
        { filename: 'Broken.docx', content: Buffer.from(broken) },
      ])
    ).body as Json[];
    const templates = await call(me, 'GET', '/api/account/storage/my_templates');
    expect((templates.body as unknown as Json[]).map((f) => f.filename)).toEqual([
      'Broken.docx',
      'NDA template.docx',
    ]);
    expect(
      (
        await call(other, 'POST', '/api/account/custom_document', {
          account_task_id: task.id,
          file_id: good.id,
        })
      ).status,
    ).toBe(404);

    const invalid = await call(me, 'POST', '/api/account/custom_document', {
      account_task_id: task.id,
      file_id: bad.id,
    });
    expect(invalid.body).toMatchObject({ valid: false, notes: [{ level: 'error', token: 'counterparty' }] });
    const notValid = await call(me, 'POST', `/api/account/transaction/${group.id}/finalize`, {});
    expect(notValid.body.message).toBe(
      "- You don't have a valid Custom Document saved. Please pick a different document.",
    );

    const picked = await call(me, 'POST', '/api/account/custom_document', {
      account_task_id: task.id,
      file_id: good.id,
    });
    expect(picked.body).toMatchObject({
      valid: true,
      tokens: ['counterparty', 'signer'],
      fields: { counterparty: 'Globex Corporation', signer: '' },
    });
    const missing = await call(me, 'POST', `/api/account/transaction/${group.id}/finalize`, {});
    expect(missing.body.message).toBe('- Please fill out all recipient fields for Custom Documents.');
    const saved = await call(me, 'PUT', `/api/account/custom_document/${picked.body.id}`, {
      fields: { signer: 'Wile E.' },
    });
    expect(saved.body.fields).toEqual({ counterparty: 'Globex Corporation', signer: 'Wile E.' });
    expect(
      (await call(me, 'PUT', `/api/account/custom_document/${picked.body.id}`, { fields: { nope: 'x' } }))
        .status,
    ).toBe(400);

    expect((await call(me, 'POST', `/api/account/transaction/${group.id}/finalize`, {})).status).toBe(200);
    await t.ctx.jobs.drain();
    const done = await call(me, 'GET', `/api/account/transaction/${group.id}`);
    expect(done.body).toMatchObject({ state: 'Completed' });
    const document = done.body.tasks[0].document;
    expect(document.filename).toBe('Mutual Non-Disclosure Agreement.docx');
    const filled = await call(me, 'GET', `/api/account/box/file/${document.box_file_id}`);
    expect(documentText(filled.raw.rawPayload)).toContain(
      'Agreement with Globex Corporation signed by Wile E..',
    );
  });

  it('leaves nothing behind when storing a batch fails half way', async () => {
    const storage = t.ctx.storage;
    const putFile = storage.putFile;
    const written: string[] = [];
    storage.putFile = async (file, known) => {
      if (written.length === 1) throw new Error('disk full');
      const stored = await putFile(file, known);
      written.push(stored.key);
      return stored;
    };
    try {
      const res = await upload(me, '/api/account/storage/upload?path=/Interrupted', [
        { filename: 'One.pdf', content: PDF },
        { filename: 'Two.txt', content: TEXT },
      ]);
      expect(res.status).toBe(500);
    } finally {
      storage.putFile = putFile;
    }
    expect((await call(me, 'GET', '/api/account/storage/folder?path=/Interrupted')).status).toBe(404);
    // And the spooled uploads are gone too.
    expect(fs.readdirSync(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
    expect(written).toHaveLength(1);
    await expect(storage.get(written[0])).rejects.toThrow();
  });

  it('leaves nothing behind when the connection dies in the middle of an upload', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const spoolDir = path.join(t.config.dataDir, 'tmp');
    const spooled = () => (fs.existsSync(spoolDir) ? fs.readdirSync(spoolDir) : []);
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(done()).toBe(true);
    };
    const body = multipart([
      { filename: 'Big.pdf', content: Buffer.concat([PDF, Buffer.alloc(4 << 20, 7)]) },
    ]);
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/account/storage/upload?path=/Killed HTTP/1.1\r\nHost: localhost\r\n` +
        `Authorization: ${me.accountBearer}\r\nContent-Type: ${body.contentType}\r\n` +
        `Content-Length: ${body.payload.length}\r\n\r\n`,
    );
    socket.write(body.payload.subarray(0, body.payload.length / 2));
    // The upload is being written to disk as it arrives; then the client goes away.
    await until(() => spooled().length === 1);
    socket.destroy();
    await until(() => spooled().length === 0);
    expect((await call(me, 'GET', '/api/account/storage/folder?path=/Killed')).status).toBe(404);
  });

  it('zips 100 files reading them one at a time', async () => {
    const files = Array.from({ length: 100 }, (_, i) => ({
      filename: `Note ${i}.txt`,
      content: Buffer.from(`note ${i}\n`),
    }));
    const stored = (await upload(me, '/api/account/storage/upload?path=/Notes', files)).body as Json[];
    expect(stored).toHaveLength(100);
    const storage = t.ctx.storage;
    const getStream = storage.getStream;
    let open = 0;
    let most = 0;
    storage.getStream = async (key) => {
      const stream = await getStream(key);
      open++;
      most = Math.max(most, open);
      stream.on('end', () => open--);
      return stream;
    };
    try {
      const zip = await call(me, 'POST', '/api/account/storage/download-zip', {
        file_ids: stored.map((f) => f.id),
      });
      expect(zip.status).toBe(200);
      const entries = zip.raw.rawPayload.toString('latin1').split('PK\u0001\u0002').length - 1;
      expect(entries).toBe(100);
    } finally {
      storage.getStream = getStream;
    }
    expect(most).toBe(1);
  });

  it('gives short-lived viewer links to a file, for its workspace and its members only', async () => {
    const [file] = (
      await upload(me, '/api/account/storage/upload?path=/Links', [{ filename: 'View.pdf', content: PDF }])
    ).body as Json[];
    expect((await call(null, 'POST', '/api/account/storage/token', { file_id: file.id })).status).toBe(401);
    expect((await call(other, 'POST', '/api/account/storage/token', { file_id: file.id })).status).toBe(404);
    const link = await call(me, 'POST', '/api/account/storage/token', { file_id: file.id });
    expect(link.body.url).toMatch(/^\/api\/public\/file\/[\w-]{40,}$/);
    const opened = await t.app.inject({ url: link.body.url });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(PDF)).toBe(true);
    expect(opened.headers['content-disposition']).toContain('inline');
    expect((await t.app.inject({ url: `/api/public/file/${'x'.repeat(43)}` })).statusCode).toBe(404);
    // Expired: refused.
    await t.ctx.db.update(fileTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.app.inject({ url: link.body.url })).statusCode).toBe(404);
  });

  it.runIf(withLibreOffice)('previews office files as PDF, converted once and kept', async () => {
    const uploaded = (
      await upload(me, '/api/account/storage/upload?path=/Previews', [
        { filename: 'Minutes.docx', content: Buffer.from(docx(paragraph('Minutes of the board'))) },
        { filename: 'Plain.pdf', content: PDF },
      ])
    ).body as Json[];
    const [word, pdf] = uploaded;
    const preview = (who: Me | null, id: number) =>
      t.app.inject({
        url: `/api/account/box/file/${id}/preview`,
        headers: who ? { authorization: who.accountBearer } : {},
      });
    expect((await preview(null, word.id)).statusCode).toBe(401);
    expect((await preview(other, word.id)).statusCode).toBe(404);
    expect((await preview(me, pdf.id)).rawPayload.equals(PDF)).toBe(true);

    const office = t.ctx.office as NonNullable<typeof t.ctx.office>;
    const toPdf = office.toPdf;
    let conversions = 0;
    office.toPdf = (...args) => {
      conversions++;
      return toPdf(...args);
    };
    try {
      // Two at once still convert once.
      const [first, second] = await Promise.all([preview(me, word.id), preview(me, word.id)]);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/pdf');
      expect(first.headers['content-disposition']).toContain('Minutes.pdf');
      expect((await PDFDocument.load(first.rawPayload)).getPageCount()).toBe(1);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      const again = await preview(me, word.id);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(conversions).toBe(1);
    } finally {
      office.toPdf = toPdf;
    }
    // The viewer link shows the same preview.
    const link = await call(me, 'POST', '/api/account/storage/token', { file_id: word.id });
    const viewed = await t.app.inject({ url: `${link.body.url}?preview=1` });
    expect(viewed.headers['content-type']).toBe('application/pdf');

    // Deleting the file removes its preview's bytes too.
    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, word.id));
    expect(row.previewKey).toBeTruthy();
    expect((await call(me, 'DELETE', `/api/account/box/file/${word.id}`)).status).toBe(204);
    await expect(t.ctx.storage.get(row.previewKey as string)).rejects.toThrow();
  });

  it('answers the spec message when an office file cannot be previewed', async () => {
    const [word] = (
      await upload(me, '/api/account/storage/upload?path=/Previews', [
        { filename: 'Notes.docx', content: Buffer.from(docx(paragraph('Notes'))) },
      ])
    ).body as Json[];
    const office = t.ctx.office;
    t.ctx.office = null; // as with LIBREOFFICE_PATH='' or no LibreOffice installed
    try {
      const refused = await call(me, 'GET', `/api/account/box/file/${word.id}/preview`);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(PREVIEW_FAILED);
    } finally {
      t.ctx.office = office;
    }
    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, word.id));
    expect(row.previewKey).toBeNull();
  });
});
