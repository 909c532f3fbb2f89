import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '#server/db/client.ts';
import { books } from '#server/db/schema/catalog.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { invariantViolations } from '../support/invariants.ts';
import {
  callServer,
  crashableServerFolder,
  type ServerProcess,
  signInTo,
  signUpTo,
} from '../support/server-process.ts';
import type { TestUser } from '../support/test-app.ts';
import { pngPicture } from '../support/uploads.ts';

// The real server on the embedded PostgreSQL, killed with SIGKILL (app and database both) in the middle of
// a stream of bookings and new listings, then started again on the same folder.
const crashRuns = Number(process.env.CRASH_RUNS ?? 3);
const folder = await crashableServerFolder('bookshelf-crash-');
const { postgresPid, databaseUrl } = folder;
afterAll(() => folder.close());

interface Acknowledged {
  listings: string[];
  bookings: { id: string; bookId: string }[];
}

/** Workers that book and list until the server stops answering; every 2xx answer is remembered. */
async function load(
  target: ServerProcess,
  seller: TestUser,
  buyers: TestUser[],
  imageUrl: string,
  onWrite: (count: number) => void,
) {
  const acknowledged: Acknowledged = { listings: [], bookings: [] };
  const listed = (await (await callServer(target, 'GET', '/api/allbooks?limit=100')).json()) as { _id: string }[];
  const bookable = listed.map((b) => b._id);
  let alive = true;
  const worker = async (n: number) => {
    for (let i = 0; alive; i++) {
      try {
        if ((i + n) % 2 === 0 || bookable.length === 0) {
          const res = await callServer(target, 'POST', '/api/books', {
            as: seller,
            json: {
              bookName: `Crash test ${n}-${i}`,
              originalPrice: 20,
              resalePrice: 8,
              condition: 'Good',
              booksCategory: 'Fiction',
              image: imageUrl,
              phone: '+1 415 555 0199',
              location: 'Test Town',
              description: 'Listed while the server was about to be killed.',
              purchaseYear: '2022-02-02',
            },
          });
          if (res.status === 201) {
            const { insertedId } = (await res.json()) as { insertedId: string };
            acknowledged.listings.push(insertedId);
            bookable.push(insertedId);
          }
        } else {
          const bookId = bookable.splice(Math.floor(Math.random() * bookable.length), 1)[0]!;
          const buyer = buyers[(i + n) % buyers.length]!;
          const res = await callServer(target, 'POST', '/api/booking', {
            as: buyer,
            json: { bookId, contact: '+1 555 0100', meetinglocation: 'Library' },
          });
          if (res.status === 200) {
            const { insertedId } = (await res.json()) as { insertedId: string };
            acknowledged.bookings.push({ id: insertedId, bookId });
          }
        }
        onWrite(acknowledged.listings.length + acknowledged.bookings.length);
      } catch {
        alive = false; // the server is gone
      }
    }
  };
  const workers = Promise.all(Array.from({ length: 8 }, (_, n) => worker(n)));
  return { acknowledged, workers, stop: () => (alive = false) };
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a crash in the middle of writes', { timeout: 180_000 }, () => {
  it(`keeps every acknowledged booking and listing over ${crashRuns} SIGKILLs, and restarts by itself`, async () => {
    let server = await folder.start();
    const seller = await signInTo(server, {
      email: 'seller@bigbookshelf.test',
      password: 'Seller#2026',
      role: 'Seller',
    });
    const buyers = await Promise.all([1, 2, 3, 4].map((n) => signUpTo(server, 'Buyer', `crash-buyer-${n}`)));
    const form = new FormData();
    form.append('image', new File([new Uint8Array(await pngPicture())], 'cover.png', { type: 'image/png' }));
    const uploaded = await callServer(server, 'POST', '/api/upload', { as: seller, body: form });
    expect(uploaded.status).toBe(201);
    const imageUrl = ((await uploaded.json()) as { data: { url: string } }).data.url;

    const checked: Acknowledged = { listings: [], bookings: [] };
    for (let run = 1; run <= crashRuns; run++) {
      const killAfter = 40 + Math.floor(Math.random() * 40);
      const running = server;
      let killed = false;
      const writes = await load(running, seller, buyers, imageUrl, (count) => {
        if (killed || count < killAfter) return;
        killed = true;
        // Both at once, as a power cut would: the app, and PostgreSQL under it.
        process.kill(postgresPid(), 'SIGKILL');
        running.child.kill('SIGKILL');
      });
      await running.exited();
      writes.stop();
      await writes.workers;
      expect(killed).toBe(true);

      server = await folder.start();
      const { db, pool } = connect(databaseUrl(), 2);
      try {
        const { listings, bookings: booked } = writes.acknowledged;
        const foundListings = await db.select({ id: books.id }).from(books).where(inArray(books.id, listings));
        expect(foundListings.length, 'acknowledged listings after the restart').toBe(listings.length);
        if (booked.length > 0) {
          const foundBookings = await db
            .select({ id: bookings.id, bookId: bookings.bookId, status: books.status })
            .from(bookings)
            .innerJoin(
              books,
              inArray(
                books.id,
                booked.map((b) => b.bookId),
              ),
            )
            .where(
              inArray(
                bookings.id,
                booked.map((b) => b.id),
              ),
            );
          expect(new Set(foundBookings.map((b) => b.id)).size, 'acknowledged bookings after the restart').toBe(
            booked.length,
          );
        }
        expect(await invariantViolations(db)).toEqual([]);
      } finally {
        await pool.end();
      }
      // The sessions survived too: a buyer sees an order booked before the crash.
      const sample = writes.acknowledged.bookings.at(-1);
      if (sample) {
        const owner = await Promise.any(
          buyers.map(async (buyer) => {
            const res = await callServer(server, 'GET', `/api/bookingItems/${sample.id}`, { as: buyer });
            if (res.status !== 200) throw new Error(String(res.status));
            return buyer;
          }),
        );
        expect(owner).toBeDefined();
      }
      checked.listings.push(...writes.acknowledged.listings);
      checked.bookings.push(...writes.acknowledged.bookings);
    }
    console.log(
      `crash recovery: ${crashRuns} SIGKILLs of app and PostgreSQL mid-load, ${checked.listings.length} listings and ` +
        `${checked.bookings.length} bookings acknowledged, all of them there after each restart, invariants hold`,
    );
  });
});
