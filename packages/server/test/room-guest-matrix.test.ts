import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentRecipients,
  documents,
  memberships,
  outsideForms,
  roomCodes,
  roomDocuments,
  roomHistory,
  roomSessions,
  rooms,
  sharedLinks,
} from '../src/db/schema/index.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import { accountCaller, type Json, type SignedIn, signedIn, uniqueEmail } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { multipart } from './support/multipart.ts';
import {
  addRoomFile,
  insertCodedRoom,
  insertVisitor,
  newVisitorKey,
  personalLink,
  regenerateRoomCode,
} from './support/rooms.ts';

/**
 * Issue 12's authorization matrix: every guest, public, unlisted and redirect route, and the signed-in
 * user's room routes, called by every kind of caller. Each cell has its expected status (no unexpected
 * 2xx, no 5xx); no answer carries another room's data or a stored secret.
 */

/** The routes this file must call: every visitor-side route of rooms and outside forms. */
const GUEST_SIDE = [
  /^\/api\/guest\//,
  /^\/api\/public\/outside_form/,
  /^\/api\/unlisted\//,
  /^\/api\/redirect\//,
];
const USER_SIDE = [/^\/api\/user\/rooms/, /^\/api\/user\/report/];

/** What another workspace's room holds: never to appear in any answer of this matrix. */
const OTHER = {
  label: 'Zebra Vault Room',
  file: 'zebra-ledger.pdf',
  visitor: 'zebra-watcher@example.com',
  form: 'Zebra Intake',
};

type Actor =
  | 'owner'
  | 'member'
  | 'outsider'
  | 'anonymous'
  | 'otherRoom'
  | 'revoked'
  | 'reusedLink'
  | 'stranger';
const ACTORS: Actor[] = [
  'owner',
  'member',
  'outsider',
  'anonymous',
  'otherRoom',
  'revoked',
  'reusedLink',
  'stranger',
];

/** What each actor brings: headers, and the codes and ids it puts in paths and bodies. */
type Credentials = {
  headers: Record<string, string>;
  roomCode: string;
  redeem: { id: number | string; code: string };
  challenge: { id: string; code: string };
  fileId: number;
  historyId: number;
  formCode: string;
  standingCode: string;
  /** The code sent with unlisted answers (they name the task group and resource of form A). */
  answerCode: string;
  /** A Share File Cabinet code (modules/shared-links): workspace A's, or another's. */
  cabinetCode: string;
};

type Fixture = {
  roomId: number;
  /** A file uploaded through form A (its document question). */
  formFileId: number;
  transactionId: number;
  resourceId: number;
  actors: Record<Actor, Credentials>;
};

type Call = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: Json | Buffer;
  headers?: Record<string, string>;
};

/** Route (as the OpenAPI document names it) → the request an actor makes, and each actor's status. */
type Row = {
  route: string;
  request: (f: Fixture, c: Credentials) => Call;
  /** When room A is Private. */
  expect: Record<Actor, number>;
  /** What changes when room A is Open. */
  open?: Partial<Record<Actor, number>>;
};

const each = (status: number, except: Partial<Record<Actor, number>> = {}): Record<Actor, number> =>
  Object.fromEntries(ACTORS.map((a) => [a, except[a] ?? status])) as Record<Actor, number>;

/**
 * Room A is Private. Its owner (an admin of workspace A) gets in; a plain member of A, an admin of another
 * workspace and a signed-in stranger are signed in but not invited (403); an anonymous browser, a holder of
 * room B's session and a reused personal link have nothing that opens A (401); A's revoked code opens
 * nothing, whoever holds it (404).
 */
const VIEW = each(401, { owner: 200, member: 403, outsider: 403, stranger: 403, revoked: 404 });
/** Open: whoever comes is let in, as a visitor (an admin of A as its admin); A's revoked code opens nothing. */
const OPEN_VIEW = each(200, { revoked: 404 });
const NO_BEARER = { anonymous: 401, otherRoom: 401, revoked: 401, reusedLink: 401 } as const;
/** The code is the credential on forms: a sign-in changes nothing; other codes open nothing of form A. */
const FORM = (ok: number, others: Partial<Record<Actor, number>>) =>
  each(ok, { otherRoom: 404, revoked: 404, ...others });

