import { aboutMessages } from '#shared/texts/about.ts';
import { articlesMessages } from '#shared/texts/articles.ts';
import { authMessages } from '#shared/texts/auth.ts';
import { bookingsMessages } from '#shared/texts/bookings.ts';
import { booksMessages } from '#shared/texts/books.ts';
import { bundlesMessages } from '#shared/texts/bundles.ts';
import { categoriesMessages } from '#shared/texts/categories.ts';
import { conversationsMessages } from '#shared/texts/conversations.ts';
import { dashboardMessages } from '#shared/texts/dashboard.ts';
import { handoversMessages } from '#shared/texts/handovers.ts';
import { homeMessages } from '#shared/texts/home.ts';
import { isbnMessages } from '#shared/texts/isbn.ts';
import { mailMessages } from '#shared/texts/mail.ts';
import { notFoundMessages } from '#shared/texts/not-found.ts';
import { paymentsMessages } from '#shared/texts/payments.ts';
import { payoutsMessages } from '#shared/texts/payouts.ts';
import { priceGuideMessages } from '#shared/texts/price-guide.ts';
import { reportsMessages } from '#shared/texts/reports.ts';
import { reviewsMessages } from '#shared/texts/reviews.ts';
import { searchMessages } from '#shared/texts/search.ts';
import { seoMessages } from '#shared/texts/seo.ts';
import { shelfMessages } from '#shared/texts/shelf.ts';
import { shellMessages } from '#shared/texts/shell.ts';
import { usersMessages } from '#shared/texts/users.ts';
import { wantedMessages } from '#shared/texts/wanted.ts';
import type { Translation } from '../icu.ts';

// English, the source every other catalogue translates: the specification's texts verbatim (spelling included).
// Each feature writes its texts in shared/texts/<feature>.ts, a section or several; this is the one list of them.
// (A list, not a search of the folder: the server runs this module as it is, and the types come from the imports.
// catalogues.test.ts fails on a file left out, or on a section two files write.)

export const english = {
  ...shellMessages,
  ...aboutMessages,
  ...articlesMessages,
  ...authMessages,
  ...bookingsMessages,
  ...booksMessages,
  ...bundlesMessages,
  ...categoriesMessages,
  ...conversationsMessages,
  ...dashboardMessages,
  ...handoversMessages,
  ...homeMessages,
  ...isbnMessages,
  ...mailMessages,
  ...notFoundMessages,
  ...paymentsMessages,
  ...payoutsMessages,
  ...priceGuideMessages,
  ...reportsMessages,
  ...reviewsMessages,
  ...searchMessages,
  ...seoMessages,
  ...shelfMessages,
  ...usersMessages,
  ...wantedMessages,
} as const;

/**
 * The sections every first visit needs (the app shell, Home and the catalogue): the web loads them first, and the
 * others beside them for the pages loaded on demand (build/catalogue-chunks.ts). Home's initial download carries
 * these, so a section joins them only when the shell, Home or the catalogue shows it.
 */
export const shellSections = [
  // shell.ts (its dialog, pages, toast and alert sections serve pages loaded on demand, not Home)
  'brand',
  'nav',
  'account',
  'footer',
  'language',
  'routeError',
  // home.ts, and about.ts: the page of every available book
  'home',
  'about',
  // books.ts: a book's card and its condition (the category page, the states: pages loaded on demand)
  'book',
  'defects',
  'conditionNames',
  // categories.ts: Home's shelf, the cards and the search's filter name them
  'categoryNames',
  // search.ts, price-guide.ts
  'search',
  'priceGuide',
  // wanted.ts: the bell in the header
  'notifications',
] as const satisfies readonly (keyof typeof english)[];

/** The long articles (Blogs, the help topics, About's history): the web loads them only for the pages that show them. */
export const articleSections = Object.keys(articlesMessages) as (keyof typeof articlesMessages)[];

/** The sections only the server writes (seo.ts: the pages' heads; mail.ts: the mail): the web's catalogue chunks leave them out. */
export const serverSections = ['pageHeads', 'mailTexts'] as const satisfies readonly (keyof typeof english)[];

/**
 * The refusals the server writes itself (`new AppError(kind, text)`), as ICU strings where they carry values. The
 * server keeps them in English; `refusalIn` (server/i18n/refusal-texts.ts) translates each on its way out.
 */
