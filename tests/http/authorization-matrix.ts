import type { Policy } from '#server/policies/policies.ts';

/**
 * THE authorization matrix: every API call × every kind of caller, with the status each must get.
 * `authorization-matrix.test.ts` drives it against a listening server with real sign-ins; a route the
 * server has and this table lacks (or the other way round) fails the suite.
 *
 * Owners: `seller` owns every book a row acts on, `buyer` owns every booking and is the user a self-or-admin
 * row asks about; `otherBuyer` and `otherSeller` are the same roles without the ownership. `closed` is an admin
 * who signed in (a session cookie and a bearer token) and was then closed by another admin: every cell is sent with each of its
 * credentials, and they count for nothing, so it gets what `anonymous` gets. Each cell gets fresh resources, so
 * the cells do not depend on one another.
 */

export const actors = ['anonymous', 'buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin', 'closed'] as const;
export type Actor = (typeof actors)[number];

/** Fresh resources for one cell, made on first use. */
export interface Fixture {
  buyerEmail: string;
  /** `buyer`'s user id. */
  buyerId: string;
  sellerEmail: string;
  categoryName: string;
  /** An Available book of `seller`. */
  book(): Promise<string>;
  /** Two more Available books of `seller` (10.00 each), for a bundle. */
  bundleBooks(): Promise<string[]>;
  /** A book of `seller`, reported by someone. */
  reportedBook(): Promise<string>;
  /** An unpaid booking of `buyer` (of a Booked book of `seller`). */
  booking(): Promise<{ id: string; bookId: string }>;
  /** A Sold book of `seller`, paid for by `buyer`. */
  paidBook(): Promise<string>;
  /** That paid order of `buyer`, and its handover code. */
  paidOrder(): Promise<{ id: string; code: string }>;
  /** That paid order, handed over just now: both parties may review it. */
  handedOverOrder(): Promise<string>;
  /** A published review of `seller` by `buyer` (of that order, reviewed both ways). */
  publishedReview(): Promise<string>;
  /** `seller`'s id: their public page. */
  sellerId: string;
  /** That paid order, with the buyer's problem report awaiting an admin. */
  problemOrder(): Promise<string>;
  /** The client secret of an open payment of `buyer`'s booking. */
  clientSecret(): Promise<string>;
  /** A booking of `buyer` and a succeeded, not yet recorded, payment of it. */
  succeededPayment(): Promise<{ bookingId: string; transactionId: string }>;
  /** A picture stored by the upload service, uploaded by the cell's caller (a listing takes only its seller's). */
  imageUrl(): Promise<string>;
  /** A user nobody else in the table is: an unverified Seller. */
  targetUser(): Promise<string>;
  /** An admin nobody else in the table is, made from a seller. */
  targetAdmin(): Promise<string>;
  /** The signed token of the unsubscribe link in a mail to `buyer` about orders, sent now (their links' version). */
  unsubscribeToken(): Promise<string>;
  /** Another such user, whom an admin has banned from reporting. */
  bannedReporter(): Promise<string>;
  /** An entry of `buyer`'s Wanted list, and a notification of `buyer`. */
  wantedEntry(): Promise<string>;
  notification(): Promise<string>;
  /** A shelf import of `seller`, read. */
  shelfImport(): Promise<string>;
  /** A draft of `seller`, and one of `seller`'s ready to publish (its photo uploaded by `seller`). */
  draft(): Promise<string>;
  readyDraft(): Promise<string>;
  /** `buyer`'s conversation with `seller` about a book of `seller`'s, and a message `seller` wrote in it. */
  conversation(): Promise<{ id: string; bookId: string; messageId: number }>;
  /** That message, reported by `buyer`. */
  reportedMessage(): Promise<number>;
}

export interface CellRequest {
  path: string;
  json?: unknown;
  /** Send a small PNG as the multipart field `image`. */
  multipart?: true;
  headers?: Record<string, string>;
}

export interface Row {
  route: string;
  request(f: Fixture): Promise<CellRequest> | CellRequest;
  /** Statuses for [anonymous, buyer, otherBuyer, seller, otherSeller, admin, closed]. */
  expect: readonly [number, number, number, number, number, number, number];
  /** The rule of `src/server/policies/policies.ts` the call asks for the record: its refusal is the 403 a caller who
   * may call the route but not touch this record gets. */
  policy?: Policy;
  /** The answer is an endless stream (server-sent events): only its status is read, then the connection dropped. */
  stream?: true;
  /** Part of the answer a caller must get, for calls whose answer (not status) depends on the caller. */
  answer?: (actor: Actor) => Record<string, unknown>;
}

