import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import type { Child } from './children.ts';
import { ensurePortFree, startNodeChild, waitForHttp } from './children.ts';

/**
 * The yardstick of a booking: plain node:http that makes, for each POST, the rows a booking must make, in one
 * prepared statement on the store's own tables (so the same indexes and triggers), through a pool as big as the
 * store's (db/open.ts): the book's conditional update from Available to Booked, the booking with its foreign keys,
 * its staged `expire-hold` job, and the seller's and the buyer's messages in the outbox as the store writes them
 * (template and data, ADR 032). No framework, no session, no reading of the book first, no mail sent.
 *
 * The messages are written as sent (`sent_at` is the statement's `now()`, as `created_at` is): the store's sender,
 * running beside it, must not send them, and the bench's count of the store's mail must not hold them. So it writes
 * no `send-mail` job either. What the store writes and this does not: that job (one staged row per message) and
 * the unsent outbox index's entry of each message. Its `expire-hold` jobs are moved into the job queue by the
 * store's job runner, running beside it, as the store's own are: that work falls in this server's turns.
 */

/** What the bench sends for one booking. */
export interface BareBooking {
  bookId: string;
  buyerId: string;
  buyerEmail: string;
  buyerName: string;
  bookName: string;
  priceCents: number;
  contact: string;
  meetingLocation: string;
}

/** The store's pool size (db/open.ts). */
const poolSize = 20;
/** The store's BOOKING_HOLD and CURRENCY defaults. */
const holdMs = 48 * 3_600_000;
const currency = 'USD';

const statement = `
  with booked as (
    update books set status = 'Booked'
    where id = $1 and status = 'Available' and not hidden
    returning id, seller_id, book_name, resale_price_cents
  ), inserted as (
    insert into bookings (book_id, buyer_id, email, book_name, price_cents, contact, meeting_location, hold_until)
    select id, $2, $3, book_name, resale_price_cents, $4, $5, $6::timestamptz from booked
    returning id, hold_until
  ), staged as (
    insert into staged_jobs (task, payload, run_at, job_key)
    select 'expire-hold', json_build_object('bookingId', id), hold_until, 'expire-hold:' || id from inserted
  ), told_seller as (
    insert into mail_outbox (template, kind, user_id, to_address, to_name, data, language, sent_at)
    select 'booking-made', 'orders', u.id, u.email, u.name, $7::jsonb, 'en', now()
    from "user" u join booked on u.id = booked.seller_id
  ), told_buyer as (
    insert into mail_outbox (template, kind, user_id, to_address, to_name, data, language, sent_at)
    select 'booking-confirmed', 'orders', u.id, u.email, u.name, $8::jsonb, 'en', now()
    from "user" u where u.id = $2 and exists (select 1 from booked)
  )
  select id from inserted`;

/** The statement's values for a booking: the messages' data as bookings.mail.ts writes it. */
function valuesOf(b: BareBooking): unknown[] {
  const holdUntil = new Date(Date.now() + holdMs).toISOString();
  const toSeller = { bookName: b.bookName, buyerName: b.buyerName, phone: b.contact, meetingPlace: b.meetingLocation };
  const toBuyer = {
    amountCents: b.priceCents,
    currency,
    bookName: b.bookName,
    holdUntil,
    meetingPlace: b.meetingLocation,
  };
  return [
    b.bookId,
    b.buyerId,
    b.buyerEmail,
    b.contact,
    b.meetingLocation,
    holdUntil,
    JSON.stringify(toSeller),
    JSON.stringify(toBuyer),
  ];
}

export async function startBareBookingServer(
  port: number,
  databaseUrl: string,
): Promise<{ url: string; child: Child }> {
  await ensurePortFree(port);
  const env = { BARE_BOOKING_PORT: String(port), BARE_BOOKING_DATABASE_URL: databaseUrl };
  const child = startNodeChild('the bare booking server', [import.meta.filename], env);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(child, `${url}/`);
  return { url, child };
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

if (process.argv[1] === import.meta.filename) {
  const pool = new pg.Pool({ connectionString: process.env.BARE_BOOKING_DATABASE_URL, max: poolSize });
  pool.on('error', () => {});
  const answer = (res: ServerResponse, status: number, body: object) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const server = createServer((req, res) => {
    if (req.method !== 'POST') return answer(res, 200, { status: 'ok', service: 'bare booking' });
    bodyOf(req)
      .then((text) =>
        pool.query<{ id: string }>({ name: 'bare-booking', text: statement, values: valuesOf(JSON.parse(text)) }),
      )
      .then(({ rows }) =>
        rows[0] ? answer(res, 201, { id: rows[0].id }) : answer(res, 409, { error: 'not available' }),
      )
      .catch((error: unknown) => answer(res, 500, { error: String(error) }));
  });
  server.listen(Number(process.env.BARE_BOOKING_PORT), '127.0.0.1');
  process.on('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => void pool.end().finally(() => process.exit(0)));
  });
}