export const refusals = [
  'No seller with this id',
  'A token is only handed out for your own email',
  'An admin has banned your account from reporting books',
  'No book with this id',
  'No booking with this id',
  'No order with this id',
  'No payment with this client secret',
  'No problem report of this order awaits a decision',
  'No released order with this id',
  'No such image',
  'No such message in the mailbox',
  'No such sitemap',
  'No user with this id',
  'Not found',
  'Only Admin accounts can do this',
  'Only a reported book can be removed here',
  'Only sellers can be verified',
  'Please sign in first',
  'Send the picture as multipart/form-data in the field "image"',
  'Someone booked this book first',
  'Stripe is not configured',
  'Stripe is not configured: this store pays out in test mode',
  'Test bank numbers are only taken in test mode',
  'Test card payments are only available in test mode',
  'The book catalogue did not send the cover; upload a photo of the book instead',
  'The card processor answered without a client secret',
  'The card processor gave no client secret',
  'The card processor is not answering right now; please try again in a minute',
  'The metrics need the bearer token METRICS_TOKEN',
  'The payment provider knows no such transaction',
  'The seller of this book has blocked you, so you cannot book it',
  'The seller’s account is closed, so nobody can write to them',
  'The server is busy with other pictures: try again in a few seconds',
  'The webhook signature does not match',
  'There is no book with this id',
  'There is no conversation with this id',
  'There is no message with this id',
  'There is no person with this id',
  'There is no review with this id',
  'There is no seller with this id',
  'There is no suggested cover for this ISBN: look it up first',
  'This account is already banned from reporting',
  'This account is not banned from reporting',
  'This book has been sold',
  'This book has no reports to dismiss',
  'This book is already sold',
  'This book is no longer listed',
  'This book is no longer listed, so you cannot start a conversation about it',
  'This book is sold, so it can no longer be reported',
  'This book is sold, so it cannot be removed',
  'This book was reported and cannot be booked until an admin reviews it',
  'This book was reported and cannot be paid for until an admin reviews it',
  'This book was reported, so it cannot be edited until an admin reviews it',
  'This booking has already ended',
  'This booking is paid, so it cannot be cancelled',
  'This buyer’s account is closed',
  'This is your own book: buyers write to you about it, not you to yourself',
  'This message has no reports to dismiss',
  'This order changed while the payment was being set up; please reload',
  'This order is already handed over',
  'This order is already paid',
  'This order is not paid, so it has no handover',
  'This order no longer exists',
  'This order was already refunded',
  'This order was handed over, so its problem report is closed',
  'This order was paid before handover codes existed',
  'This order was refunded',
  'This payment was cancelled because the order ended; nothing was charged',
  'This person has blocked you, so you cannot write to them',
  'This person has not booked this book',
  'This person’s account is closed, so they can no longer receive messages',
  'This transaction is for another order',
  'This transaction is not for an order of this shop',
  'You can only save your own account',
  'You cannot ban yourself from reporting',
  'You cannot block yourself',
  'You cannot book your own book',
  'You cannot delete your own account',
  'You cannot report your own book',
  'You have already booked this book; find it in My Orders',
  'You have already reported a problem with this order',
  'You have already reported this message',
  'You have blocked this person; unblock them to write to them',
  'You have no payout account yet: set up payouts first',
  'Your account no longer exists; please sign in again',
  'Your other bookings were being made at the same time; please try again',
  'Your role is chosen at sign-up and can only be changed by an admin',
  'no uploaded picture has this address',
  'only JPEG, PNG, WebP and AVIF pictures are accepted',
  'text must not contain NUL characters',
  'the file content is not the picture it claims to be',
  'the file is empty',
  'the file is larger than 5 MB',
  'the picture could not be read',
  'upload the photo with POST /api/upload and send the URL it answered',
  'Only {roles} accounts can do this',
  'This request came from another website{from}, so it was refused; this store takes changes from {origin}',
  'Give the seller time to hand it over: you can report a problem from {from} UTC',
  'You have {limit} live connections open already; close another tab of the store and try again',
  '{count} of your imports are still running; wait for one to finish',
  'the picture is larger than {megapixels} megapixels',
  'This payment is being refunded: {reason}',
  'This order has ended ({status}), so it can no longer be paid',
  'The payment has not gone through (its status is {status})',
  'This transfer is {status}: there is nothing to retry',
  'Test mode takes only the published test bank numbers: routing {routing}, account {account}',
  'Stripe is not answering as it should right now: {reason}',
  'there is no category named "{name}"',
  'This book is {status}; only available books can be edited',
  'This book was reported, so it cannot be {action, select, advertise {advertised} other {deleted}} until an admin reviews it',
  'This book is {status}; only available books can be {action, select, advertise {advertised} other {deleted}}',
  'No API route {method} {path}',
  'Request body is larger than {kb} KB',
] as const;

/** What every other language's catalogue holds: English's sections translated, then its refusals. */
export type Catalogue = Translation<typeof english> & {
  readonly errors: { readonly [Refusal in (typeof refusals)[number]]: string };
};