const page = '?page=1&limit=5';
const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const onlyBuyer = (actor: Actor) => ({ modifiedCount: actor === 'buyer' ? 1 : 0 });

// biome-ignore format: the matrix reads as a table, one call a line
export const matrix: Row[] = [
  //                                                                                 anon  buyer  other  seller other  admin  closed
  // Public reads
  { route: 'GET /api/health', request: () => ({ path: '/api/health' }),                                  expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/ready', request: () => ({ path: '/api/ready' }),                                    expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/booksCategory', request: () => ({ path: '/api/booksCategory' }),                    expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/auth-providers', request: () => ({ path: '/api/auth-providers' }),                  expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/books/addvertise', request: () => ({ path: `/api/books/addvertise${page}` }),        expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/allbooks', request: () => ({ path: `/api/allbooks${page}` }),                       expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/books/{categoryName}',
    request: (f) => ({ path: `/api/books/${encodeURIComponent(f.categoryName)}${page}` }),              expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/search', request: () => ({ path: `/api/search?q=book&sort=price_asc${page.replace('?', '&')}` }), expect: [200, 200, 200, 200, 200, 200, 200] },
  // The seller's email and phone only for the seller, admins and the buyer of a booking of it (mayReadContact).
  { route: 'GET /api/books/item/{id}', request: async (f) => ({ path: `/api/books/item/${await f.book()}` }), expect: [200, 200, 200, 200, 200, 200, 200],
    answer: (actor) => (actor === 'seller' || actor === 'admin' ? {} : { email: undefined, phone: undefined }) },
  { route: 'GET /api/books/item/{id}/related',
    request: async (f) => ({ path: `/api/books/item/${await f.book()}/related` }),                       expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/openapi.json', request: () => ({ path: '/api/openapi.json' }),                      expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/docs', request: () => ({ path: '/api/docs' }),                                      expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/docs/start.js', request: () => ({ path: '/api/docs/start.js' }),                    expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/docs/*', request: () => ({ path: '/api/docs/swagger-ui.css' }),                     expect: [200, 200, 200, 200, 200, 200, 200] },

  // The caller's own account
  { route: 'GET /api/users/me', request: () => ({ path: '/api/users/me' }),                              expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'PUT /api/users/me',
    request: () => ({ path: '/api/users/me', json: { displayName: 'Renamed', photoURL: '' } }),          expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'GET /api/users/me/meetup',
    request: () => ({ path: '/api/users/me/meetup' }),                                                   expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'PUT /api/users/me/meetup',
    request: () => ({ path: '/api/users/me/meetup', json: { phone: '+1 555 0100', location: 'Library' } }), expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'PUT /api/users/me/language',
    request: () => ({ path: '/api/users/me/language', json: { language: 'es' } }),                    expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'PUT /api/users/me/timeZone',
    request: () => ({ path: '/api/users/me/timeZone', json: { timeZone: 'Europe/Berlin' } }),             expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'POST /api/users/me/photo', request: () => ({ path: '/api/users/me/photo', multipart: true }), expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'POST /api/jwt', request: (f) => ({ path: '/api/jwt', json: { email: f.buyerEmail } }),      expect: [401, 200, 403, 403, 403, 403, 401] },
  { route: 'POST /api/users',
    request: (f) => ({ path: '/api/users', json: { name: 'Saved', email: f.buyerEmail } }),              expect: [401, 200, 403, 403, 403, 403, 401] },
  { route: 'GET /api/users/socialUser/{email}',
    request: (f) => ({ path: `/api/users/socialUser/${f.buyerEmail}` }),                                 expect: [401, 200, 403, 403, 403, 200, 401] },
  { route: 'GET /api/users/admin/{email}', policy: 'account.read', request: (f) => ({ path: `/api/users/admin/${f.buyerEmail}` }), expect: [401, 200, 403, 403, 403, 200, 401] },
  { route: 'GET /api/users/seller/{email}', policy: 'account.read', request: (f) => ({ path: `/api/users/seller/${f.buyerEmail}` }), expect: [401, 200, 403, 403, 403, 200, 401] },
  { route: 'GET /api/users/buyer/{email}', policy: 'account.read', request: (f) => ({ path: `/api/users/buyer/${f.buyerEmail}` }), expect: [401, 200, 403, 403, 403, 200, 401] },
  { route: 'GET /api/users/verified/{email}',
    request: (f) => ({ path: `/api/users/verified/${f.buyerEmail}` }),                                   expect: [401, 200, 403, 403, 403, 200, 401] },

  // Admin's user management
  { route: 'GET /api/users', request: () => ({ path: `/api/users${page}` }),                             expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'GET /api/users/buyer', request: () => ({ path: `/api/users/buyer${page}` }),                 expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'GET /api/users/seller', request: () => ({ path: `/api/users/seller${page}` }),               expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'PUT /api/users/makeAdmin/{id}',
    request: async (f) => ({ path: `/api/users/makeAdmin/${await f.targetUser()}`, json: { role: 'Admin' } }), expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'DELETE /api/users/{id}/admin', request: async (f) => ({ path: `/api/users/${await f.targetAdmin()}/admin` }), expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'PUT /api/users/seller/{id}', request: async (f) => ({ path: `/api/users/seller/${await f.targetUser()}` }), expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'DELETE /api/users/{id}', request: async (f) => ({ path: `/api/users/${await f.targetUser()}` }), expect: [401, 403, 403, 403, 403, 200, 401] },

  // Listings
  { route: 'POST /api/upload', request: () => ({ path: '/api/upload', multipart: true }),                expect: [401, 403, 403, 201, 201, 201, 401] },
  { route: 'POST /api/books',
    request: async (f) => ({
      path: '/api/books',
      json: {
        bookName: 'Matrix book', originalPrice: 20, resalePrice: 8, condition: 'Good', booksCategory: f.categoryName,
        image: await f.imageUrl(), phone: '+1 415 555 0199', location: 'Town', description: 'x', purchaseYear: '2022-02-02',
      },
    }),                                                                                                   expect: [401, 403, 403, 201, 201, 403, 401] },
  { route: 'GET /api/isbn/{isbn}', request: () => ({ path: '/api/isbn/9780140328721' }),              expect: [401, 403, 403, 200, 200, 403, 401] },
  // No lookup of this ISBN suggested a cover in the matrix's store: a seller gets past the guard to the 404.
  { route: 'POST /api/isbn/{isbn}/cover', request: () => ({ path: '/api/isbn/9780140328721/cover' }),    expect: [401, 403, 403, 404, 404, 403, 401] },
  { route: 'GET /api/books', policy: 'book.listOwn', request: (f) => ({ path: `/api/books${page}&email=${f.sellerEmail}` }),     expect: [401, 403, 403, 200, 403, 200, 401] },
  { route: 'GET /api/price-guide', request: () => ({ path: '/api/price-guide?isbn=9780547928227' }),      expect: [401, 403, 403, 200, 200, 403, 401] },
  { route: 'PUT /api/books/{id}', policy: 'book.advertise', request: async (f) => ({ path: `/api/books/${await f.book()}` }),      expect: [401, 403, 403, 200, 403, 403, 401] },
  { route: 'PATCH /api/books/{id}', policy: 'book.edit',
    request: async (f) => ({
      path: `/api/books/${await f.book()}`,
      json: {
        bookName: 'Matrix book, edited', originalPrice: 20, resalePrice: 7, condition: 'Good', booksCategory: f.categoryName,
        image: await f.imageUrl(), phone: '+1 415 555 0199', location: 'Town', description: 'x', purchaseYear: '2022-02-02',
        version: 1,
      },
    }),                                                                                                   expect: [401, 403, 403, 200, 403, 403, 401] },
  { route: 'DELETE /api/books/{id}', policy: 'book.delete', request: async (f) => ({ path: `/api/books/${await f.book()}` }),   expect: [401, 403, 403, 200, 403, 403, 401] },
  { route: 'DELETE /api/booking/books/{id}', policy: 'book.delete', request: async (f) => ({ path: `/api/booking/books/${await f.book()}` }),
                                                                                                          expect: [401, 403, 403, 200, 403, 403, 401],
    answer: () => ({ deletedCount: 0 }) },

  // Reports
  { route: 'PUT /api/books/report/{id}',
    request: async (f) => ({ path: `/api/books/report/${await f.book()}`, json: { reason: 'Looks fake' } }), expect: [401, 200, 200, 403, 200, 200, 401] },
  { route: 'GET /api/reportItems', request: () => ({ path: `/api/reportItems${page}` }),                 expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'DELETE /api/reportItems/{bookId}', request: async (f) => ({ path: `/api/reportItems/${await f.reportedBook()}` }),
                                                                                                          expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'DELETE /api/reportItems/{bookId}/book',
    request: async (f) => ({ path: `/api/reportItems/${await f.reportedBook()}/book` }),                  expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'PUT /api/reporters/{id}/ban', request: async (f) => ({ path: `/api/reporters/${await f.targetUser()}/ban` }),
                                                                                                          expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'DELETE /api/reporters/{id}/ban', request: async (f) => ({ path: `/api/reporters/${await f.bannedReporter()}/ban` }),
                                                                                                          expect: [401, 403, 403, 403, 403, 200, 401] },

  // Bookings
  { route: 'POST /api/booking',
    request: async (f) => ({ path: '/api/booking', json: { bookId: await f.book(), contact: '+1 555 0100' } }), expect: [401, 200, 200, 403, 200, 200, 401] },
  // Bundles (tests/http/bundles.test.ts): two books of `seller`'s at 10.00 each; a seller's own books are refused.
  { route: 'POST /api/bundles/quote',
    request: async (f) => ({ path: '/api/bundles/quote', json: { bookIds: await f.bundleBooks() } }),       expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/bundles',
    request: async (f) => ({ path: '/api/bundles', json: { bookIds: await f.bundleBooks(), contact: '+1 555 0100', total: 20 } }),
                                                                                                          expect: [401, 200, 200, 403, 200, 200, 401] },
  { route: 'GET /api/sellers/{id}/bundle-discount', request: (f) => ({ path: `/api/sellers/${f.sellerId}/bundle-discount` }),
                                                                                                          expect: [200, 200, 200, 200, 200, 200, 200] },
  // A seller's own discount; from 3 books, so the two-book bundles above stay at 20.00.
  { route: 'PUT /api/users/me/bundle-discount',
    request: () => ({ path: '/api/users/me/bundle-discount', json: { percent: 10, minBooks: 3 } }),         expect: [401, 403, 403, 200, 200, 403, 401] },
  { route: 'DELETE /api/users/me/bundle-discount', request: () => ({ path: '/api/users/me/bundle-discount' }),
                                                                                                          expect: [401, 403, 403, 200, 200, 403, 401] },
  { route: 'PUT /api/books/status/{id}',
    request: async (f) => ({ path: `/api/books/status/${(await f.booking()).bookId}` }),                  expect: [401, 200, 200, 200, 200, 200, 401],
    answer: onlyBuyer },
  { route: 'GET /api/wishList/{email}', policy: 'account.read', request: (f) => ({ path: `/api/wishList/${f.buyerEmail}${page}` }), expect: [401, 200, 403, 403, 403, 200, 401] },
  { route: 'DELETE /api/wishList/{id}', policy: 'order.delete', request: async (f) => ({ path: `/api/wishList/${(await f.booking()).id}` }),
                                                                                                          expect: [401, 200, 403, 403, 403, 403, 401] },
  { route: 'PUT /api/books/statusAvailable/{bookId}',
    request: async (f) => ({ path: `/api/books/statusAvailable/${(await f.booking()).bookId}` }),         expect: [401, 200, 200, 200, 200, 200, 401],
    answer: () => ({ modifiedCount: 0 }) },
  { route: 'GET /api/bookingItems/{id}', policy: 'order.read', request: async (f) => ({ path: `/api/bookingItems/${(await f.booking()).id}` }),
                                                                                                          expect: [401, 200, 403, 403, 403, 403, 401] },
  { route: 'POST /api/booking/{id}/cancel', policy: 'booking.cancel',
    request: async (f) => ({ path: `/api/booking/${(await f.booking()).id}/cancel`, json: { reason: 'Matrix' } }),
                                                                                                          expect: [401, 403, 403, 200, 403, 200, 401] },

  // Payments
  { route: 'POST /api/create-payment-intent', policy: 'order.pay',
    request: async (f) => ({ path: '/api/create-payment-intent', json: { bookingId: (await f.booking()).id } }), expect: [401, 200, 403, 403, 403, 403, 401] },
  { route: 'POST /api/payments/test/confirm', policy: 'order.pay',
    request: async (f) => ({ path: '/api/payments/test/confirm', json: { clientSecret: await f.clientSecret(), ...goodCard } }),
                                                                                                          expect: [401, 200, 403, 403, 403, 403, 401] },
  { route: 'POST /api/payments', policy: 'order.pay', request: async (f) => ({ path: '/api/payments', json: await f.succeededPayment() }), expect: [401, 200, 403, 403, 403, 403, 401] },
  { route: 'PUT /api/books/payments/{bookId}', request: async (f) => ({ path: `/api/books/payments/${await f.paidBook()}` }),
                                                                                                          expect: [401, 200, 200, 200, 200, 200, 401],
    answer: onlyBuyer },

  // Handovers (tests/http/handovers.test.ts)
  { route: 'POST /api/handovers/{id}/code', policy: 'order.enterCode',
    request: async (f) => { const { id, code } = await f.paidOrder(); return { path: `/api/handovers/${id}/code`, json: { code } }; },
                                                                                                          expect: [401, 403, 403, 200, 403, 403, 401] },
  { route: 'POST /api/handovers/{id}/problem', policy: 'order.reportProblem',
    request: async (f) => ({ path: `/api/handovers/${(await f.paidOrder()).id}/problem`, json: { reason: 'Matrix' } }),
                                                                                                          expect: [401, 200, 403, 403, 403, 403, 401] },
  { route: 'GET /api/handoverProblems', request: () => ({ path: `/api/handoverProblems${page}` }),       expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'POST /api/handoverProblems/{id}/refund',
    request: async (f) => ({ path: `/api/handoverProblems/${await f.problemOrder()}/refund` }),           expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'POST /api/handoverProblems/{id}/dismiss',
    request: async (f) => ({ path: `/api/handoverProblems/${await f.problemOrder()}/dismiss` }),          expect: [401, 403, 403, 403, 403, 200, 401] },
  // Reviews and seller pages (tests/http/reviews-*.test.ts, seller-pages.test.ts)
  { route: 'POST /api/reviews', policy: 'review.write',
    request: async (f) => ({ path: '/api/reviews', json: { bookingId: await f.handedOverOrder(), stars: 5 } }), expect: [401, 201, 403, 201, 403, 403, 401] },
  { route: 'GET /api/reviews/pending', request: () => ({ path: '/api/reviews/pending' }),               expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'POST /api/reviews/{id}/reply', policy: 'review.reply',
    request: async (f) => ({ path: `/api/reviews/${await f.publishedReview()}/reply`, json: { text: 'Thanks' } }), expect: [401, 403, 403, 200, 403, 403, 401] },
  { route: 'POST /api/reviews/{id}/hide',
    request: async (f) => ({ path: `/api/reviews/${await f.publishedReview()}/hide`, json: { reason: 'Matrix' } }), expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'GET /api/sellers/{id}', request: (f) => ({ path: `/api/sellers/${f.sellerId}` }),            expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/sellers/{id}/reviews', request: (f) => ({ path: `/api/sellers/${f.sellerId}/reviews${page}` }), expect: [200, 200, 200, 200, 200, 200, 200] },
  // Mail links: the signed token in an email authorises them, whoever sends them (tests/http/mail-unsubscribe.test.ts).
  { route: 'POST /api/mail/unsubscribe', request: async (f) => ({ path: `/api/mail/unsubscribe?token=${await f.unsubscribeToken()}` }),
                                                                                                          expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/mail/resubscribe', request: async (f) => ({ path: `/api/mail/resubscribe?token=${await f.unsubscribeToken()}` }),
                                                                                                          expect: [200, 200, 200, 200, 200, 200, 200] },
  // Signing out of one's own mail links (the profile page's button): a session, and nothing else.
  { route: 'POST /api/mail/links/sign-out', request: () => ({ path: '/api/mail/links/sign-out' }),      expect: [401, 200, 200, 200, 200, 200, 401] },

  // The Wanted list and notifications: any signed-in user has their own (tests/http/wanted-*.test.ts).
  { route: 'GET /api/wanted', request: () => ({ path: `/api/wanted${page}` }),                           expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'POST /api/wanted', request: () => ({ path: '/api/wanted', json: { search: { q: crypto.randomUUID() } } }), expect: [401, 201, 201, 201, 201, 201, 401] },
  { route: 'DELETE /api/wanted/{id}', policy: 'wanted.remove', request: async (f) => ({ path: `/api/wanted/${await f.wantedEntry()}` }), expect: [401, 200, 403, 403, 403, 403, 401] },
  { route: 'GET /api/notifications', request: () => ({ path: `/api/notifications${page}` }),             expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'GET /api/notifications/unread-count', request: () => ({ path: '/api/notifications/unread-count' }), expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'POST /api/notifications/{id}/read', policy: 'notification.read',
    request: async (f) => ({ path: `/api/notifications/${await f.notification()}/read` }),               expect: [401, 200, 403, 403, 403, 403, 401] },
  { route: 'POST /api/notifications/read', request: () => ({ path: '/api/notifications/read' }),         expect: [401, 200, 200, 200, 200, 200, 401] },

  // Shelf import and drafts (tests/http/shelf-*.test.ts): sellers only, each their own imports and drafts.
  { route: 'POST /api/shelf/imports', request: () => ({ path: '/api/shelf/imports', json: { text: '9780141439518' } }), expect: [401, 403, 403, 202, 202, 403, 401] },
  { route: 'GET /api/shelf/imports/{id}', policy: 'shelfImport.read', request: async (f) => ({ path: `/api/shelf/imports/${await f.shelfImport()}` }), expect: [401, 403, 403, 200, 403, 403, 401] },
  { route: 'GET /api/shelf/imports/{id}/lines', policy: 'shelfImport.read',
    request: async (f) => ({ path: `/api/shelf/imports/${await f.shelfImport()}/lines${page}` }),        expect: [401, 403, 403, 200, 403, 403, 401] },
  { route: 'GET /api/shelf/drafts', request: () => ({ path: `/api/shelf/drafts${page}` }),              expect: [401, 403, 403, 200, 200, 403, 401] },
  { route: 'POST /api/shelf/drafts/publish', policy: 'draft.publish',
    request: async (f) => ({ path: '/api/shelf/drafts/publish', json: { ids: [await f.readyDraft()] } }), expect: [401, 403, 403, 201, 403, 403, 401] },
  { route: 'PUT /api/shelf/drafts/{id}', policy: 'draft.edit',
    request: async (f) => ({ path: `/api/shelf/drafts/${await f.draft()}`, json: { condition: 'Fair' } }), expect: [401, 403, 403, 200, 403, 403, 401] },
  { route: 'DELETE /api/shelf/drafts/{id}', policy: 'draft.discard', request: async (f) => ({ path: `/api/shelf/drafts/${await f.draft()}` }), expect: [401, 403, 403, 200, 403, 403, 401] },
  // Conversations (tests/http/conversations-*.test.ts): a buyer reads only their own, a seller only those about
  // their books, an admin only when a report or a handover problem involves it (none does here: 403).
  { route: 'GET /api/conversations/events', stream: true, request: () => ({ path: '/api/conversations/events' }), expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'GET /api/conversations', request: () => ({ path: `/api/conversations${page}` }),             expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'GET /api/conversations/unread-count', request: () => ({ path: '/api/conversations/unread-count' }), expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'POST /api/conversations', policy: 'conversation.startWithBuyer',
    request: async (f) => ({ path: '/api/conversations', json: { bookId: (await f.booking()).bookId, buyerId: f.buyerId } }),
                                                                                                          expect: [401, 200, 403, 200, 403, 403, 401] },
  { route: 'GET /api/conversations/{id}', policy: 'conversation.read',
    request: async (f) => ({ path: `/api/conversations/${(await f.conversation()).id}` }),               expect: [401, 200, 403, 200, 403, 403, 401] },
  { route: 'POST /api/conversations/{id}/messages', policy: 'conversation.write',
    request: async (f) => ({ path: `/api/conversations/${(await f.conversation()).id}/messages`, json: { text: 'Matrix' } }),
                                                                                                          expect: [401, 201, 403, 201, 403, 403, 401] },
  { route: 'POST /api/conversations/{id}/read', policy: 'conversation.write',
    request: async (f) => ({ path: `/api/conversations/${(await f.conversation()).id}/read` }),          expect: [401, 200, 403, 200, 403, 403, 401] },
  { route: 'PUT /api/blocks/{userId}', request: async (f) => ({ path: `/api/blocks/${await f.targetUser()}` }), expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'DELETE /api/blocks/{userId}', request: async (f) => ({ path: `/api/blocks/${await f.targetUser()}` }), expect: [401, 200, 200, 200, 200, 200, 401] },
  { route: 'PUT /api/messages/{id}/report', policy: 'message.report',
    request: async (f) => ({ path: `/api/messages/${(await f.conversation()).messageId}/report`, json: { reason: 'Matrix' } }),
                                                                                                          expect: [401, 200, 403, 403, 403, 403, 401] },
  { route: 'GET /api/reportedMessages', request: () => ({ path: `/api/reportedMessages${page}` }),       expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'DELETE /api/reportedMessages/{messageId}',
    request: async (f) => ({ path: `/api/reportedMessages/${await f.reportedMessage()}` }),              expect: [401, 403, 403, 403, 403, 200, 401] },

  // Payouts (tests/http/payouts-*.test.ts): a seller's own account and earnings, the admins' page. This run pays out
  // in test mode, where the Stripe onboarding calls do not exist (404) for the sellers they are for.
  { route: 'GET /api/payouts/fee', request: () => ({ path: '/api/payouts/fee' }),                       expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/payouts/account', request: () => ({ path: '/api/payouts/account' }),               expect: [401, 403, 403, 200, 200, 403, 401] },
  { route: 'PUT /api/payouts/account/test',
    request: () => ({ path: '/api/payouts/account/test', json: { routingNumber: '110000000', accountNumber: '000123456789' } }),
                                                                                                          expect: [401, 403, 403, 200, 200, 403, 401] },
  { route: 'POST /api/payouts/account/link', request: () => ({ path: '/api/payouts/account/link' }),     expect: [401, 403, 403, 404, 404, 403, 401] },
  { route: 'POST /api/payouts/account/refresh', request: () => ({ path: '/api/payouts/account/refresh' }), expect: [401, 403, 403, 404, 404, 403, 401] },
  { route: 'GET /api/payouts/earnings', request: () => ({ path: '/api/payouts/earnings' }),             expect: [401, 403, 403, 200, 200, 403, 401] },
  { route: 'GET /api/payouts/earnings.csv', request: () => ({ path: '/api/payouts/earnings.csv' }),     expect: [401, 403, 403, 200, 200, 403, 401] },
  { route: 'GET /api/payouts/admin', request: () => ({ path: '/api/payouts/admin' }),                   expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'POST /api/payouts/admin/transfers/{id}/retry',
    request: () => ({ path: `/api/payouts/admin/transfers/${crypto.randomUUID()}/retry` }),              expect: [401, 403, 403, 403, 403, 404, 401] },
  { route: 'PUT /api/payouts/admin/holds/{sellerId}',
    request: async (f) => ({ path: `/api/payouts/admin/holds/${await f.targetUser()}`, json: { reason: 'Matrix' } }), expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'DELETE /api/payouts/admin/holds/{sellerId}',
    request: async (f) => ({ path: `/api/payouts/admin/holds/${await f.targetUser()}` }),               expect: [401, 403, 403, 403, 403, 200, 401] },
  { route: 'POST /api/webhooks/stripe-connect',
    request: () => ({ path: '/api/webhooks/stripe-connect', json: {}, headers: { 'stripe-signature': 't=1,v1=00' } }), expect: [404, 404, 404, 404, 404, 404, 404] },

  // Stripe calls it, signed with the webhook secret (tests/http/stripe-webhook.test.ts); no session counts.
  // This run uses the built-in test provider, where the route does not exist for anyone.
  { route: 'POST /api/webhooks/stripe',
    request: () => ({ path: '/api/webhooks/stripe', json: {}, headers: { 'stripe-signature': 't=1,v1=00' } }), expect: [404, 404, 404, 404, 404, 404, 404] },
];

/** Routes under /api the matrix leaves out on purpose, with the reason. */
export const excluded: { route: RegExp; reason: string }[] = [
  {
    route: /^(GET|POST) \/api\/auth\/\*$/,
    reason:
      "Better Auth's own endpoints (sign-up, sign-in, sign-out, sessions, OAuth): its rules are proven in " +
      'auth-*.test.ts, browser-security.test.ts (origin checks) and limits.test.ts (rate limits)',
  },
];
