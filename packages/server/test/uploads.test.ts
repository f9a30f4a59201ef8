import { DOCUMENT_UPLOAD_MESSAGES, MAX_FORM_UPLOADS, ROOM_MESSAGES } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUPPORTED_TYPE_MESSAGE } from '../src/adapters/storage/file-types.ts';
import { files, memberships } from '../src/db/schema/index.ts';
import { DOCUMENT_FILE_MISSING } from '../src/modules/workflows/document-answers.ts';
import { accessToken, accountCaller, createUser, type Json, login, type SignedIn } from './factories.ts';
import type { TestApp } from './harness.ts';
import { multipart } from './support/multipart.ts';
import { appWithTemplates, outsideFormCalls } from './support/outside-forms.ts';
import { PDF, uploadAs } from './support/workspace-rows.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('document questions answered by upload, and the parse call', () => {
  let t: TestApp;
  let me: SignedIn;
  let other: SignedIn;
  const call = accountCaller(() => t);

  const { anon, answer: formAnswer, addPerson } = outsideFormCalls(() => t);
  const anonUpload = async (code: string, files: { filename: string; content: Buffer }[]) => {
    const body = multipart(files);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/unlisted/storage/upload?access_code=${encodeURIComponent(code)}`,
      payload: body.payload,
      headers: { 'content-type': body.contentType },
    });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const newTask = async (who: SignedIn) => {
    const res = await call(who, 'POST', '/api/account/project_template/test-uploads/create', {});
    expect(res.status).toBe(201);
    return (res.body.groupedTransactions as Json[])[0].id as number;
  };
  const save = (who: SignedIn, transactionId: number, id: string, value: string, resourceId?: number) =>
    call(who, 'POST', '/api/account/flat_feature', {
      transaction_id: transactionId,
      feature_type_id: id,
      resource_id: resourceId,
      value,
    });
  const parse = (who: SignedIn | null, transactionId: number, key: string) =>
    call(who, 'GET', `/api/account/transaction/${transactionId}/parse/${encodeURIComponent(key)}`);
  const share = async (who: SignedIn, transactionId: number, features: string[]) => {
    const res = await call(who, 'POST', `/api/account/transaction/${transactionId}/outside`, {
      features: features.map((id) => ({ feature_type_id: id })),
      name: 'Documents please',
    });
    expect(res.status).toBe(201);
    const form = res.body.form as Json;
    return { id: form.id as number, code: (form.link as string).split('/').at(-1) as string };
  };

  /**
   * A new form asking for the pitch deck, 'Deck.pdf' uploaded through it, and `copies` more of that upload
   * written straight to the database ('Deck 0.pdf'…): a form holding many uploads without as many calls.
   */
  const formWithUploads = async (copies: number) => {
    const task = await newTask(me);
    const form = await share(me, task, ['pitch_deck']);
    const first = await anonUpload(form.code, [{ filename: 'Deck.pdf', content: PDF }]);
    expect(first.status).toBe(201);
    const [row] = await t.ctx.db
      .select()
      .from(files)
      .where(eq(files.id, first.body.id as number));
    const { id: _id, createdAt: _at, ...copy } = row!;
    await t.ctx.db
      .insert(files)
      .values(Array.from({ length: copies }, (_, i) => ({ ...copy, filename: `Deck ${i}.pdf` })));
    return { form, first: first.body.id as number, folder: row!.folder, copy };
  };

  beforeAll(async () => {
    ({ t, me, other } = await appWithTemplates('templates-uploads'));
  });
  afterAll(() => t.close());

  it('answers a workspace document question with a file of the workspace only', async () => {
    const task = await newTask(me);
    const [file] = (
      await uploadAs(t, me, '/api/account/storage/upload?path=/Uploads%20intake/Pitch%20deck', [
        { filename: 'Deck.pdf', content: PDF },
      ])
    ).body as Json[];
    const [theirs] = (
      await uploadAs(t, other, '/api/account/storage/upload?path=/Mine', [
        { filename: 'X.pdf', content: PDF },
      ])
    ).body as Json[];
    expect((await save(me, task, 'pitch_deck', 'not-an-id')).body.fields).toEqual({
      pitch_deck: DOCUMENT_FILE_MISSING,
    });
    // Another workspace's file id is no file of mine.
    const stolen = await save(me, task, 'pitch_deck', String(theirs.id));
    expect(stolen.status).toBe(400);
    expect(stolen.body.fields).toEqual({ pitch_deck: DOCUMENT_FILE_MISSING });
    const saved = await save(me, task, 'pitch_deck', String(file.id));
    expect(saved.status).toBe(200);
    expect((await parse(me, task, 'pitch_deck')).body).toEqual({
      path: 'pitch_deck',
      type: 'document',
      raw: String(file.id),
      parsed: file.id,
    });
    // A resource's document field: the same check.
    const ada = await addPerson(me, task, 'Ada Lovelace');
    expect((await save(me, task, 'resume', String(theirs.id), ada)).status).toBe(400);
    expect((await save(me, task, 'resume', String(file.id), ada)).status).toBe(200);
    expect((await parse(me, task, `people.${ada}.resume`)).body.parsed).toBe(file.id);
    // Cleared.
    expect((await save(me, task, 'pitch_deck', '')).status).toBe(200);
    expect((await parse(me, task, 'pitch_deck')).body).toMatchObject({ raw: '', parsed: null });
  });

  it('lets a member without the file cabinet name only files they may open in a document answer', async () => {
    const task = await newTask(me);
    const [secret] = (
      await uploadAs(t, me, '/api/account/storage/upload?path=/Board', [
        { filename: 'Minutes.pdf', content: PDF },
      ])
    ).body as Json[];
    // A member of the same workspace without cabinet access (it cannot list, open or upload its files).
    const created = await createUser(t, { company: null });
    await t.ctx.db
      .insert(memberships)
      .values({ userId: created.user.id, accountId: me.account!.id, filecabinetAccess: false });
    const { idToken } = await login(t, created.email, created.password!);
    const access = await accessToken(t, idToken, me.account!.id);
    const locked = { ...me, accountBearer: `Bearer ${access}` } as SignedIn;
    expect((await call(locked, 'GET', `/api/account/transaction/${task}`)).status).toBe(200);
    // Naming a cabinet file would pass it to whatever shows the answer (a shared report's file link).
    const refused = await save(locked, task, 'pitch_deck', String(secret.id));
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ pitch_deck: DOCUMENT_FILE_MISSING });
    expect((await save(me, task, 'pitch_deck', String(secret.id))).status).toBe(200);
  });

  it('parses each type with the shared domain parsers', async () => {
    const task = await newTask(me);
    const ada = await addPerson(me, task, 'Ada Lovelace');
    const answers: [string, string][] = [
      ['signed_on', 'Jul. 25, 2025'],
      ['raise', '($1,250,000.50)'],
      ['stake', '12.5'],
      ['phone', '(415) 555-0132'],
      ['ssn', '123-45-6789'],
      ['pay', '$85,000 per year'],
      ['formed', 'yes'],
      ['note', '  hello  '],
    ];
    for (const [id, value] of answers) expect((await save(me, task, id, value)).status).toBe(200);
    const parsed = async (key: string) => (await parse(me, task, key)).body.parsed;
    expect(await parsed('signed_on')).toBe('2025-07-25');
    expect(await parsed('raise')).toBe(-125000050);
    expect(await parsed('stake')).toBe(12.5);
    expect(await parsed('phone')).toBe('+14155550132');
    const ssn = await parse(me, task, 'ssn');
    expect(ssn.body.parsed).toBe('*****6789');
    // Neither reading of the answer carries the full number (raw included).
    expect(JSON.stringify(ssn.body)).not.toContain('12345');
    expect(ssn.body.raw).toBe('*****6789');
    expect(await parsed('pay')).toEqual({ amount_cents: 8500000, period: 'Per Year' });
    expect(await parsed('formed')).toBe(true);
    expect(await parsed('note')).toBe('hello');
    expect(await parsed(`people.${ada}.name`)).toBe('Ada Lovelace');
    // A stored address, in its parts.
    const office = JSON.stringify({ line_one: '1 Main St', city: 'Dover', state: 'Delaware', zip: '19901' });
    expect((await save(me, task, 'office', office)).status).toBe(200);
    expect(await parsed('office')).toEqual({
      line_one: '1 Main St',
      line_two: '',
      city: 'Dover',
      state: 'Delaware',
      zip: '19901',
      country: '',
    });
    expect(await parsed('stake')).not.toBeNull();
    // Unknown keys, another group's resource, another workspace, no token.
    expect((await parse(me, task, 'nope')).status).toBe(404);
    expect((await parse(me, task, 'people')).status).toBe(404);
    expect((await parse(me, task, 'people.999999.name')).status).toBe(404);
    expect((await parse(me, task, `people.${ada}.nope`)).status).toBe(404);
    expect((await parse(me, task, 'note.1.2.3')).status).toBe(404);
    expect((await parse(other, task, 'note')).status).toBe(404);
    expect((await parse(null, task, 'note')).status).toBe(401);
  });

  it('takes an outside form upload for its document questions only, refusing other types', async () => {
    const task = await newTask(me);
    const form = await share(me, task, ['pitch_deck', 'people.resume']);
    const noDocs = await share(me, task, ['note']);
    expect((await anonUpload('x'.repeat(22), [{ filename: 'a.pdf', content: PDF }])).status).toBe(404);
    const none = await anonUpload(noDocs.code, [{ filename: 'a.pdf', content: PDF }]);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(DOCUMENT_UPLOAD_MESSAGES.noDocumentQuestion);
    const png = await anonUpload(form.code, [{ filename: 'photo.png', content: PNG }]);
    expect(png.status).toBe(400);
    expect(png.body.message).toBe(UNSUPPORTED_TYPE_MESSAGE);
    const two = await anonUpload(form.code, [
      { filename: 'a.pdf', content: PDF },
      { filename: 'b.pdf', content: PDF },
    ]);
    expect(two.status).toBe(400);
    expect(two.body.fields).toEqual({ file: DOCUMENT_UPLOAD_MESSAGES.oneFile });

    const up = await anonUpload(form.code, [{ filename: 'Deck.pdf', content: PDF }]);
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ filename: 'Deck.pdf', path: `/Outside Forms/Form ${form.id}` });
    // The workspace sees it in its cabinet.
    const listing = await call(
      me,
      'GET',
      `/api/account/storage/folder?path=${encodeURIComponent(up.body.path)}`,
    );
    expect(JSON.stringify(listing.body)).toContain('Deck.pdf');

    // Answered with its own upload; never with a member's file or another form's upload.
    const [members] = (
      await uploadAs(t, me, `/api/account/storage/upload?path=${encodeURIComponent(up.body.path)}`, [
        { filename: 'Secret.pdf', content: PDF },
      ])
    ).body as Json[];
    const otherForm = await share(me, task, ['pitch_deck']);
    const elsewhere = await anonUpload(otherForm.code, [{ filename: 'Other.pdf', content: PDF }]);
    expect(elsewhere.status).toBe(201);
    for (const id of [members.id, elsewhere.body.id, 999999]) {
      const refused = await formAnswer(form.code, task, 'pitch_deck', String(id));
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual({ pitch_deck: DOCUMENT_FILE_MISSING });
    }
    expect((await formAnswer(form.code, task, 'pitch_deck', String(up.body.id))).status).toBe(200);
    // A question the form does not include: not found, even with its own upload.
    expect((await formAnswer(form.code, task, 'note', 'hi')).status).toBe(404);
    const ada = await addPerson(me, task, 'Ada Lovelace');
    expect((await formAnswer(form.code, task, 'resume', String(up.body.id), ada)).status).toBe(200);

    // The reload shows the file by name; another form's code sees none of it.
    const view = await anon('GET', `/api/public/outside_form/${form.code}`);
    expect(view.body.files).toEqual([{ id: up.body.id, filename: 'Deck.pdf' }]);
    const otherView = await anon('GET', `/api/public/outside_form/${otherForm.code}`);
    expect(otherView.body.files).toEqual([]);
    expect((await parse(me, task, 'pitch_deck')).body.parsed).toBe(up.body.id);

    // The unlisted storage routes by the form's code: its folder, only its own uploads (not the member's
    // file put there), writable; a token for its file, none for the member's or another form's.
    const folder = await anon('GET', `/api/unlisted/account/storage/folder?access_code=${form.code}&path=/`);
    expect(folder.status).toBe(200);
    expect(folder.body).toMatchObject({ kind: 'form', can_write: true, path: '/', total_files: 1 });
    expect(folder.body.files.map((f: Json) => f.filename)).toEqual(['Deck.pdf']);
    const sub = await anon('GET', `/api/unlisted/account/storage/folder?access_code=${form.code}&path=/x`);
    expect(sub.status).toBe(404);
    const token = (id: number, code = form.code) =>
      anon('GET', `/api/unlisted/storage/token?access_code=${code}&file_id=${id}`);
    expect((await token(up.body.id)).status).toBe(200);
    expect((await token(members.id)).status).toBe(404);
    expect((await token(elsewhere.body.id)).status).toBe(404);
    expect((await token(up.body.id, otherForm.code)).status).toBe(404);
    const empty = await anon('GET', `/api/unlisted/account/storage/folder?access_code=${noDocs.code}&path=/`);
    expect(empty.body).toMatchObject({ kind: 'form', files: [], total_files: 0 });
  });

  it("pages a form's folder over its own uploads only, and reaches none of them in a subfolder", async () => {
    // Five uploads through the form, members' files sorting before them in the same folder, and one of
    // the form's files moved into a subfolder of it.
    const { form, first, folder, copy } = await formWithUploads(4);
    const members = await uploadAs(t, me, `/api/account/storage/upload?path=${encodeURIComponent(folder)}`, [
      { filename: 'A member 1.pdf', content: PDF },
      { filename: 'A member 2.pdf', content: PDF },
      { filename: 'A member 3.pdf', content: PDF },
    ]);
    expect(members.status).toBe(201);
    const [moved] = await t.ctx.db
      .insert(files)
      .values({ ...copy, folder: `${folder}/Sub`, filename: 'Moved.pdf' })
      .returning({ id: files.id });

    const token = (id: number) =>
      anon('GET', `/api/unlisted/storage/token?access_code=${form.code}&file_id=${id}`);
    expect((await token(first)).status).toBe(200);
    expect((await token(moved!.id)).status).toBe(404);

    const shown: string[] = [];
    for (const offset of [0, 2, 4]) {
      const page = await anon(
        'GET',
        `/api/unlisted/account/storage/folder?access_code=${form.code}&path=/&limit=2&offset=${offset}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.total_files).toBe(5);
      expect(page.body.files).toHaveLength(offset === 4 ? 1 : 2);
      shown.push(...page.body.files.map((f: Json) => f.filename as string));
    }
    expect(shown).toEqual(['Deck 0.pdf', 'Deck 1.pdf', 'Deck 2.pdf', 'Deck 3.pdf', 'Deck.pdf']);
  });

  it('caps the files one form holds, since anyone with its code can upload', async () => {
    const { form, folder } = await formWithUploads(MAX_FORM_UPLOADS - 1);
    const refused = await anonUpload(form.code, [{ filename: 'One more.pdf', content: PDF }]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(DOCUMENT_UPLOAD_MESSAGES.formFull);
    const held = await t.ctx.db.select({ id: files.id }).from(files).where(eq(files.folder, folder));
    expect(held).toHaveLength(MAX_FORM_UPLOADS);
  });

  it('renames only files uploaded through the same form, and a finalized form refuses changes', async () => {
    const task = await newTask(me);
    const form = await share(me, task, ['pitch_deck']);
    const otherForm = await share(me, task, ['pitch_deck']);
    const up = (await anonUpload(form.code, [{ filename: 'Deck.pdf', content: PDF }])).body;
    const [members] = (
      await uploadAs(t, me, '/api/account/storage/upload?path=/Board', [
        { filename: 'Minutes.pdf', content: PDF },
      ])
    ).body as Json[];
    const rename = (code: string, id: number, filename: string) =>
      anon('PUT', `/api/unlisted/account/box/file/${id}?access_code=${encodeURIComponent(code)}`, {
        filename,
      });
    expect((await rename(form.code, members.id, 'Mine')).status).toBe(404);
    expect((await rename(otherForm.code, up.id, 'Mine')).status).toBe(404);
    expect((await rename('x'.repeat(22), up.id, 'Mine')).status).toBe(404);
    expect((await rename(form.code, up.id, '   ')).status).toBe(400);
    const renamed = await rename(form.code, up.id, 'Series A deck');
    expect(renamed.status).toBe(200);
    expect(renamed.body.filename).toBe('Series A deck.pdf');

    expect((await formAnswer(form.code, task, 'pitch_deck', String(up.id))).status).toBe(200);
    expect((await anon('POST', `/api/public/outside_form/${form.code}/finalize`, {})).status).toBe(200);
    const late = await anonUpload(form.code, [{ filename: 'Late.pdf', content: PDF }]);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(ROOM_MESSAGES.formCompleted);
    expect((await rename(form.code, up.id, 'Changed')).status).toBe(409);
    // A finalized form's code opens its folder no more.
    const closed = await anon('GET', `/api/unlisted/account/storage/folder?access_code=${form.code}&path=/`);
    expect(closed.status).toBe(404);
    expect(
      (await anon('GET', `/api/unlisted/storage/token?access_code=${form.code}&file_id=${up.id}`)).status,
    ).toBe(404);
  });
});
