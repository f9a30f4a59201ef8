import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema/index.ts';
import { SESSION_COOKIE } from '../src/modules/auth/session-store.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import { type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import {
  anyJson,
  type JsonSchema,
  pathSegment,
  queryString,
  rawBody,
  shaped,
} from './support/bad-input-arbitraries.ts';
import { fillWorkspace } from './support/workspace-rows.ts';

/** Runs per route: enough to hit every field with extremes over a CI run, bounded in time. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, string[]>[];
};
type Spec = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { in?: string; name?: string }> };
};
type Route = { method: string; url: string; operation: Operation };

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Mostly JSON, sometimes a type the route does not take. */
const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
);

/** Headers that are not a credential, or not the one the route takes. */
const forged = (me: SignedIn) =>
  fc.constantFrom(
    'Bearer ',
    'Bearer x.y.z',
    // An unsigned token (alg none) naming the user.
    `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(`{"sub":"${me.user.id}"}`).toString('base64url')}.`,
    `Bearer ${'a'.repeat(10_000)}`,
    'Basic',
    'Basic %%%',
    `Basic ${Buffer.from('\u0000:\u0000').toString('base64')}`,
    `Basic ${Buffer.from(':').toString('base64')}`,
    me.bearer,
    me.accountBearer,
    `${me.accountBearer}x`,
  );

/** The token each area expects (DESIGN §3). */
function authorization(url: string, me: SignedIn): string | undefined {
  if (url.startsWith('/api/account/')) return me.accountBearer;
  if (url.startsWith('/api/user/') || url.startsWith('/api/v1/user/') || url.startsWith('/api/authn/')) {
    return me.bearer;
  }
  return undefined;
}

/** 'right': the area's token; 'cookie': the browser's session cookie; a string: that Authorization header. */
type Credential = 'right' | 'cookie' | string | null;

/** The credential's headers; signing out with the run's own session would end the run, so that sends none. */
function credentialHeaders(route: Route, me: SignedIn, credential: Credential): Record<string, string> {
  const own = ['right', 'cookie', me.bearer, me.accountBearer].includes(credential ?? '');
  if (route.method === 'DELETE' && route.url === '/api/authn/session' && own) return {};
  if (credential === 'cookie') return { cookie: `${SESSION_COOKIE}=${me.cookie}` };
  const header = credential === 'right' ? authorization(route.url, me) : credential;
  return header ? { authorization: header } : {};
}

describe('every route, called with bad input, answers below 500', () => {
  let t: TestApp;
  let me: SignedIn;
  let ids: number[];
  let keys: (number | string)[];
  let routes: Route[];
  /** Credentials sent in the query (access_code, receipt…): the document lists them as security schemes. */
  let queryCredentials: Record<string, string>;

  beforeAll(async () => {
    // Previews would convert with LibreOffice on every run; they have tests of their own.
    t = await createTestApp({ libreOffice: null, logLevel: 'error' });
    await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-modules'));
    me = await signedIn(t);
    // A full workspace: a fuzzed add_user cannot bring in a member whom change_owner then makes owner,
    // after which the run's own user could leave (remove_user) and lose the workspace mid-run.
    await t.ctx.db.update(accounts).set({ userLimit: 1 }).where(eq(accounts.id, me.account!.id));
    const rows = await fillWorkspace(t, me, 'test-module-two');
    ids = [
      me.user.id,
      me.account!.id,
      ...Object.values(rows).filter((v): v is number => typeof v === 'number'),
    ];
    const challenge = await t.app.inject({
      method: 'POST',
      url: '/api/authn/challenge',
      payload: { identifier: { type: 'email', value: me.email }, template: 'magic-link' },
    });
    expect(challenge.statusCode).toBe(201);
    keys = [...ids, rows.templateId, (challenge.json() as { id: string }).id];
    await t.app.ready();
    const spec = t.app.swagger() as Spec;
    queryCredentials = Object.fromEntries(
      Object.entries(spec.components.securitySchemes)
        .filter(([, scheme]) => scheme.in === 'query' && scheme.name)
        .map(([id, scheme]) => [id, scheme.name as string]),
    );
    // Deletions last, so the rows the other routes are aimed at live through their runs.
    routes = Object.entries(spec.paths)
      .flatMap(([url, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({
          method: method.toUpperCase(),
          url,
          operation,
        })),
      )
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  });
  afterAll(() => t.close());

  it(
    `fuzzes each route ${RUNS} times (seed ${SEED}; FUZZ_SEED and FUZZ_RUNS replay or extend)`,
    async () => {
      expect(routes.length).toBeGreaterThan(50);
      const failures: string[] = [];
      for (const route of routes) {
        const names = route.url.match(/\{\w+\}/g) ?? [];
        const queryNames = [
          ...(route.operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          ...(route.operation.security ?? []).flatMap((r) =>
            Object.keys(r).flatMap((id) => (queryCredentials[id] ? [queryCredentials[id]] : [])),
          ),
        ];
        const schema = route.operation.requestBody?.content?.['application/json']?.schema;
        const body = WRITES.has(route.method)
          ? fc.oneof(
              { weight: 3, arbitrary: shaped(schema, ids).map((value) => ({ json: value })) },
              { weight: 2, arbitrary: anyJson.map((value) => ({ json: value })) },
              rawBody.map((raw) => ({ raw })),
              fc.constant(null),
            )
          : fc.constant(null);
        const request = fc.record({
          segments: fc.tuple(...names.map(() => pathSegment(keys))),
          query: fc.option(queryString(queryNames), { nil: '' }),
          body,
          type: contentType,
          // Mostly the right token; sometimes none or a forged one: the 401 path must hold for bad input too.
          credential: fc.oneof(
            { weight: 6, arbitrary: fc.constant<Credential>('right') },
            fc.constant(null),
            // The session cookie, as the browser sends it: the CSRF checks meet every content type.
            fc.constant('cookie'),
            forged(me),
          ),
        });
        try {
          await fc.assert(
            fc.asyncProperty(request, async ({ segments, query, body: sent, type, credential }) => {
              let url = route.url;
              names.forEach((name, index) => {
                url = url.replace(name, segments[index] as string);
              });
              if (query) url = `${url}?${query}`;
              const payload =
                sent === null ? undefined : 'raw' in sent ? sent.raw : JSON.stringify(sent.json);
              const res = await t.app.inject({
                method: route.method as 'GET',
                url,
                payload,
                headers: {
                  ...credentialHeaders(route, me, credential),
                  ...(payload === undefined ? {} : { 'content-type': type }),
                },
              });
              if (res.statusCode >= 500) {
                throw new Error(
                  `${route.method} ${url} ${(payload ?? '').slice(0, 300)} -> ${res.statusCode} ${res.body}`,
                );
              }
            }),
            { numRuns: RUNS, seed: SEED, endOnFailure: true },
          );
        } catch (error) {
          // The request that failed (fast-check's cause), then how to replay it (seed and path).
          const cause = ((error as Error).cause as Error | undefined)?.message ?? '';
          failures.push(`${cause}\n  ${(error as Error).message.split('\n')[0]}`);
        }
      }
      expect(failures.join('\n\n'), `seed ${SEED}`).toBe('');
      // The run's session lived to the end, so no route was fuzzed only up to its 401.
      const still = await t.app.inject({
        url: '/api/account/me',
        headers: { authorization: me.accountBearer },
      });
      expect(still.statusCode).toBe(200);
    },
    RUNS * 5_000,
  );
});
