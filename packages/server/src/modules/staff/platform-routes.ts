import {
  brandBody,
  idParams,
  staffBrandView,
  staffJobsQuery,
  staffJobView,
  staffPartnerBody,
  staffPartnerMemberBody,
  staffPartnerMemberView,
  staffPartnerView,
} from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';
import { addPartnerMember } from './add-partner-member.ts';
import { authenticateStaff, STAFF_TAGS } from './authenticate-staff.ts';
import { createBrand } from './create-brand.ts';
import { createPartner } from './create-partner.ts';
import { listBrands } from './list-brands.ts';
import { listJobs } from './list-jobs.ts';
import { listPartners } from './list-partners.ts';
import { retryJob } from './retry-job.ts';
import { updateBrand } from './update-brand.ts';
import { updatePartner } from './update-partner.ts';

/** /api/staff/*: the platform itself (jobs, brands, partners). Every write is audited under the staff member. */
export async function platformRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/staff/jobs',
    { schema: { tags: STAFF_TAGS, querystring: staffJobsQuery, response: { 200: z.array(staffJobView) } } },
    async (request) => {
      const actor = await authenticateStaff(ctx, request);
      return listJobs({ tx: ctx.db, actor, status: request.query.status });
    },
  );

  app.post(
    '/api/staff/jobs/:id/retry',
    { schema: { tags: STAFF_TAGS, params: idParams, response: { 200: staffJobView } } },
    async (request) => {
      const actor = await authenticateStaff(ctx, request);
      const job = await ctx.db.transaction((tx) =>
        retryJob({ tx, jobs: ctx.jobs, actor, id: request.params.id, ip: request.ip }),
      );
      ctx.jobs.poke();
      return job;
    },
  );

  app.get(
    '/api/staff/brands',
    { schema: { tags: STAFF_TAGS, response: { 200: z.array(staffBrandView) } } },
    async (request) => listBrands({ tx: ctx.db, actor: await authenticateStaff(ctx, request) }),
  );

  app.post(
    '/api/staff/brands',
    { schema: { tags: STAFF_TAGS, body: brandBody, response: { 201: staffBrandView } } },
    async (request, reply) => {
      const actor = await authenticateStaff(ctx, request);
      const brand = await ctx.db.transaction((tx) =>
        createBrand({ tx, actor, input: request.body, ip: request.ip }),
      );
      return reply.status(201).send(brand);
    },
  );

  app.put(
    '/api/staff/brands/:id',
    {
      schema: { tags: STAFF_TAGS, params: idParams, body: brandBody, response: { 200: staffBrandView } },
    },
    async (request) => {
      const actor = await authenticateStaff(ctx, request);
      const { id } = request.params;
      return ctx.db.transaction((tx) => updateBrand({ tx, actor, id, input: request.body, ip: request.ip }));
    },
  );

  app.get(
    '/api/staff/partners',
    { schema: { tags: STAFF_TAGS, response: { 200: z.array(staffPartnerView) } } },
    async (request) => listPartners({ tx: ctx.db, actor: await authenticateStaff(ctx, request) }),
  );

  app.post(
    '/api/staff/partners',
    { schema: { tags: STAFF_TAGS, body: staffPartnerBody, response: { 201: staffPartnerView } } },
    async (request, reply) => {
      const actor = await authenticateStaff(ctx, request);
      const partner = await ctx.db.transaction((tx) =>
        createPartner({ tx, actor, input: request.body, ip: request.ip }),
      );
      return reply.status(201).send(partner);
    },
  );

  app.put(
    '/api/staff/partners/:id',
    {
      schema: {
        tags: STAFF_TAGS,
        params: idParams,
        body: staffPartnerBody,
        response: { 200: staffPartnerView },
      },
    },
    async (request) => {
      const actor = await authenticateStaff(ctx, request);
      const { id } = request.params;
      return ctx.db.transaction((tx) =>
        updatePartner({ tx, actor, id, input: request.body, ip: request.ip }),
      );
    },
  );

  app.post(
    '/api/staff/partners/:id/members',
    {
      schema: {
        tags: STAFF_TAGS,
        params: idParams,
        body: staffPartnerMemberBody,
        response: { 201: staffPartnerMemberView },
      },
    },
    async (request, reply) => {
      const actor = await authenticateStaff(ctx, request);
      const { email, role_id: roleId } = request.body;
      const member = await ctx.db.transaction((tx) =>
        addPartnerMember({ tx, actor, partnerId: request.params.id, email, roleId, ip: request.ip }),
      );
      return reply.status(201).send(member);
    },
  );
}