const rows: Row[] = [
  {
    route: 'GET /api/guest/rooms/{code}',
    request: (_f, c) => ({ method: 'GET', url: `/api/guest/rooms/${c.roomCode}?visit=1` }),
    expect: VIEW,
    open: OPEN_VIEW,
  },
  {
    // The Connected Form tab's forms: whoever may view the room (an empty list is still a 200).
    route: 'GET /api/guest/rooms/{code}/forms',
    request: (_f, c) => ({ method: 'GET', url: `/api/guest/rooms/${c.roomCode}/forms` }),
    expect: VIEW,
    open: OPEN_VIEW,
  },
  {
    // Room A has no NDA: an admin is told so (409); everyone else is refused before.
    route: 'POST /api/guest/rooms/{code}/nda',
    request: (_f, c) => ({ method: 'POST', url: `/api/guest/rooms/${c.roomCode}/nda` }),
    expect: { ...VIEW, owner: 409 },
    open: each(409, { revoked: 404 }),
  },
  {
    // Credentials do not matter here, the link does: the owner's is a fresh link of A (the one 200), the
    // others a wrong secret, room B's link, a revoked code, an already redeemed link.
    route: 'POST /api/guest/rooms/{code}/redeem',
    request: (_f, c) => ({ method: 'POST', url: `/api/guest/rooms/${c.roomCode}/redeem`, payload: c.redeem }),
    expect: each(400, { owner: 200, revoked: 404 }),
  },
  {
    route: 'POST /api/guest/rooms/{code}/challenge',
    request: (_f, c) => ({
      method: 'POST',
      url: `/api/guest/rooms/${c.roomCode}/challenge`,
      payload: { email: uniqueEmail('challenge') },
    }),
    // An admin has nothing to verify (403), like the signed-in callers A does not let in.
    expect: { ...VIEW, owner: 403 },
    open: each(201, { owner: 403, revoked: 404 }),
  },
  {
    // A challenge of room B, with its right code, or a wrong code: never a session of room A.
    route: 'POST /api/guest/rooms/{code}/challenge/{id}',
    request: (_f, c) => ({
      method: 'POST',
      url: `/api/guest/rooms/${c.roomCode}/challenge/${c.challenge.id}`,
      payload: { code: c.challenge.code },
    }),
    expect: each(400, { revoked: 404 }),
  },
  {
    route: 'GET /api/guest/rooms/{code}/history',
    request: (_f, c) => ({ method: 'GET', url: `/api/guest/rooms/${c.roomCode}/history` }),
    expect: VIEW,
    open: OPEN_VIEW,
  },
  {
    route: 'POST /api/guest/rooms/{code}/history',
    request: (_f, c) => ({
      method: 'POST',
      url: `/api/guest/rooms/${c.roomCode}/history`,
      payload: { action: 'view', label: 'deck.pdf', file_id: c.fileId, page: 1, seconds: 3 },
    }),
    expect: { ...VIEW, owner: 204 },
    // Room B's file is no file of room A, whoever asks.
    open: each(204, { revoked: 404, otherRoom: 404 }),
  },
  {
    route: 'GET /api/guest/rooms/{code}/file/{fileId}/token',
    request: (_f, c) => ({ method: 'GET', url: `/api/guest/rooms/${c.roomCode}/file/${c.fileId}/token` }),
    expect: VIEW,
    open: each(200, { revoked: 404, otherRoom: 404 }),
  },
  {
    route: 'GET /api/guest/rooms/{code}/file/{fileId}',
    request: (_f, c) => ({
      method: 'GET',
      url: `/api/guest/rooms/${c.roomCode}/file/${c.fileId}?download=1`,
    }),
    expect: VIEW,
    open: each(200, { revoked: 404, otherRoom: 404 }),
  },
  {
    route: 'GET /api/user/rooms',
    request: () => ({ method: 'GET', url: '/api/user/rooms' }),
    expect: each(200, NO_BEARER),
  },
  {
    route: 'GET /api/user/rooms/{id}',
    request: (f) => ({ method: 'GET', url: `/api/user/rooms/${f.roomId}` }),
    // Spec 3 §6: the room's own workspace reaches it from the user side (a plain member as a non-admin
    // viewer); NB the guest link of a Private room refuses that member (403 above): see the report.
    expect: each(404, { ...NO_BEARER, owner: 200, member: 200 }),
  },
  {
    route: 'POST /api/user/rooms/{id}/history',
    request: (f, c) => ({
      method: 'POST',
      url: `/api/user/rooms/${f.roomId}/history`,
      payload: { action: 'view', file_id: c.fileId, page: 1, seconds: 3 },
    }),
    // Only rooms of the user's own workspaces (GET /api/user/rooms/{id}'s scope): anyone else, not found.
    expect: each(403, { ...NO_BEARER, owner: 204, outsider: 404, stranger: 404 }),
    open: { member: 204 },
  },
  {
    // Only an admin of the room's workspace removes an entry; anyone else is told the room is not found.
    route: 'DELETE /api/user/rooms/{id}/history/{historyId}',
    request: (f, c) => ({ method: 'DELETE', url: `/api/user/rooms/${f.roomId}/history/${c.historyId}` }),
    expect: each(404, { ...NO_BEARER, owner: 200 }),
  },
  {
    route: 'GET /api/user/report',
    request: () => ({ method: 'GET', url: '/api/user/report' }),
    expect: each(200, NO_BEARER),
  },
  {
    // A report file link opens only with the token GET /api/user/report signed for that user and a file of
    // that report (report-files.test.ts): a room file with a made-up token opens nothing for anyone.
    route: 'GET /api/user/report/file/{a}/jwt/{b}',
    request: (_f, c) => ({ method: 'GET', url: `/api/user/report/file/${c.fileId}/jwt/${'x'.repeat(40)}` }),
    expect: each(404, NO_BEARER),
  },
  {
    // A standing link's GET reads nothing (link scanners fetch it): it leads everyone to the page.
    route: 'GET /api/redirect/form/{code}',
    request: (_f, c) => ({ method: 'GET', url: `/api/redirect/form/${c.standingCode}` }),
    expect: each(302, {}),
  },
  {
    // The page's button makes the visitor's instance: only a live standing code opens one.
    route: 'POST /api/redirect/form/{code}',
    request: (_f, c) => ({ method: 'POST', url: `/api/redirect/form/${c.standingCode}` }),
    expect: FORM(201, { reusedLink: 404 }),
  },
  {
    route: 'GET /api/public/outside_form/{code}',
    request: (_f, c) => ({ method: 'GET', url: `/api/public/outside_form/${c.formCode}` }),
    expect: FORM(200, {}),
  },
  {
    // Form A has an unanswered required question: finalizing is refused (400) to whoever holds its code.
    route: 'POST /api/public/outside_form/{code}/finalize',
    request: (_f, c) => ({
      method: 'POST',
      url: `/api/public/outside_form/${c.formCode}/finalize`,
      payload: {},
    }),
    expect: FORM(400, { reusedLink: 409 }),
  },
  {
    route: 'POST /api/unlisted/flat_feature',
    request: (f, c) => ({
      method: 'POST',
      url: '/api/unlisted/flat_feature',
      payload: {
        access_code: c.answerCode,
        transaction_id: f.transactionId,
        feature_type_id: 'contact_email',
        value: 'ceo@acme.test',
      },
    }),
    expect: FORM(200, { reusedLink: 409 }),
  },
  {
    route: 'PATCH /api/unlisted/resource/{id}',
    request: (f, c) => ({
      method: 'PATCH',
      url: `/api/unlisted/resource/${f.resourceId}`,
      payload: { access_code: c.answerCode, name: 'Ada King' },
    }),
    expect: FORM(200, { reusedLink: 409 }),
  },
  {
    // Form A has a document question; B's form has none (404), a completed form refuses (409).
    route: 'POST /api/unlisted/storage/upload',
    request: (_f, c) => {
      const body = multipart([{ filename: 'Deck.pdf', content: MATRIX_PDF }]);
      return {
        method: 'POST',
        url: `/api/unlisted/storage/upload?access_code=${c.answerCode}`,
        payload: body.payload,
        headers: { 'content-type': body.contentType },
      };
    },
    expect: FORM(201, { reusedLink: 409 }),
  },
  {
    // Only a file uploaded through the same form: B's code does not find form A's file.
    route: 'PUT /api/unlisted/account/box/file/{id}',
    request: (f, c) => ({
      method: 'PUT',
      url: `/api/unlisted/account/box/file/${f.formFileId}?access_code=${c.answerCode}`,
      payload: { filename: 'Renamed deck' },
    }),
    expect: FORM(200, { reusedLink: 409 }),
  },
  {
    // Share File Cabinet: the code is the credential; another workspace's code lists its own (empty) root.
    route: 'GET /api/unlisted/account/storage/folder',
    request: (_f, c) => ({
      method: 'GET',
      url: `/api/unlisted/account/storage/folder?access_code=${c.cabinetCode}&path=/`,
    }),
    expect: each(200, { revoked: 404 }),
  },
  {
    // A file of A's cabinet: by A's live code only (another workspace's code reaches none of A's files).
    route: 'GET /api/unlisted/storage/token',
    request: (_f, c) => ({
      method: 'GET',
      url: `/api/unlisted/storage/token?access_code=${c.cabinetCode}&file_id=${c.fileId}`,
    }),
    expect: each(200, { otherRoom: 404, revoked: 404 }),
  },
];

