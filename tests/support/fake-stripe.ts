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
  latest_charge: string | null;
  livemode: false;
}

/** An Express account, as much of it as the app reads. */
export interface FakeAccount {
  id: string;
  object: 'account';
  type: 'express';
  email: string | null;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  capabilities: { transfers: 'active' | 'inactive' | 'pending' };
  requirements: { currently_due: string[]; disabled_reason: string | null };
  metadata: Record<string, string>;
}

export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  source_transaction: string | null;
  transfer_group: string | null;
  reversed: boolean;
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
  const accounts = new Map<string, FakeAccount>();
  const accountLinks = new Map<string, { account: string; expiresAt: number }>();
  const transfers = new Map<string, FakeTransfer>();
  const reversals = new Map<string, { id: string; object: 'transfer_reversal'; amount: number; transfer: string }>();
  /** What each connected account paid out to its bank. */
  const bankPayouts = new Map<string, number>();
  /** Answers already given, by Idempotency-Key, as Stripe replays them. */
  const answered = new Map<string, { status: number; body: unknown }>();
  /** What to do, by path, after the next call to it was carried out and before it is answered (e.g. a crash). */
  const beforeAnswer = new Map<string, () => Promise<void>>();
  /** The store's available balance; null for "enough for anything". */
  const platform = { available: null as number | null };
  let counter = 0;

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
    res.end(JSON.stringify(body));
  }

  /** A connected account's balance: transfers to it less their reversals less its payouts to the bank. */
  function accountBalance(accountId: string) {
    let balance = -(bankPayouts.get(accountId) ?? 0);
    for (const transfer of transfers.values()) {
      if (transfer.destination === accountId) balance += transfer.amount - transfer.amount_reversed;
    }
    return balance;
  }

  /** Connect's calls: accounts, account links, transfers and their reversals, balance. */
  function handleConnect(req: IncomingMessage, res: ServerResponse, path: string, form: URLSearchParams): boolean {
    const key = req.headers['idempotency-key'] as string | undefined;
    const replay = key ? answered.get(`${path}:${key}`) : undefined;
    if (replay) {
      send(res, replay.status, replay.body);
      return true;
    }
    const answer = (status: number, body: unknown) => {
      if (key) answered.set(`${path}:${key}`, { status, body });
      const hold = beforeAnswer.get(path);
      beforeAnswer.delete(path);
      if (hold) void hold().then(() => !res.destroyed && send(res, status, body));
      else send(res, status, body);
      return true;
    };
    const fail = (code: string, message: string) =>
      answer(400, { error: { type: 'invalid_request_error', code, message } });
    if (req.method === 'POST' && path === '/v1/accounts') {
      const id = `acct_fake${String(++counter).padStart(6, '0')}`;
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const field = /^metadata\[(.+)\]$/.exec(name)?.[1];
        if (field) metadata[field] = value;
      }
      const account: FakeAccount = {
        id,
        object: 'account',
        type: 'express',
        email: form.get('email'),
        details_submitted: false,
        payouts_enabled: false,
        charges_enabled: false,
        capabilities: { transfers: 'inactive' },
        requirements: {
          currently_due: ['external_account', 'tos_acceptance.date'],
          disabled_reason: 'requirements.past_due',
        },
        metadata,
      };
      accounts.set(id, account);
      return answer(200, account);
    }
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && account) {
      const found = accounts.get(account[1]!);
      if (!found) return fail('resource_missing', `No such account: '${account[1]}'`);
      send(res, 200, found);
      return true;
    }
    if (req.method === 'POST' && path === '/v1/account_links') {
      const target = form.get('account') ?? '';
      if (!accounts.has(target)) return fail('resource_missing', `No such account: '${target}'`);
      if (!form.get('refresh_url') || !form.get('return_url'))
        return fail('parameter_missing', 'Missing refresh_url or return_url');
      const expiresAt = Math.floor(Date.now() / 1000) + 300;
      const url = `https://connect.stripe.test/setup/e/${target}/${++counter}`;
      accountLinks.set(url, { account: target, expiresAt });
      return answer(200, { object: 'account_link', url, created: expiresAt - 300, expires_at: expiresAt });
    }
    if (req.method === 'POST' && path === '/v1/transfers') {
      const amount = Number(form.get('amount'));
      const destination = accounts.get(form.get('destination') ?? '');
      if (!destination) return fail('resource_missing', `No such destination: '${form.get('destination')}'`);
      if (destination.capabilities.transfers !== 'active') {
        return fail(
          'insufficient_capabilities_for_transfer',
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        );
      }
      if (platform.available !== null && platform.available < amount) {
        return fail('balance_insufficient', 'You have insufficient available funds in your Stripe account.');
      }
      const source = form.get('source_transaction');
      if (source && ![...intents.values()].some((intent) => intent.latest_charge === source)) {
        return fail('resource_missing', `No such charge: '${source}'`);
      }
      if (platform.available !== null) platform.available -= amount;
      const transfer: FakeTransfer = {
        id: `tr_fake${String(++counter).padStart(6, '0')}`,
        object: 'transfer',
        amount,
        amount_reversed: 0,
        currency: form.get('currency') ?? '',
        destination: destination.id,
        source_transaction: source,
        transfer_group: form.get('transfer_group'),
        reversed: false,
      };
      transfers.set(transfer.id, transfer);
      return answer(200, transfer);
    }
    const reversal = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (req.method === 'POST' && reversal) {
      const transfer = transfers.get(reversal[1]!);
      if (!transfer) return fail('resource_missing', `No such transfer: '${reversal[1]}'`);
      const amount = Number(form.get('amount') ?? transfer.amount - transfer.amount_reversed);
      if (amount > transfer.amount - transfer.amount_reversed) {
        return fail('transfer_already_reversed', 'This transfer has already been reversed.');
      }
      if (accountBalance(transfer.destination) < amount) {
        return fail('balance_insufficient', 'Insufficient funds in the connected account to reverse this transfer.');
      }
      transfer.amount_reversed += amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      if (platform.available !== null) platform.available += amount;
      const made = {
        id: `trr_fake${String(++counter).padStart(6, '0')}`,
        object: 'transfer_reversal' as const,
        amount,
        transfer: transfer.id,
      };
      reversals.set(made.id, made);
      return answer(200, made);
    }
    if (req.method === 'GET' && path === '/v1/balance') {
      const of = req.headers['stripe-account'] as string | undefined;
      const amount = of ? accountBalance(of) : (platform.available ?? 1_000_000_000);
      send(res, 200, { object: 'balance', available: [{ amount, currency: 'usd' }], pending: [], livemode: false });
      return true;
    }
    return false;
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
        latest_charge: null,
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
    if (handleConnect(req, res, path, new URLSearchParams(raw))) return;
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
    /**
     * The next call to `path` (a Connect call, e.g. `/v1/transfers`) is carried out, then `act` runs before the
     * answer is sent (when the caller is still there to receive it).
     */
    beforeAnswering(path: string, act: () => Promise<void>) {
      beforeAnswer.set(path, act);
    },
    /** The card was confirmed in the browser. */
    succeed(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no fake intent ${id}`);
      intent.status = 'succeeded';
      intent.latest_charge = `ch_fake${String(++counter).padStart(6, '0')}`;
      return intent;
    },
    accounts,
    accountLinks,
    transfers,
    reversals,
    platform,
    /** The seller finished Express onboarding: transfers and payouts enabled. */
    completeOnboarding(accountId: string) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no fake account ${accountId}`);
      Object.assign(account, {
        details_submitted: true,
        payouts_enabled: true,
        charges_enabled: true,
        capabilities: { transfers: 'active' },
        requirements: { currently_due: [], disabled_reason: null },
      });
      return account;
    },
    /** Stripe restricted the account (e.g. a document is due): no more transfers to it. */
    restrict(accountId: string, due = 'individual.verification.document') {
      const account = accounts.get(accountId)!;
      Object.assign(account, {
        payouts_enabled: false,
        capabilities: { transfers: 'inactive' },
        requirements: { currently_due: [due], disabled_reason: 'requirements.past_due' },
      });
      return account;
    },
    /** The account's automatic payout took its whole balance to its bank. */
    payOut(accountId: string) {
      const balance = accountBalance(accountId);
      bankPayouts.set(accountId, (bankPayouts.get(accountId) ?? 0) + balance);
      return balance;
    },
    accountBalance,
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
