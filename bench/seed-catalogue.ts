import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import type pg from 'pg';
import { renderCover } from '#server/db/seed/covers.ts';
import { createImageWork } from '#server/features/uploads/image-work.ts';
import { storeImage } from '#server/features/uploads/stored-image.ts';
import { createLocalDiskStorage } from '#server/storage/local-disk.ts';

export const benchPassword = 'Bench#2026';

const categoryNames = [
  'Art',
  'Biography',
  'Business',
  'Children',
  'Comics',
  'Cooking',
  'Fantasy',
  'Fiction',
  'Health',
  'History',
  'Mystery',
  'Philosophy',
  'Poetry',
  'Religion',
  'Romance',
  'Science',
  'Science Fiction',
  'Self-Help',
  'Sports',
  'Travel',
];

export interface Catalogue {
  categories: { id: string; name: string; image: string; thumbnail: string }[];
  sellerIds: string[];
  /** In the order of `sellerIds`. */
  sellerEmails: string[];
  /** Buyer e-mails in order; the first ones hold the seeded bookings. */
  buyerEmails: string[];
  adminEmail: string;
}

/**
 * Users in one statement each: every account gets a copy of one password hash made by Better Auth,
 * so all of them can sign in with `benchPassword`.
 */
async function seedUsers(pool: pg.Pool, users: number): Promise<Omit<Catalogue, 'categories'>> {
  const sellers = Math.max(1, Math.floor(users / 10));
  const hash = await hashPassword(benchPassword);
  await pool.query(
    `insert into "user" (id, name, email, email_verified, role, verified)
     select md5('bench-user-' || i)::uuid::text,
            case when i = 1 then 'Bench Admin' when i <= 1 + $2 then 'Seller ' || (i - 1) else 'Buyer ' || (i - 1 - $2) end,
            case when i = 1 then 'admin@bench.test'
                 when i <= 1 + $2 then 'seller' || lpad((i - 1)::text, 4, '0') || '@bench.test'
                 else 'buyer' || lpad((i - 1 - $2)::text, 4, '0') || '@bench.test' end,
            true,
            case when i = 1 then 'Admin' when i <= 1 + $2 then 'Seller' else 'Buyer' end,
            i <= 1 + $2 and i % 2 = 0
     from generate_series(1, $1) as i`,
    [users, sellers],
  );
  await pool.query(
    `insert into account (id, account_id, provider_id, user_id, password)
     select md5('bench-account-' || u.id)::uuid::text, u.id, 'credential', u.id, $1 from "user" u`,
    [hash],
  );
  const sellerRows = await pool.query<{ id: string; email: string }>(
    `select id, email from "user" where role = 'Seller' order by email`,
  );
  const buyerRows = await pool.query<{ email: string }>(`select email from "user" where role = 'Buyer' order by email`);
  return {
    sellerIds: sellerRows.rows.map((r) => r.id),
    sellerEmails: sellerRows.rows.map((r) => r.email),
    buyerEmails: buyerRows.rows.map((r) => r.email),
    adminEmail: 'admin@bench.test',
  };
}

/** One drawn cover per category, stored where the app server serves its images from. */
async function seedCategories(pool: pg.Pool, count: number, dataDir: string): Promise<Catalogue['categories']> {
  const storage = createLocalDiskStorage(path.join(dataDir, 'images'));
  const target = { storage, imageWork: createImageWork({ concurrency: 1, maxWaiting: 0 }) };
  const result: Catalogue['categories'] = [];
  for (const [index, name] of categoryNames.slice(0, count).entries()) {
    const hue = Math.round((index * 360) / count);
    const cover = await storeImage(target, await renderCover(`${name} shelf`, 'Bench Press', `hsl(${hue}, 45%, 30%)`));
    const { rows } = await pool.query<{ id: string }>('insert into categories (name) values ($1) returning id', [name]);
    result.push({ id: rows[0]!.id, name, image: cover.url, thumbnail: cover.thumbnail });
  }
  return result;
}

export async function seedPeopleAndCategories(
  pool: pg.Pool,
  options: { users: number; categories: number; dataDir: string },
): Promise<Catalogue> {
  const people = await seedUsers(pool, options.users);
  const categories = await seedCategories(pool, options.categories, options.dataDir);
  return { categories, ...people };
}

