import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, createCategory } from '../support/factories.ts';
import { type LiveServer, listen } from '../support/live-server.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

// Journey: three people on one home address (one IP) browse the store, signed in, over real sockets with the
// sign-in limits on as in production. Five minutes of browsing is about one page every ten seconds each: thirty
// pages a person, each page asking for the session, its data, the bell's count and, now and then, their orders.
// The same requests are sent without the minutes between them; nobody is signed out or refused with 429.

const minutes = 5;
const pagesPerMinute = 6;

describe('three people on one address', { timeout: 120_000 }, () => {
  let t: TestApp;
  let live: LiveServer;
  let people: TestUser[];
  let bookIds: string[];
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: 'on' });
    live = await listen(t);
    people = [
      await live.signUp('Buyer', 'home-a'),
      await live.signUp('Buyer', 'home-b'),
      await live.signUp('Seller', 'home-c'),
    ];
    const seller = await t.newUser('Seller');
    const category = await createCategory(t.db, { name: 'Home reading' });
    bookIds = [];
    for (let i = 0; i < 6; i++) {
      bookIds.push(
        (await createBook(t.db, { sellerId: seller.id, categoryId: category.id, bookName: `Home book ${i}` })).id,
      );
    }
    t.sawWrites();
  });
  afterAll(async () => {
    await live.close();
    await t.close();
  });

  /** What one page load asks for, by the page the person opens (the n-th of their visit). */
  function pageLoad(person: TestUser, n: number): string[] {
    const book = bookIds[n % bookIds.length]!;
    const common = ['/api/auth/get-session', '/api/notifications/unread-count'];
    switch (n % 5) {
      case 0:
        return [...common, '/api/books/addvertise?page=1&limit=8', '/api/booksCategory'];
      case 1:
        return [...common, '/api/search?q=home&page=1&limit=20', '/api/booksCategory'];
      case 2:
        return [...common, `/api/books/item/${book}`, `/api/books/item/${book}/related`];
      case 3:
        return [...common, `/api/wishList/${encodeURIComponent(person.email)}?page=1&limit=10`, '/api/users/me'];
      default:
        return [...common, '/api/allbooks?page=1&limit=20', '/api/wanted?page=1&limit=10'];
    }
  }

  it(`browse for ${minutes} minutes of pages without a sign-out or a 429`, async () => {
    const statuses: Record<string, number> = {};
    let sessionChecks = 0;
    for (let n = 0; n < minutes * pagesPerMinute; n++) {
      // The three load their pages at about the same moment, each page's calls side by side as a browser sends them.
      await Promise.all(
        people.map(async (person) => {
          const answers = await Promise.all(pageLoad(person, n).map((path) => live.call('GET', path, { as: person })));
          for (const [i, res] of answers.entries()) {
            const path = pageLoad(person, n)[i]!;
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            expect(res.status, `${person.email} GET ${path}`).toBe(200);
            if (path === '/api/auth/get-session') {
              sessionChecks += 1;
              // Still signed in as themselves: a null session would show the Login form.
              expect(((await res.json()) as { user: { email: string } } | null)?.user.email).toBe(person.email);
            } else {
              await res.arrayBuffer();
            }
          }
        }),
      );
    }
    expect(sessionChecks).toBe(3 * minutes * pagesPerMinute);
    expect(Object.keys(statuses)).toEqual(['200']);
    expect(statuses[200]).toBe(3 * minutes * pagesPerMinute * 4);

    // After all that, each still has their session.
    for (const person of people) {
      const res = await live.call('GET', '/api/auth/get-session', { as: person });
      expect(((await res.json()) as { user: { email: string } }).user.email).toBe(person.email);
    }
  });
});
