import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, projects, projectTemplates, transactions } from '../src/db/schema/index.ts';
import { type MemberActor, memberActor, userActor } from '../src/http/actor.ts';
import {
  canSeeProjectModule,
  canSeeTaskModule,
  visibleDocuments,
  visibleProjects,
  visibleTemplates,
  visibleTransactions,
} from '../src/modules/workflows/policies.ts';
import { createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

const MODULES = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** Each pure check and its SQL twin must agree on every module, for every kind of workspace. */
describe('workflow policies: the pure checks and their SQL twins agree', () => {
  let t: TestApp;
  let actors: MemberActor[];
  let accountId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const { user, account } = await createUser(t);
    accountId = account!.id;
    const [membership] = await t.ctx.db.query.memberships.findMany({
      where: (m) => eq(m.accountId, accountId),
    });
    const signed = userActor(user, 'session', null);
    actors = [1, 3].map((roleId) =>
      memberActor(signed, { account: { ...account!, roleId }, membership, features: [] }),
    );
    for (const moduleId of MODULES) {
      const id = `policy-module-${moduleId}`;
      await t.ctx.db.insert(projectTemplates).values({
        id,
        label: id,
        area: 'other',
        moduleId,
        isRepeatable: true,
        isAssessment: false,
        description: '',
        definition: {},
        contentHash: id,
      });
      const [project] = await t.ctx.db
        .insert(projects)
        .values({ accountId, templateId: id, label: id })
        .returning();
      const [group] = await t.ctx.db
        .insert(transactions)
        .values({ accountId, projectId: project.id, templateKey: 'g', position: 0, label: id })
        .returning();
      await t.ctx.db
        .insert(documents)
        .values({ accountId, transactionId: group.id, filename: `${id}.pdf`, label: id });
    }
  });
  afterAll(() => t.close());

  const seen = async (query: Promise<{ label: string }[]>) =>
    (await query).map((row) => Number(row.label.replace('policy-module-', ''))).sort((a, b) => a - b);

  it('project templates and projects: modules 4 and 5 for a restricted workspace, all for others', async () => {
    for (const actor of actors) {
      const expected = MODULES.filter((m) => canSeeProjectModule(actor, m));
      expect(expected).toEqual(actor.restricted ? [4, 5] : MODULES);
      const templates = t.ctx.db
        .select({ label: projectTemplates.label })
        .from(projectTemplates)
        .where(and(eq(projectTemplates.area, 'other'), visibleTemplates(actor)));
      expect((await seen(templates)).filter((m) => MODULES.includes(m))).toEqual(expected);
      const rows = t.ctx.db
        .select({ label: projects.label })
        .from(projects)
        .where(and(eq(projects.accountId, accountId), visibleProjects(actor)));
      expect(await seen(rows)).toEqual(expected);
    }
  });

  it('task groups and documents: module 4 for a restricted workspace, all for others', async () => {
    for (const actor of actors) {
      const expected = MODULES.filter((m) => canSeeTaskModule(actor, m));
      expect(expected).toEqual(actor.restricted ? [4] : MODULES);
      const groups = t.ctx.db
        .select({ label: transactions.label })
        .from(transactions)
        .where(and(eq(transactions.accountId, accountId), visibleTransactions(actor)));
      expect(await seen(groups)).toEqual(expected);
      const docs = t.ctx.db
        .select({ label: documents.label })
        .from(documents)
        .where(and(eq(documents.accountId, accountId), visibleDocuments(actor)));
      expect(await seen(docs)).toEqual(expected);
    }
  });
});