/** Title words: a title is an adjective and a noun, so each noun is in 2% of the titles (a common word). */
const adjectives = [
  'Silent',
  'Hidden',
  'Golden',
  'Broken',
  'Distant',
  'Burning',
  'Frozen',
  'Secret',
  'Wild',
  'Quiet',
  'Lost',
  'Crimson',
  'Endless',
  'Gentle',
  'Iron',
  'Last',
  'Midnight',
  'Northern',
  'Paper',
  'Restless',
];
const nouns = [
  'Garden',
  'River',
  'Empire',
  'Harbour',
  'Mountain',
  'Kingdom',
  'Letters',
  'Orchard',
  'Voyage',
  'Winter',
  'Forest',
  'Island',
  'Lighthouse',
  'Machine',
  'Promise',
  'Shadows',
  'Station',
  'Summer',
  'Tide',
  'Valley',
  'Bridge',
  'Castle',
  'Dragon',
  'Engine',
  'Festival',
  'Glass',
  'Horizon',
  'Journey',
  'Lantern',
  'Meadow',
  'Notebook',
  'Ocean',
  'Palace',
  'Question',
  'Railway',
  'Sailor',
  'Theatre',
  'Universe',
  'Village',
  'Wanderer',
  'Academy',
  'Border',
  'Cathedral',
  'Desert',
  'Frontier',
  'Garrison',
  'Hunter',
  'Inventor',
  'Jungle',
  'Labyrinth',
];
const firstNames = ['Ada', 'Bruno', 'Chiara', 'Dmitri', 'Elena', 'Farid', 'Greta', 'Hiro', 'Ines', 'José'];
const lastNames = ['Álvarez', 'Brennan', 'Castellanos', 'Dubois', 'Eriksen', 'Fischer', 'Gallagher', 'Hoffmann'];
/** In one title of 10,007: a rare word. */
export const rareTitleWord = 'Zanzibar';
/** What the bench searches for: a word in 2% of the titles, a rare word, and a typo of the common word. */
export const benchSearches = { common: 'garden', rare: rareTitleWord.toLowerCase(), typo: 'gardn' };

/**
 * Books number `from`..`to` (1-based) in one statement, spread over the categories and sellers;
 * later numbers are posted later, 2% are advertised and 0.1% reported. Titles, authors and descriptions come
 * from word lists, so that a search finds a realistic share of them.
 */
export async function addBooks(pool: pg.Pool, catalogue: Catalogue, from: number, to: number): Promise<void> {
  if (to < from) return;
  await pool.query(
    `insert into books (seller_id, category_id, book_name, original_price_cents, resale_price_cents, condition,
                        image, thumbnail, phone, location, description, purchase_year, advertised, reported, post_date,
                        author)
     select ($3::text[])[1 + i % cardinality($3::text[])],
            ($4::uuid[])[1 + i % cardinality($4::uuid[])],
            ($7::text[])[1 + i % cardinality($7::text[])] || ' ' || ($8::text[])[1 + (i / 20) % cardinality($8::text[])]
              || case when i % 10007 = 0 then ' of ' || $11 else '' end || ' ' || i,
            1000 + i % 4000,
            500 + i % 2000,
            (array['Excellent', 'Good', 'Fair'])[1 + i % 3],
            ($5::text[])[1 + i % cardinality($5::text[])],
            ($6::text[])[1 + i % cardinality($6::text[])],
            '+1 555 01' || lpad((i % 100)::text, 2, '0'),
            (array['Springfield', 'Riverside', 'Fairview', 'Greenville'])[1 + i % 4],
            'A well kept second-hand copy, number ' || i || ', clean pages and a tight binding.',
            date '2015-01-01' + i % 3650,
            i % 50 = 0,
            i % 1000 = 7,
            timestamptz '2026-01-01 00:00:00+00' + i * interval '1 minute',
            ($9::text[])[1 + i % cardinality($9::text[])] || ' ' || ($10::text[])[1 + (i / 10) % cardinality($10::text[])]
     from generate_series($1::int, $2::int) as i`,
    [
      from,
      to,
      catalogue.sellerIds,
      catalogue.categories.map((c) => c.id),
      catalogue.categories.map((c) => c.image),
      catalogue.categories.map((c) => c.thumbnail),
      adjectives,
      nouns,
      firstNames,
      lastNames,
      rareTitleWord,
    ],
  );
}

/**
 * `count` bookings of the oldest available books, spread ten per buyer over the first buyers,
 * so the first buyer's My Orders has a page of bookings.
 */
export async function addBookings(pool: pg.Pool, catalogue: Catalogue, count: number): Promise<void> {
  const buyers = catalogue.buyerEmails.slice(0, Math.max(1, Math.ceil(count / 10)));
  await pool.query(
    `with picked as (
       select id, book_name, resale_price_cents, row_number() over (order by post_date) - 1 as n
       from books where status = 'Available' and not reported order by post_date limit $1
     ), booked as (
       update books set status = 'Booked' where id in (select id from picked)
     )
     insert into bookings (book_id, buyer_id, email, book_name, price_cents, contact, meeting_location)
     select p.id, u.id, u.email, p.book_name, p.resale_price_cents, '+1 555 0199', 'Library steps'
     from picked p join "user" u on u.email = ($2::text[])[1 + p.n % cardinality($2::text[])]`,
    [count, buyers],
  );
}

/**
 * Vacuums, analyzes and checkpoints after a bulk load, so that no background pass over the new rows
 * (autovacuum, a timed checkpoint) runs while the load generator measures.
 */
export async function settle(pool: pg.Pool): Promise<void> {
  await pool.query('vacuum (analyze)');
  await pool.query('checkpoint');
}

/** Available, unreported books the booking benchmark may book, oldest first. */
export async function bookableBooks(pool: pg.Pool): Promise<{ id: string; bookName: string; price: number }[]> {
  const { rows } = await pool.query<{ id: string; book_name: string; resale_price_cents: number }>(
    `select id, book_name, resale_price_cents from books where status = 'Available' and not reported order by post_date`,
  );
  return rows.map((r) => ({ id: r.id, bookName: r.book_name, price: r.resale_price_cents / 100 }));
}
