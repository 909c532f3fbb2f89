import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[];
  livemode: false;
}

export const fakeStripeKeys = {
  STRIPE_SECRET_KEY: 'sk_test_fake_secret',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_publishable',
  STRIPE_WEBHOOK_SECRET: 'whsec_fake_webhook_secret',
};

/**
 * A local HTTP server answering the few Stripe API calls the app makes (create, retrieve and cancel a
 * PaymentIntent, refund one), so the real Stripe SDK can be pointed at it. `succeed` plays the part of Stripe.js confirming a card.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  /** Refunds by the PaymentIntent they give back (one whole refund each, as the app asks). */
  const refunds = new Map<string, { id: string; amount: number; payment_intent: string }>();
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  let counter = 0;

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
    res.end(JSON.stringify(body));
  }

  const missing = (res: ServerResponse, id: string) =>
    send(res, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${id}'`,
      },
    });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method ?? '', path, idempotencyKey });
    if (req.headers.authorization !== `Bearer ${fakeStripeKeys.STRIPE_SECRET_KEY}`) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) return send(res, 200, intents.get(known));
      const form = new URLSearchParams(raw);
      if (Number(form.get('amount')) < 50) {
        return send(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_small',
            param: 'amount',
            message: 'Amount must be at least $0.50 usd',
          },
        });
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
        if (name) metadata[name] = value;
      }
      const id = `pi_fake${String(++counter).padStart(6, '0')}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_fake${counter}`,
        metadata,
        allowed_payment_method_types: form.getAll('allowed_payment_method_types[0]'),
        livemode: false,
      };
      intents.set(id, intent);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
      return send(res, 200, intent);
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (req.method === 'POST' && cancel) {
      const intent = intents.get(cancel[1]!);
      if (!intent) return missing(res, cancel[1]!);
      if (intent.status === 'succeeded' || intent.status === 'processing') {
        return send(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          },
        });
      }
      intent.status = 'canceled';
      return send(res, 200, intent);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const intentId = new URLSearchParams(raw).get('payment_intent') ?? '';
      const intent = intents.get(intentId);
      if (!intent) return missing(res, intentId);
      if (intent.status !== 'succeeded') {
        return send(res, 400, {
          error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This charge was not paid.' },
        });
      }
      const refund = refunds.get(intentId) ?? {
        id: `re_fake${String(++counter).padStart(6, '0')}`,
        object: 'refund',
        amount: intent.amount,
        currency: intent.currency,
        payment_intent: intentId,
        status: 'succeeded',
      };
      refunds.set(intentId, refund);
      return send(res, 200, refund);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      return intent ? send(res, 200, intent) : missing(res, retrieve[1]!);
    }
    send(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => send(res, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    /** The card was confirmed in the browser. */
    succeed(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no fake intent ${id}`);
      intent.status = 'succeeded';
      return intent;
    },
    /** A webhook body and its Stripe-Signature header, signed like Stripe does. */
    signedEvent(event: { id: string; type: string; object: unknown }, secret = fakeStripeKeys.STRIPE_WEBHOOK_SECRET) {
      const payload = JSON.stringify({
        id: event.id,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        type: event.type,
        data: { object: event.object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      return { payload, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
