import { randomUUID } from 'node:crypto';
import { partnerAccounts, partnerMembers, partners } from '../../src/db/schema/index.ts';
import type { TestApp } from '../harness.ts';

/** A partner firm (staff create these; tests insert the row), with its admins and members. */
export async function createPartner(
  t: TestApp,
  options: {
    name?: string;
    admins?: number[];
    members?: number[];
    clients?: number[];
    coversFees?: boolean;
  } = {},
) {
  const tag = randomUUID().slice(0, 8);
  const [partner] = await t.ctx.db
    .insert(partners)
    .values({
      name: options.name ?? `Partner ${tag}`,
      slug: `partner-${tag}`,
      code: `CODE-${tag.toUpperCase()}`,
      coversFees: options.coversFees ?? false,
      stripeDomain: options.coversFees ? 'partner.example.com' : null,
    })
    .returning();
  const people = [
    ...(options.admins ?? []).map((userId) => ({ partnerId: partner.id, userId, roleId: 1 })),
    ...(options.members ?? []).map((userId) => ({ partnerId: partner.id, userId, roleId: 2 })),
  ];
  if (people.length > 0) await t.ctx.db.insert(partnerMembers).values(people);
  const clients = (options.clients ?? []).map((accountId) => ({ partnerId: partner.id, accountId }));
  if (clients.length > 0) await t.ctx.db.insert(partnerAccounts).values(clients);
  return partner;
}
