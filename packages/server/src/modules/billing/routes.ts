import {
  addBankBody,
  addMethodBody,
  addMethodV3Body,
  bankLinkBody,
  bankLinkTokenView,
  banksView,
  billingCustomerView,
  binaryResponse,
  bundleParams,
  bundlePreviewView,
  idParams,
  invoicesView,
  methodChangeView,
  methodV3Params,
  paymentMethodsQuery,
  paymentMethodsView,
  setDefaultMethodBody,
  subscribeBody,
  subscribeView,
  verifyBankBody,
  verifyBankParams,
} from '@charter/domain';
import type { FastifyRequest } from 'fastify';
import { contentDisposition } from '../../adapters/storage/file-types.ts';
import type { AppContext } from '../../context.ts';
import { authenticateAccount } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { addBank } from './add-bank.ts';
import { addCard } from './add-card.ts';
import { createBankLinkToken, exchangeBankLink } from './bank-link.ts';
import { getCustomer } from './get-customer.ts';
import { listInvoices } from './list-invoices.ts';
import { listBanks, listMethods } from './list-methods.ts';
import { previewBundle } from './preview-bundle.ts';
import { receiptPdf } from './receipt-pdf.ts';
import { removeMethod } from './remove-method.ts';
import { setDefaultMethod } from './set-default-method.ts';
import { subscribe } from './subscribe.ts';
import { verifyBank } from './verify-bank.ts';

/**
 * Billing (spec 1 §7 Billing, issue 13): the customer and plans, payment methods (cards, micro-deposit bank
 * accounts, bank link) with their v3 twins, plan subscriptions and invoices with receipts.
 */
export async function billingRoutes(app: App, ctx: AppContext) {
  const member = (request: FastifyRequest) => authenticateAccount(ctx, request);
  const tags = ['billing'];

  for (const url of ['/api/account/billing/customer', '/api/account/v3/billing/customer']) {
    app.get(url, { schema: { tags, response: { 200: billingCustomerView } } }, async (request) => {
      const actor = await member(request);
      return getCustomer({ ctx, tx: ctx.db, actor });
    });
  }

  for (const url of ['/api/account/billing/method', '/api/account/v3/billing/method']) {
    app.get(
      url,
      { schema: { tags, querystring: paymentMethodsQuery, response: { 200: paymentMethodsView } } },
      async (request) => {
        const actor = await member(request);
        return listMethods({ ctx, tx: ctx.db, actor, all: request.query.all === 1 });
      },
    );
  }

  // The v3 twin takes the same card, plus a stripe_domain the server does not trust (setup.ts).
  for (const [url, body] of [
    ['/api/account/admin/billing/method', addMethodBody],
    ['/api/account/v3/admin/billing/method', addMethodV3Body],
  ] as const) {
    app.post(url, { schema: { tags, body, response: { 201: methodChangeView } } }, async (request, reply) => {
      const actor = await member(request);
      const { stripe_token_id, is_default } = request.body;
      const added = await addCard({ ctx, actor, token: stripe_token_id, isDefault: is_default ?? false });
      return reply.status(201).send(added);
    });
  }

  for (const url of ['/api/account/admin/billing/method', '/api/account/v3/admin/billing/method']) {
    app.put(
      url,
      { schema: { tags, body: setDefaultMethodBody, response: { 200: methodChangeView } } },
      async (request) => {
        const actor = await member(request);
        return setDefaultMethod({ ctx, actor, methodId: request.body.default_method_id });
      },
    );
  }

  // The v3 twin names the method by its second segment; its first (a stripe_domain) is not used.
  for (const [url, params] of [
    ['/api/account/admin/billing/method/:id', idParams],
    ['/api/account/v3/admin/billing/method/:a/:b', methodV3Params],
  ] as const) {
    app.delete(url, { schema: { tags, params, response: { 200: methodChangeView } } }, async (request) => {
      const actor = await member(request);
      const methodId = 'id' in request.params ? request.params.id : request.params.b;
      return removeMethod({ ctx, actor, methodId, bank: false });
    });
  }

  app.post(
    '/api/account/ach',
    { schema: { tags, body: addBankBody, response: { 201: methodChangeView } } },
    async (request, reply) => {
      const actor = await member(request);
      const added = await addBank({ ctx, actor, input: request.body });
      return reply.status(201).send(added);
    },
  );
  app.put(
    '/api/account/ach/:bankToken',
    { schema: { tags, params: verifyBankParams, body: verifyBankBody, response: { 200: methodChangeView } } },
    async (request) => {
      const actor = await member(request);
      const [a, b] = request.body.amounts;
      return verifyBank({ ctx, actor, methodId: request.params.bankToken, amounts: [a, b] });
    },
  );
  app.delete(
    '/api/account/ach/:id',
    { schema: { tags, params: idParams, response: { 200: methodChangeView } } },
    async (request) => {
      const actor = await member(request);
      return removeMethod({ ctx, actor, methodId: request.params.id, bank: true });
    },
  );

  app.post(
    '/api/account/admin/billing/plaid/link_token',
    { schema: { tags, response: { 200: bankLinkTokenView } } },
    async (request) => {
      const actor = await member(request);
      return createBankLinkToken({ ctx, actor });
    },
  );
  app.post(
    '/api/account/admin/billing/plaid/public_token',
    { schema: { tags, body: bankLinkBody, response: { 201: methodChangeView } } },
    async (request, reply) => {
      const actor = await member(request);
      const added = await exchangeBankLink({ ctx, actor, input: request.body });
      return reply.status(201).send(added);
    },
  );

  app.get('/api/account/banks', { schema: { tags, response: { 200: banksView } } }, async (request) => {
    const actor = await member(request);
    return listBanks({ tx: ctx.db, actor });
  });

  app.get(
    '/api/account/admin/bundle/:slug/preview',
    { schema: { tags, params: bundleParams, response: { 200: bundlePreviewView } } },
    async (request) => {
      const actor = await member(request);
      return previewBundle({ tx: ctx.db, actor, slug: request.params.slug });
    },
  );
  app.post(
    '/api/account/admin/bundle/:slug',
    { schema: { tags, params: bundleParams, body: subscribeBody, response: { 201: subscribeView } } },
    async (request, reply) => {
      const actor = await member(request);
      const done = await subscribe({
        ctx,
        actor,
        slug: request.params.slug,
        selectedSourceId: request.body.selected_source_id ?? null,
      });
      return reply.status(201).send(done);
    },
  );

  app.get(
    '/api/account/v3/invoice',
    { schema: { tags, response: { 200: invoicesView } } },
    async (request) => {
      const actor = await member(request);
      return listInvoices({ tx: ctx.db, actor });
    },
  );
  app.get(
    '/api/account/v3/invoice/:id/receipt',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: binaryResponse('The invoice receipt as PDF', 'application/pdf') },
      },
    },
    async (request, reply) => {
      const actor = await member(request);
      const brand = await mailBrandFor(ctx, request.headers.host);
      const pdf = await receiptPdf({
        tx: ctx.db,
        actor,
        invoiceId: request.params.id,
        brandName: brand.name,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(pdf.filename, 'attachment'))
        .send(Buffer.from(pdf.bytes));
    },
  );
}