const MATRIX_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** Every key of a JSON answer, however deep. */
function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      keysOf(v, out);
    }
  }
  return out;
}

const expected = (row: Row, mode: 'private' | 'open') =>
  mode === 'open' ? { ...row.expect, ...row.open } : row.expect;

describe.each(['private', 'open'] as const)(
  'issue 12 authorization matrix: guest, public, unlisted, redirect and user room routes (room A %s)',
  (mode) => {
    let t: TestApp;
    let owner: SignedIn;
    let fixture: Fixture;
    const account = accountCaller(() => t);
    /** Personal-link secrets made here: none may come back in any answer. */
    const linkSecrets: string[] = [];
    const answers: { route: string; actor: Actor; status: number; body: string; json: unknown }[] = [];

    const inject = async (call: Call, headers: Record<string, string>) => {
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: { ...headers, ...call.headers },
        payload: call.payload,
      });
      const isJson = res.headers['content-type']?.toString().startsWith('application/json');
      return { status: res.statusCode, body: res.body, json: isJson ? res.json() : null };
    };

    const link = async (roomId: number, email = uniqueEmail('invited')) => {
      const made = await personalLink(t, roomId, email);
      linkSecrets.push(made.secret);
      return made;
    };

    const redeem = async (code: string, made: { id: number | string; secret: string }) => {
      const res = await inject(
        {
          method: 'POST',
          url: `/api/guest/rooms/${code}/redeem`,
          payload: { id: made.id, code: made.secret },
        },
        {},
      );
      expect(res.status).toBe(200);
      return (res.json as Json).session as string;
    };

    /** A task group of the intake template, shared as a form with `features`. */
    const newTask = async (who: SignedIn) => {
      const res = await account(who, 'POST', '/api/account/project_template/test-outside-intake/create', {});
      expect(res.status).toBe(201);
      return (res.body.groupedTransactions as Json[])[0].id as number;
    };
    const share = async (who: SignedIn, taskId: number, body: Json) => {
      const res = await account(who, 'POST', `/api/account/transaction/${taskId}/outside`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body.form.link as string).split('/').at(-1) as string;
    };
    const included = [
      { feature_type_id: 'contact_email' },
      { feature_type_id: 'company_size' },
      { feature_type_id: 'people.email' },
    ];

    beforeAll(async () => {
      t = await createTestApp();
      await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-outside-forms'));
      owner = await signedIn(t);
      const member = await signedIn(t, { company: null });
      await t.ctx.db
        .insert(memberships)
        .values({ accountId: owner.account!.id, userId: member.user.id, isAdmin: false });
      const outsider = await signedIn(t);
      const stranger = await signedIn(t, { company: null });
      const otherOwner = await signedIn(t);

      // Room B, of another workspace, open, full of what must never show in room A's answers.
      const b = await insertCodedRoom(t, otherOwner.account!.id, { label: OTHER.label, open: true });
      const bFile = await addRoomFile(t, otherOwner.account!.id, b.room.id, OTHER.file);
      await insertVisitor(t, b.room.id, { email: OTHER.visitor, name: 'Zebra Watcher' });
      const bSession = await redeem(b.code, await link(b.room.id, uniqueEmail('zebra-holder')));
      const bKey = newVisitorKey();
      const view = await inject(
        { method: 'GET', url: `/api/guest/rooms/${b.code}` },
        { 'x-room-visitor-key': bKey },
      );
      expect(view.status).toBe(200);
      const bChallengeEmail = uniqueEmail('zebra-verify');
      const asked = await inject(
        { method: 'POST', url: `/api/guest/rooms/${b.code}/challenge`, payload: { email: bChallengeEmail } },
        { 'x-room-visitor-key': bKey },
      );
      expect(asked.status).toBe(201);
      const [mail] = await t.mailTo(bChallengeEmail);
      const bChallenge = {
        id: (asked.json as Json).id as string,
        code: mail.text.match(/: ([A-Z2-9]{8})\n/)?.[1] ?? '',
      };
      expect(bChallenge.code).toHaveLength(8);
      const bLink = await link(b.room.id);

      // Room A, private, of the owner's workspace; a link holder whose session outlives A's old code.
      const a = await insertCodedRoom(t, owner.account!.id, {
        label: 'Series A Data Room',
        open: mode === 'open',
      });
      const aFile = await addRoomFile(t, owner.account!.id, a.room.id, 'deck.pdf');
      const holder = await link(a.room.id);
      const holderSession = await redeem(a.code, holder);
      const history = await inject(
        {
          method: 'POST',
          url: `/api/guest/rooms/${a.code}/history`,
          payload: { action: 'view', label: 'deck.pdf', file_id: aFile.id, page: 1, seconds: 2 },
        },
        { 'x-room-session': holderSession },
      );
      expect(history.status).toBe(204);
      const [entry] = await t.ctx.db.select().from(roomHistory).where(eq(roomHistory.roomId, a.room.id));
      const oldCode = a.code;
      const aCode = await regenerateRoomCode(t, a.room.id);
      // The holder's session still opens A by its new code: the old code is what is dead.
      const stillIn = await inject(
        { method: 'GET', url: `/api/guest/rooms/${aCode}` },
        { 'x-room-session': holderSession },
      );
      expect(stillIn.status).toBe(200);
      const reused = { id: holder.id, code: holder.secret };

      // Outside forms: A (open, with an unanswered required question), a standing link, a cancelled form and
      // standing link, a completed form; B's form of the other workspace.
      const taskA = await newTask(owner);
      const people = await account(owner, 'POST', '/api/account/resource', {
        name: 'Ada Lovelace',
        transaction_id: taskA,
        question_id: 'people',
      });
      expect(people.status).toBe(201);
      const formA = await share(owner, taskA, {
        features: [...included, { feature_type_id: 'deck' }],
        name: 'Intake',
      });
      const deck = multipart([{ filename: 'Deck.pdf', content: MATRIX_PDF }]);
      const uploaded = await inject(
        {
          method: 'POST',
          url: `/api/unlisted/storage/upload?access_code=${formA}`,
          payload: deck.payload,
          headers: { 'content-type': deck.contentType },
        },
        {},
      );
      expect(uploaded.status).toBe(201);
      const standingA = await share(owner, taskA, {
        features: included,
        name: 'Standing',
        type: 'persistent',
      });
      const taskC = await newTask(owner);
      const cancelled = await share(owner, taskC, { features: included, name: 'Cancelled' });
      const cancelledStanding = await share(owner, taskC, {
        features: included,
        name: 'Gone',
        type: 'persistent',
      });
      expect((await account(owner, 'DELETE', `/api/account/transaction/${taskC}/outside`)).status).toBe(204);
      const taskD = await newTask(owner);
      const done = await share(owner, taskD, {
        features: [{ feature_type_id: 'contact_email' }],
        name: 'Done',
      });
      const answered = await inject(
        {
          method: 'POST',
          url: '/api/unlisted/flat_feature',
          payload: {
            access_code: done,
            transaction_id: taskD,
            feature_type_id: 'contact_email',
            value: 'a@b.test',
          },
        },
        {},
      );
      expect(answered.status).toBe(200);
      const finalized = await inject(
        { method: 'POST', url: `/api/public/outside_form/${done}/finalize`, payload: {} },
        {},
      );
      expect(finalized.status).toBe(200);
      const formB = await share(otherOwner, await newTask(otherOwner), {
        features: included,
        name: OTHER.form,
      });

      // Share File Cabinet links: A's (renewed, so its first code is dead) and B's, opening an empty folder.
      const cabinetCode = (res: { body: Json }) => (res.body.url as string).split('/').at(-1) as string;
      await account(otherOwner, 'POST', '/api/account/storage/folder', { path: '/Empty' });
      const bCabinet = cabinetCode(
        await account(otherOwner, 'POST', '/api/account/shared_link', { root_path: '/Empty' }),
      );
      const firstCabinet = await account(owner, 'POST', '/api/account/shared_link', {});
      const aCabinet = cabinetCode(
        await account(owner, 'PUT', '/api/account/shared_link', { id: firstCabinet.body.id }),
      );

      const base = async (headers: Record<string, string>): Promise<Credentials> => ({
        headers,
        roomCode: aCode,
        // A link of A of its own, with a wrong secret (each actor's try is counted on its own link).
        redeem: { id: (await link(a.room.id)).id, code: 'x'.repeat(43) },
        challenge: { id: bChallenge.id, code: 'WRONGCOD' },
        fileId: aFile.id,
        historyId: entry.id,
        formCode: formA,
        standingCode: standingA,
        answerCode: formA,
        cabinetCode: aCabinet,
      });
      const ownerLink = await link(a.room.id);
      fixture = {
        roomId: a.room.id,
        formFileId: (uploaded.json as Json).id as number,
        transactionId: taskA,
        resourceId: people.body.id as number,
        actors: {
          owner: {
            ...(await base({ authorization: owner.bearer })),
            redeem: { id: ownerLink.id, code: ownerLink.secret },
          },
          member: await base({ authorization: member.bearer }),
          outsider: await base({ authorization: outsider.bearer }),
          stranger: await base({ authorization: stranger.bearer }),
          anonymous: await base({ 'x-room-visitor-key': newVisitorKey() }),
          otherRoom: {
            ...(await base({ 'x-room-session': bSession, 'x-room-visitor-key': bKey })),
            redeem: { id: bLink.id, code: bLink.secret },
            challenge: bChallenge,
            fileId: bFile.id,
            formCode: b.code,
            standingCode: b.code,
            answerCode: formB,
            cabinetCode: bCabinet,
          },
          revoked: {
            ...(await base({ 'x-room-session': holderSession })),
            roomCode: oldCode,
            redeem: { id: (await link(a.room.id)).id, code: 'x'.repeat(43) },
            formCode: cancelled,
            standingCode: cancelledStanding,
            answerCode: cancelled,
            cabinetCode: cabinetCode(firstCabinet),
          },
          reusedLink: {
            ...(await base({ 'x-room-visitor-key': newVisitorKey() })),
            redeem: reused,
            formCode: done,
            standingCode: done,
            answerCode: done,
          },
        },
      };
      // Each (route, actor) once, in order; the answers are checked by the tests below.
      for (const row of rows) {
        for (const actor of ACTORS) {
          const credentials = fixture.actors[actor];
          const res = await inject(row.request(fixture, credentials), credentials.headers);
          answers.push({ route: row.route, actor, ...res });
        }
      }
    });
    afterAll(() => t.close());

    it('calls every guest, public, unlisted, redirect and user room route', () => {
      const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      const routes = Object.entries(spec.paths)
        .filter(([url]) => [...GUEST_SIDE, ...USER_SIDE].some((pattern) => pattern.test(url)))
        .flatMap(([url, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${url}`));
      expect(routes.length).toBeGreaterThan(15);
      const covered = new Set(rows.map((row) => row.route));
      expect(routes.filter((route) => !covered.has(route))).toEqual([]);
      expect([...covered].filter((route) => !routes.includes(route))).toEqual([]);
    });

    it('answers each route × caller with its expected status', () => {
      const got = answers.map((a) => `${a.route} as ${a.actor}: ${a.status}`);
      const wanted = rows.flatMap((row) =>
        ACTORS.map((actor) => `${row.route} as ${actor}: ${expected(row, mode)[actor]}`),
      );
      expect(got).toEqual(wanted);
    });

    it("never shows another workspace's room, files, visitors or forms", () => {
      for (const answer of answers) {
        for (const secret of Object.values(OTHER)) {
          expect(answer.body, `${answer.route} as ${answer.actor}`).not.toContain(secret);
        }
      }
    });

    it('carries no stored hash, token or personal-link secret', async () => {
      const stored = [
        ...(await t.ctx.db.select({ v: rooms.codeHash }).from(rooms)),
        ...(await t.ctx.db.select({ v: roomCodes.codeHash }).from(roomCodes)),
        ...(await t.ctx.db.select({ v: roomSessions.tokenHash }).from(roomSessions)),
        ...(await t.ctx.db.select({ v: outsideForms.codeHash }).from(outsideForms)),
        ...(await t.ctx.db.select({ v: sharedLinks.codeHash }).from(sharedLinks)),
      ].map((r) => r.v);
      expect(stored.length).toBeGreaterThan(10);
      for (const answer of answers) {
        const where = `${answer.route} as ${answer.actor}`;
        for (const secret of [...stored, ...linkSecrets]) expect(answer.body, where).not.toContain(secret);
        // The one-file token route issues a token; no other answer has a field named like a secret.
        const tokenRoutes = [
          'GET /api/guest/rooms/{code}/file/{fileId}/token',
          'GET /api/unlisted/storage/token',
        ];
        const allowed = tokenRoutes.includes(answer.route) ? ['token'] : [];
        const named = keysOf(answer.json).filter((k) => /hash|token|secret/i.test(k) && !allowed.includes(k));
        expect(named, where).toEqual([]);
      }
    });

    it("gives the guest room the admin page's overview, its documents read once", async () => {
      const { room, code } = await insertCodedRoom(t, owner.account!.id, {
        label: 'Overview room',
        open: true,
      });
      await addRoomFile(t, owner.account!.id, room.id, 'cabinet.pdf');
      const signed = await addRoomFile(t, owner.account!.id, null, 'nda-original.pdf');
      const [doc] = await t.ctx.db
        .insert(documents)
        .values({
          accountId: owner.account!.id,
          fileId: signed.id,
          filename: 'nda.pdf',
          label: 'NDA',
          status: 'document.sent',
          signingState: 'sent',
        })
        .returning();
      await t.ctx.db.insert(documentRecipients).values({
        accountId: owner.account!.id,
        documentId: doc.id,
        email: 'signer@acme.test',
        name: 'Signer',
      });
      await t.ctx.db
        .insert(roomDocuments)
        .values({ roomId: room.id, documentId: doc.id, label: 'NDA', position: 2 });
      const admin = await account(owner, 'GET', `/api/account/admin/room/${room.id}`);
      expect(admin.status).toBe(200);
      const guest = await inject(
        { method: 'GET', url: `/api/guest/rooms/${code}` },
        { authorization: owner.bearer },
      );
      expect(guest.status).toBe(200);
      const overview = (guest.json as Json).overview as Json;
      // Each document once: in `documents`, as the admin page's overview presents it, with the viewer's marks.
      expect(overview).not.toHaveProperty('documents');
      const sent = (guest.json as Json).documents as Json[];
      expect(sent.map(({ can_download, is_new, ...d }) => d)).toEqual(admin.body.overview.documents);
      expect(sent.map((d: Json) => [d.filename, d.requires_signature])).toEqual([
        ['cabinet.pdf', false],
        ['nda.pdf', true],
      ]);
      expect(overview.summary).toEqual({ documents: 2, required: 1 });
      // At most one statement reads the room's documents for the whole guest view.
      const reads: string[] = [];
      const session = (t.ctx.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } })
        .session;
      const logger = { logQuery: (query: string) => reads.push(query) };
      const before = [session.logger, session.options.logger];
      session.logger = logger;
      session.options.logger = logger;
      try {
        await inject({ method: 'GET', url: `/api/guest/rooms/${code}` }, { authorization: owner.bearer });
      } finally {
        [session.logger, session.options.logger] = before;
      }
      // Unchanged since the last view, they are not even read: the room's contents version says so.
      expect(reads.filter((q) => /from "room_documents"/.test(q))).toEqual([]);
    });

    it('lets in each caller it should, and them only (a sanity check of the matrix itself)', () => {
      const ok = answers.filter((a) => a.status >= 200 && a.status < 300);
      expect(ok.length).toBeGreaterThan(20);
      const roomOk = ok.filter(
        (a) => a.route.startsWith('GET /api/guest/rooms/{code}') && a.route.length < 32,
      );
      expect(roomOk.map((a) => a.actor)).toEqual(
        mode === 'private' ? ['owner'] : ACTORS.filter((actor) => actor !== 'revoked'),
      );
      const [room] = roomOk;
      expect((room.json as Json).room.label).toBe('Series A Data Room');
    });
  },
);
