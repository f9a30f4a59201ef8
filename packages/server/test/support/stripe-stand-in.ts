import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe API (no network): answers the endpoints the stripe provider uses, CHECKS
 * the SDK's request shapes (Bearer key, form-encoded bodies, our own Idempotency-Key on every call that moves
 * money), keeps its objects in memory, replays a repeated idempotency key with the first answer like Stripe,
 * and lets tests script declines, authentication, status changes and a lost answer (the request is done but
 * the connection drops before the reply, as when our process dies between the provider's answer and our write).
 *
 * Test cards follow Stripe's: tok_visa / pm_card_visa succeed, tok_chargeDeclined / pm_card_chargeDeclined are
 * declined at setup, pm_card_chargeCustomerFail attaches and is declined when charged,
 * pm_card_authenticationRequired needs 3-D Secure. Bank token btok_us verifies with micro-deposits 32 and 45.
 */
export const STAND_IN_KEY = 'sk_test_stand_in';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_stand_in';
export const MICRO_DEPOSITS: [number, number] = [32, 45];
const MAX_VERIFY_ATTEMPTS = 3;

type Obj = Record<string, unknown> & { id: string; object: string };
type Behaviour = 'ok' | 'decline_setup' | 'decline_charge' | 'authenticate';
type Recorded = {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
};
type Answer = { status: number; body: unknown };

const MONEY_MOVING = [/^POST \/v1\/payment_intents$/, /^POST \/v1\/subscriptions$/];

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Parses Stripe's form encoding (a[b][0]=c) into nested objects and arrays. */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[index + 1] ?? '');
      const slot = node as Record<string, unknown>;
      if (last) slot[part] = value;
      else {
        slot[part] ??= nextIsIndex ? [] : {};
        node = slot[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const cardError = (code: string, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status: 402,
  body: { error: { type: 'card_error', code, decline_code: 'generic_decline', message, ...extra } },
});
const invalid = (message: string, param?: string, status = 400): Answer => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } },
});
const missing = (what: string) => invalid(`No such ${what}`, undefined, 404);

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

