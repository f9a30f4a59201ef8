import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectTemplates } from '../src/db/schema/index.ts';
import { loadLibrary } from '../src/modules/templates/load-library.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import { signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

const broken = path.resolve(import.meta.dirname, 'fixtures/templates-broken');

describe('the template library check', () => {
  it('passes on the library we ship, with a workflow in every area and an assessment', () => {
    const { templates, problems } = loadLibrary();
    expect(problems).toEqual([]);
    const areas = new Set(templates.map((t) => t.area));
    expect([...areas].sort()).toEqual([
      'customers-partners',
      'entity',
      'equity',
      'financing',
      'governance',
      'other',
      'team',
    ]);
    expect(templates.some((t) => t.is_assessment)).toBe(true);
    expect(templates.every((t) => t.sample)).toBe(true);
  });

  it('reports every kind of problem, with the file or template it is in', () => {
    const { problems } = loadLibrary(broken);
    const expected = [
      /duplicate\.yaml: transactions\.0\.questions\.0\.type: /,
      /broken\.md: line 2: \{\{signer\}\} is bound to no question of broken-workflow\/only/,
      /broken\.md: line 2: unknown filter "fancy"/,
      /broken\.md: line 4: people has no field age/,
      /broken\.md: \{\{#each people\}\} is never closed/,
      /broken-workflow\/only: question orphan depends on missing question nowhere/,
      /broken-workflow\/only: question locked is fixed and required without a default/,
      // Signing: a tag for a role the task does not declare, a signer with no place to sign, a role
      // declared twice, a signer's name bound to nothing, and a tag misspelt.
      /signing\.md: line 6: \{\{date:Counterparty\}\} names role Counterparty, which broken-signing\/deal\/contract does not declare in signers/,
      /signing\.md: signer Investor of broken-signing\/deal\/contract has no \{\{sign:Investor\}\} to sign/,
      /broken-signing\/deal\/contract: signer role Company is declared twice/,
      /broken-signing\/deal\/contract: signer Investor's name: line 1: \{\{nobody\}\} is bound to no question of broken-signing\/deal/,
      /signing\.md: line 6: \{\{signature:Investor\}\} is not a signing tag/,
    ];
    for (const pattern of expected)
      expect(
        problems.some((p) => pattern.test(p)),
        pattern.source,
      ).toBe(true);
    // The tags that are right raise nothing: Company signs, and Investor's initials name a declared role.
    expect(problems.filter((p) => p.includes('{{sign:Company}}') || p.includes('initials:Investor'))).toEqual(
      [],
    );
  });
});

describe('GET /api/account/project_template', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('needs a workspace token', async () => {
    expect((await t.app.inject('/api/account/project_template')).statusCode).toBe(401);
  });

  it('lists the library, loaded once per template however often it loads', async () => {
    await syncTemplateLibrary(t.ctx);
    await syncTemplateLibrary(t.ctx);
    const rows = await t.ctx.db.select({ id: projectTemplates.id }).from(projectTemplates);
    expect(rows.length).toBe(new Set(rows.map((r) => r.id)).size);
    const me = await signedIn(t);
    const res = await t.app.inject({
      url: '/api/account/project_template',
      headers: { authorization: me.accountBearer },
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; area: string; is_assessment: boolean }[];
    expect(list.map((r) => r.id)).toEqual(
      expect.arrayContaining(['form-delaware-corporation', 'safe-financing', 'mutual-nda']),
    );
    expect(list.find((r) => r.id === 'form-delaware-corporation')).toMatchObject({
      label: 'Form a Delaware Corporation',
      area: 'entity',
      module_id: 2,
      is_assessment: false,
      faqs: expect.arrayContaining([expect.objectContaining({ question: 'Why Delaware?' })]),
    });
    expect(list.find((r) => r.id === 'legal-health-check')?.is_assessment).toBe(true);
  });
});