export async function startStripeStandIn() {
  const objects = new Map<string, Obj>();
  const behaviours = new Map<string, Behaviour>();
  const verifyTries = new Map<string, number>();
  const idempotent = new Map<string, { request: string; answer: Answer }>();
  const requests: Recorded[] = [];
  /** Shape problems found in requests: tests expect this to stay empty. */
  const problems: string[] = [];
  let dropNext: { pattern: RegExp; times: number } | null = null;

  const put = <T extends Obj>(obj: T) => {
    objects.set(obj.id, obj);
    return obj;
  };
  const get = (key: string, kind: string) => {
    const obj = objects.get(key);
    return obj && obj.object === kind ? obj : null;
  };

  function cardPaymentMethod(pmId: string, behaviour: Behaviour, last4: string, brand = 'visa') {
    behaviours.set(pmId, behaviour);
    return put({
      id: pmId,
      object: 'payment_method',
      type: 'card',
      customer: null,
      billing_details: { name: 'Ada Lovelace', address: { country: 'US' } },
      card: { brand, last4, exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' },
    });
  }
  const KNOWN: Record<string, [Behaviour, string]> = {
    visa: ['ok', '4242'],
    chargeDeclined: ['decline_setup', '0002'],
    chargeCustomerFail: ['decline_charge', '0341'],
    authenticationRequired: ['authenticate', '3184'],
  };
  for (const [name, [behaviour, last4]] of Object.entries(KNOWN)) {
    cardPaymentMethod(`pm_card_${name}`, behaviour, last4);
  }

  function paymentMethodFor(key: string): Obj | null {
    return get(key, 'payment_method') ?? get(key, 'bank_account');
  }

  function intent(params: Record<string, unknown>): Answer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0) return invalid('Invalid integer: amount', 'amount');
    if (params.confirm !== 'true' || params.off_session !== 'true') {
      problems.push('payment_intents: expected confirm=true and off_session=true');
    }
    const method = paymentMethodFor(String(params.payment_method));
    if (!method) return missing(`payment_method: '${params.payment_method}'`);
    if (method.customer !== params.customer) {
      return invalid('The PaymentMethod does not belong to this customer.', 'payment_method');
    }
    const behaviour = behaviours.get(method.id) ?? 'ok';
    const pi = put({
      id: id('pi'),
      object: 'payment_intent',
      amount,
      currency: params.currency,
      customer: params.customer,
      payment_method: method.id,
      description: params.description ?? null,
      metadata: (params.metadata as Record<string, string>) ?? {},
      created: now(),
      status:
        method.object === 'bank_account'
          ? 'processing'
          : behaviour === 'ok'
            ? 'succeeded'
            : behaviour === 'authenticate'
              ? 'requires_action'
              : 'requires_payment_method',
      last_payment_error: null as unknown,
    });
    if (behaviour === 'decline_charge' || behaviour === 'decline_setup') {
      pi.last_payment_error = { code: 'card_declined', message: 'Your card was declined.' };
      return cardError('card_declined', 'Your card was declined.', { payment_intent: pi });
    }
    if (behaviour === 'authenticate') {
      pi.last_payment_error = { code: 'authentication_required', message: 'Authentication required.' };
      return cardError('authentication_required', 'This payment requires authentication.', {
        payment_intent: pi,
      });
    }
    return { status: 200, body: pi };
  }

  function route(method: string, path: string, params: Record<string, unknown>): Answer {
    let m: RegExpMatchArray | null;
    const at = `${method} ${path}`;
    if (at === 'POST /v1/customers') {
      return {
        status: 200,
        body: put({
          id: id('cus'),
          object: 'customer',
          name: params.name ?? null,
          email: params.email ?? null,
          metadata: params.metadata ?? {},
          invoice_settings: { default_payment_method: null },
          default_source: null,
        }),
      };
    }
    m = at.match(/^POST \/v1\/customers\/(cus_\w+)$/);
    if (m) {
      const customer = get(m[1] as string, 'customer');
      if (!customer) return missing('customer');
      const settings = params.invoice_settings as { default_payment_method?: string } | undefined;
      if (settings?.default_payment_method) customer.invoice_settings = settings;
      if (params.default_source) customer.default_source = params.default_source;
      return { status: 200, body: customer };
    }
    m = at.match(/^POST \/v1\/customers\/(cus_\w+)\/sources$/);
    if (m) {
      if (!get(m[1] as string, 'customer')) return missing('customer');
      const token = String(params.source ?? '');
      if (!token.startsWith('btok_')) return invalid(`No such token: '${token}'`, 'source');
      const bank = put({
        id: id('ba'),
        object: 'bank_account',
        customer: m[1],
        bank_name: 'STRIPE TEST BANK',
        last4: '6789',
        country: 'US',
        account_holder_name: 'Ada Lovelace',
        status: 'new',
      });
      return { status: 200, body: bank };
    }
    m = at.match(/^(GET|DELETE) \/v1\/customers\/(cus_\w+)\/sources\/(ba_\w+)$/);
    if (m) {
      const bank = get(m[3] as string, 'bank_account');
      if (!bank || bank.customer !== m[2]) return missing('source');
      if (m[1] === 'DELETE') {
        objects.delete(bank.id);
        return { status: 200, body: { id: bank.id, object: 'bank_account', deleted: true } };
      }
      return { status: 200, body: bank };
    }
    m = at.match(/^POST \/v1\/customers\/(cus_\w+)\/sources\/(ba_\w+)\/verify$/);
    if (m) {
      const bank = get(m[2] as string, 'bank_account');
      if (!bank || bank.customer !== m[1]) return missing('source');
      const amounts = (params.amounts as string[] | undefined)?.map(Number) ?? [];
      if (amounts.length !== 2) return invalid('Two amounts are required', 'amounts');
      if (bank.status === 'verification_failed') {
        return invalid('This bank account has failed verification.', 'amounts', 402);
      }
      if (amounts[0] === MICRO_DEPOSITS[0] && amounts[1] === MICRO_DEPOSITS[1]) {
        bank.status = 'verified';
        return { status: 200, body: bank };
      }
      const tries = (verifyTries.get(bank.id) ?? 0) + 1;
      verifyTries.set(bank.id, tries);
      if (tries >= MAX_VERIFY_ATTEMPTS) bank.status = 'verification_failed';
      return invalid('The amounts provided do not match the amounts that were sent to the bank account.');
    }
    if (at === 'POST /v1/payment_methods') {
      if (params.type === 'card') {
        const token = String((params.card as { token?: string } | undefined)?.token ?? '');
        const name = token.replace(/^tok_/, '');
        const known = KNOWN[name];
        if (!token.startsWith('tok_') || !known) return invalid(`No such token: '${token}'`, 'card[token]');
        return { status: 200, body: cardPaymentMethod(id('pm'), known[0], known[1]) };
      }
      if (params.type === 'us_bank_account') {
        const account = (params.us_bank_account as { financial_connections_account?: string } | undefined)
          ?.financial_connections_account;
        if (!account?.startsWith('fca_')) return invalid('No such financial connections account');
        return {
          status: 200,
          body: put({
            id: id('pm'),
            object: 'payment_method',
            type: 'us_bank_account',
            customer: null,
            billing_details: { name: 'Ada Lovelace', address: { country: 'US' } },
            us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789' },
          }),
        };
      }
      return invalid('Invalid type', 'type');
    }
    m = at.match(/^GET \/v1\/payment_methods\/(pm_\w+)$/);
    if (m) {
      const pm = get(m[1] as string, 'payment_method');
      return pm ? { status: 200, body: pm } : missing('payment_method');
    }
    m = at.match(/^POST \/v1\/payment_methods\/(pm_\w+)\/(attach|detach)$/);
    if (m) {
      const pm = get(m[1] as string, 'payment_method');
      if (!pm) return missing('payment_method');
      if (m[2] === 'attach') {
        if (!get(String(params.customer), 'customer')) return missing('customer');
        pm.customer = params.customer;
      } else pm.customer = null;
      return { status: 200, body: pm };
    }
    if (at === 'POST /v1/setup_intents') {
      const pm = get(String(params.payment_method), 'payment_method');
      if (!pm) return missing('payment_method');
      if (params.confirm !== 'true') problems.push('setup_intents: expected confirm=true');
      const behaviour = behaviours.get(pm.id) ?? 'ok';
      const setup = put({
        id: id('seti'),
        object: 'setup_intent',
        customer: params.customer,
        payment_method: pm.id,
        status: behaviour === 'authenticate' ? 'requires_action' : 'succeeded',
        last_setup_error: null,
      });
      if (behaviour === 'decline_setup') {
        return cardError('card_declined', 'Your card was declined.', { setup_intent: setup });
      }
      if (setup.status === 'succeeded') pm.customer = params.customer;
      return { status: 200, body: setup };
    }
    if (at === 'POST /v1/payment_intents') return intent(params);
    m = at.match(/^GET \/v1\/(payment_intents|subscriptions)\/search$/);
    if (m) {
      const kind = m[1] === 'subscriptions' ? 'subscription' : 'payment_intent';
      const query = String(params.query ?? '');
      const q = query.match(/^metadata\['idempotency_key'\]:'((?:[^'\\]|\\.)*)'$/);
      if (!q) return invalid(`Unsupported query: ${query}`, 'query');
      const key = (q[1] as string).replace(/\\(.)/g, '$1');
      const data = [...objects.values()].filter(
        (o) => o.object === kind && (o.metadata as Record<string, string>).idempotency_key === key,
      );
      return { status: 200, body: { object: 'search_result', data, has_more: false, url: path } };
    }
    m = at.match(/^GET \/v1\/payment_intents\/(pi_\w+)$/);
    if (m) {
      const pi = get(m[1] as string, 'payment_intent');
      return pi ? { status: 200, body: pi } : missing('payment_intent');
    }
    if (at === 'GET /v1/prices') {
      const keys = (params.lookup_keys as string[] | undefined) ?? [];
      const data = [...objects.values()].filter(
        (o) => o.object === 'price' && keys.includes(String(o.lookup_key)),
      );
      return { status: 200, body: { object: 'list', data, has_more: false, url: path } };
    }
    if (at === 'POST /v1/prices') {
      const recurring = params.recurring as { interval?: string } | undefined;
      if (!params.lookup_key || !recurring?.interval) return invalid('lookup_key and recurring required');
      return {
        status: 200,
        body: put({
          id: id('price'),
          object: 'price',
          lookup_key: params.lookup_key,
          unit_amount: Number(params.unit_amount),
          currency: params.currency,
          recurring: { interval: recurring.interval },
          active: true,
        }),
      };
    }
    if (at === 'POST /v1/subscriptions') {
      const customer = get(String(params.customer), 'customer');
      if (!customer) return missing('customer');
      const items = params.items as { price?: string }[] | undefined;
      const price = get(String(items?.[0]?.price), 'price');
      if (!price) return missing('price');
      const method = String(params.default_payment_method ?? params.default_source ?? '');
      const pm = paymentMethodFor(method);
      if (!pm) return invalid('This customer has no attached payment source or default payment method.');
      const behaviour = behaviours.get(pm.id) ?? 'ok';
      if (behaviour !== 'ok' && params.payment_behavior === 'error_if_incomplete') {
        return cardError('card_declined', 'Your card was declined.');
      }
      const interval = (price.recurring as { interval: string }).interval;
      const end = now() + (interval === 'year' ? 365 : 30) * 86_400;
      return {
        status: 200,
        body: put({
          id: id('sub'),
          object: 'subscription',
          customer: customer.id,
          status: 'active',
          metadata: params.metadata ?? {},
          items: { object: 'list', data: [{ id: id('si'), price, current_period_end: end }] },
        }),
      };
    }
    m = at.match(/^GET \/v1\/subscriptions\/(sub_\w+)$/);
    if (m) {
      const sub = get(m[1] as string, 'subscription');
      return sub ? { status: 200, body: sub } : missing('subscription');
    }
    if (at === 'POST /v1/financial_connections/sessions') {
      const holder = params.account_holder as { customer?: string } | undefined;
      if (!holder?.customer || !get(holder.customer, 'customer')) return missing('customer');
      const session = put({ id: id('fcsess'), object: 'financial_connections.session' });
      return { status: 200, body: { ...session, client_secret: `${session.id}_secret_${id('x')}` } };
    }
    return invalid(`Unrecognized request URL (${method}: ${path})`, undefined, 404);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      const text = Buffer.concat(chunks).toString('utf8');
      const send = (answer: Answer) => {
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(answer.body));
      };
      if (req.headers.authorization !== `Bearer ${STAND_IN_KEY}`) {
        return send({
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        });
      }
      if (method === 'POST' && text && req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
        problems.push(`${method} ${url.pathname}: content-type ${req.headers['content-type']}`);
      }
      const params = method === 'POST' ? parseForm(text) : parseForm(url.search.slice(1));
      const key = req.headers['idempotency-key'] as string | undefined;
      const at = `${method} ${url.pathname}`;
      requests.push({ method, path: url.pathname, params, idempotencyKey: key });
      if (MONEY_MOVING.some((pattern) => pattern.test(at))) {
        if (!key || key.startsWith('stripe-node-retry-')) {
          problems.push(`${at} without our idempotency key`);
          return send(invalid('stand-in: a call that moves money needs our Idempotency-Key'));
        }
      }
      let answer: Answer;
      const seen = key && method === 'POST' ? idempotent.get(key) : undefined;
      if (seen) {
        answer =
          seen.request === `${at} ${text}`
            ? seen.answer
            : {
                status: 400,
                body: {
                  error: {
                    type: 'idempotency_error',
                    message: 'Keys for idempotent requests can only be used with the same parameters.',
                  },
                },
              };
      } else {
        answer = route(method, url.pathname, params);
        // Stripe keeps the answer for a key, errors included (except its own 500s).
        if (key && method === 'POST') idempotent.set(key, { request: `${at} ${text}`, answer });
      }
      if (dropNext?.pattern.test(at)) {
        dropNext.times -= 1;
        if (dropNext.times <= 0) dropNext = null;
        req.socket.destroy();
        return;
      }
      send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stripe = new Stripe(STAND_IN_KEY);

  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    problems,
    objects,
    /**
     * The next `times` requests matching `pattern` (/^POST \/v1\/payment_intents$/) are done, but their
     * answers are lost (the connection closes). The SDK retries a closed connection once, with the same
     * idempotency key, so losing the answer for good takes two.
     */
    loseAnswerOf(pattern: RegExp, times = 2) {
      dropNext = { pattern, times };
    },
    /** Changes an object as Stripe would on its own (a subscription falling past due, a charge settling). */
    update(objectId: string, changes: Record<string, unknown>) {
      const obj = objects.get(objectId);
      if (!obj) throw new Error(`stand-in: no ${objectId}`);
      Object.assign(obj, changes);
      return obj;
    },
    /** A signed webhook about an object as it is now (or as given), like Stripe sends. */
    webhook(
      type: string,
      object: Record<string, unknown>,
      options: { eventId?: string; secret?: string } = {},
    ) {
      const payload = JSON.stringify({
        id: options.eventId ?? id('evt'),
        object: 'event',
        type,
        created: now(),
        data: { object },
      });
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? STAND_IN_WEBHOOK_SECRET,
      });
      return { payload, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
