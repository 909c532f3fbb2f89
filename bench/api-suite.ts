import type { BareBooking } from './bare-booking-server.ts';
import {
  type AloneLatency,
  type LoadPlan,
  type LoadSettings,
  measure,
  measureAgainst,
  measureAlone,
  type Paired,
} from './load.ts';
import type { MailAfterLoad } from './mail-after-load.ts';
import { type RecordedAnswer, recordAnswer } from './recorded-answer.ts';
import { signIn } from './sign-in.ts';

export type EndpointKind = 'public read' | 'page' | 'search' | 'signed-in read' | 'write';

export interface EndpointRow {
  endpoint: string;
  kind: EndpointKind;
  /** The endpoint's figure, and the limit measured in turns with it. */
  load?: Paired;
  /** node:http answering this endpoint's own headers and body: the limit for an answer that big. */
  sameBytes?: { load: Paired; headerBytes: number; bodyBytes: number };
  /** A public read asked for by a client that takes no compression (no Accept-Encoding). */
  uncompressed?: Paired;
  /** The same read with the server's request log off (`LOG_LEVEL=warn`), measured on a server started so. */
  warn?: Paired;
  /** One client asking again and again on an idle server: the cost of one request. */
  alone?: AloneLatency;
  /** Why there is no figure, or what to know about it. */
  note?: string;
  /** What was asked, to ask it again of a server started otherwise. */
  plan?: LoadPlan;
  /** A write's mail: whether the store sent all that its load queued, and when the last message went. */
  mail?: MailAfterLoad;
}

export interface Account {
  email: string;
  password: string;
}

interface Probe {
  ok: boolean;
  note?: string;
}

/** One request before the load: a route another issue has not built yet is skipped with a note, not measured. */
async function probe(url: string, init: RequestInit = {}): Promise<Probe> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (res.status === 404 && text.includes('No API route')) return { ok: false, note: 'route not built yet: skipped' };
  if (!res.ok) return { ok: false, note: `answered ${res.status} before the load (${text.slice(0, 120)}): skipped` };
  return { ok: true };
}

async function measured(
  endpoint: string,
  kind: EndpointKind,
  plan: LoadPlan,
  settings: LoadSettings,
  check: Probe,
): Promise<EndpointRow> {
  if (!check.ok) return { endpoint, kind, note: check.note };
  console.log(`  ${endpoint}`);
  return { endpoint, kind, load: await measure(plan, settings), plan };
}

/** What Chromium sends with every request the web app makes: public reads are measured as the app asks for them. */
export const browserHeaders = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export function categoryPath(name: string): string {
  return `/api/books/${encodeURIComponent(name)}`;
}

/** Requests one client makes, one after another, to price a category page without queueing. */
const aloneRequests = 2_000;

/** A category page's cost: one client's latency, and the page under the load of every connection. */
export interface CategoryCost {
  alone: AloneLatency;
  load: Paired;
}

async function categoryPlan(baseUrl: string, category: string): Promise<LoadPlan> {
  const url = `${baseUrl}${categoryPath(category)}?page=1`;
  const check = await probe(url);
  if (!check.ok) throw new Error(`the category endpoint ${check.note}`);
  return { url, headers: browserHeaders };
}

export async function measureCategoryAlone(baseUrl: string, category: string): Promise<AloneLatency> {
  return measureAlone(await categoryPlan(baseUrl, category), aloneRequests);
}

export async function measureCategory(
  baseUrl: string,
  category: string,
  settings: LoadSettings,
): Promise<CategoryCost> {
  const plan = await categoryPlan(baseUrl, category);
  return { alone: await measureAlone(plan, aloneRequests), load: await measure(plan, settings) };
}

/**
 * The home lists, a category page and the all-books page, as the web app calls them (compression
 * accepted); each also asked for without compression, and replayed byte for byte by `sameBytes`
 * (node:http), when given.
 */
export async function measurePublicReads(
  baseUrl: string,
  category: string,
  settings: LoadSettings,
  sameBytes?: (answer: RecordedAnswer) => Promise<Paired>,
): Promise<EndpointRow[]> {
  const rows: EndpointRow[] = [];
  for (const path of [
    '/api/booksCategory',
    '/api/books/addvertise',
    `${categoryPath(category)}?page=1`,
    '/api/allbooks',
  ]) {
    const url = `${baseUrl}${path}`;
    const row = await measured(
      `GET ${path}`,
      'public read',
      { url, headers: browserHeaders },
      settings,
      await probe(url),
    );
    if (row.load) row.uncompressed = await measure({ url }, settings);
    if (row.load && sameBytes) {
      const answer = await recordAnswer(url, browserHeaders);
      const headerBytes = Object.entries(answer.headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
      const bodyBytes = Buffer.from(answer.body, 'base64').length;
      row.sameBytes = { load: await sameBytes(answer), headerBytes, bodyBytes };
    }
    rows.push(row);
  }
  return rows;
}

/** A book the booking rows may book, as the bench read it. */
export interface Bookable {
  id: string;
  bookName: string;
  price: number;
}

/** A buyer the bare booking server books for: it takes the buyer from the request, not from a session. */
export interface BareBuyer {
  id: string;
  email: string;
  name: string;
}

/** Each request takes the next of `books` for the next of `buyers`; past the last book the ids repeat (and answer 409). */
function inTurn<B, P>(
  books: B[],
  buyers: P[],
  write: (book: B, buyer: P) => { headers: Record<string, string>; body: string },
) {
  let next = 0;
  return {
    request() {
      const made = write(books[next % books.length]!, buyers[next % buyers.length]!);
      next += 1;
      return made;
    },
    /** Why the figure holds repeats, if it does. */
    note: (who: string) =>
      next > books.length ? `${who}: its ${books.length} bookable books ran out; repeats answer 409` : undefined,
  };
}

const contact = '+1 555 0142';
const meetingLocation = 'Library steps';

/**
 * Booking writes, in turns with the bare booking server (bare-booking-server.ts), the write's yardstick: every
 * request books a different available book, for one of several signed-in buyers in turn; the bare server books
 * books of its own (a set the store's load does not use) for buyers of its own, so that both make real bookings.
 */
export async function measureBookings(
  baseUrl: string,
  buyers: SignedIn[],
  books: Bookable[],
  bare: { url: string; buyers: BareBuyer[]; books: Bookable[] },
  settings: LoadSettings,
  settle: () => Promise<void>,
): Promise<EndpointRow> {
  const endpoint = 'POST /api/booking';
  const store = inTurn(books, buyers, (book, buyer) => ({
    headers: { 'content-type': 'application/json', cookie: buyer.cookie, origin: baseUrl },
    body: JSON.stringify({
      bookId: book.id,
      bookName: book.bookName,
      price: book.price,
      email: buyer.email,
      contact,
      meetinglocation: meetingLocation,
    }),
  }));
  const bareWrite = inTurn(bare.books, bare.buyers, (book, buyer) => ({
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      bookId: book.id,
      buyerId: buyer.id,
      buyerEmail: buyer.email,
      buyerName: buyer.name,
      bookName: book.bookName,
      priceCents: Math.round(book.price * 100),
      contact,
      meetingLocation,
    } satisfies BareBooking),
  }));
  const check = await probe(`${baseUrl}/api/booking`, { method: 'POST', ...store.request() });
  if (!check.ok) return { endpoint, kind: 'write', note: check.note };
  const bareCheck = await probe(`${bare.url}/`, { method: 'POST', ...bareWrite.request() });
  if (!bareCheck.ok) throw new Error(`the bare booking server ${bareCheck.note}`);
  const plan: LoadPlan = {
    url: `${baseUrl}/api/booking`,
    requests: [{ method: 'POST', path: '/api/booking', setupRequest: (req) => ({ ...req, ...store.request() }) }],
  };
  const yardstick: LoadPlan = {
    url: bare.url,
    requests: [{ method: 'POST', path: '/', setupRequest: (req) => ({ ...req, ...bareWrite.request() }) }],
  };
  console.log(`  ${endpoint}, in turns with the bare booking write`);
  const load = await measureAgainst(plan, yardstick, settings, settle);
  const note = [store.note('the store'), bareWrite.note('the bare write')].filter(Boolean).join('; ');
  return { endpoint, kind: 'write', load, plan, note: note || undefined };
}

export async function signInAccounts(baseUrl: string, accounts: Account[]): Promise<SignedIn[]> {
  const signedIn: SignedIn[] = [];
  for (const account of accounts)
    signedIn.push({ email: account.email, cookie: await signIn(baseUrl, account.email, account.password) });
  return signedIn;
}

/** What Chromium sends for a page load. */
const pageHeaders = { ...browserHeaders, accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

export type Searches = { common: string; rare: string; typo: string };

/** A search as the search page asks for it (12 a page). */
export const searchPath = (words: string) => `/api/search?q=${encodeURIComponent(words)}&page=1&limit=12`;

/** Searches for a common word, a rare word and a typo of the common word, each noted with what it found. */
export async function measureSearches(
  baseUrl: string,
  searches: Searches,
  settings: LoadSettings,
): Promise<EndpointRow[]> {
  const rows: EndpointRow[] = [];
  for (const [kind, words] of Object.entries(searches)) {
    const url = `${baseUrl}${searchPath(words)}`;
    const row = await measured(
      `GET ${searchPath(words)} (${kind})`,
      'search',
      { url, headers: browserHeaders },
      settings,
      await probe(url),
    );
    if (row.load) {
      const res = await fetch(url);
      const more = res.headers.get('x-more-found') ? ' at least' : '';
      row.note = `${res.headers.get('x-total-count')}${more} found (${res.headers.get('x-search-match')})`;
    }
    rows.push(row);
  }
  return rows;
}

/** One client's p50 of each search, asked again and again (as the category page's cost is measured). */
export async function measureSearchesAlone(baseUrl: string, searches: Searches): Promise<Record<string, AloneLatency>> {
  const costs: Record<string, AloneLatency> = {};
  for (const [kind, words] of Object.entries(searches)) {
    costs[kind] = await measureAlone({ url: `${baseUrl}${searchPath(words)}`, headers: browserHeaders }, aloneRequests);
  }
  return costs;
}

/** What link-preview crawlers (facebookexternalhit, Slackbot …) and curl send for a page. */
const anyHeaders = { ...browserHeaders, accept: '*/*' };

/**
 * The HTML of Home, a category page and a book page as a browser loads them (the server writes each head), Home and
 * the book page in Spanish, and Home and the book page as a link-preview crawler asks for them.
 */
export async function measurePages(
  baseUrl: string,
  category: string,
  bookId: string,
  settings: LoadSettings,
): Promise<EndpointRow[]> {
  const rows: EndpointRow[] = [];
  for (const [name, path, headers] of [
    ['GET / (page HTML)', '/', pageHeaders],
    ['GET /categoryBooks/{category} (page HTML)', `/categoryBooks/${encodeURIComponent(category)}`, pageHeaders],
    ['GET /books/{id} (page HTML)', `/books/${bookId}`, pageHeaders],
    // The same pages in Spanish: the fast path answers a localized page as it answers the English one.
    ['GET /es (page HTML)', '/es', pageHeaders],
    ['GET /es/books/{id} (page HTML)', `/es/books/${bookId}`, pageHeaders],
    ['GET / (page HTML, Accept */*)', '/', anyHeaders],
    ['GET /books/{id} (page HTML, Accept */*)', `/books/${bookId}`, anyHeaders],
  ] as const) {
    const url = `${baseUrl}${path}`;
    rows.push(await measured(name, 'page', { url, headers }, settings, await probe(url, { headers })));
  }
  return rows;
}

export interface SignedIn {
  email: string;
  cookie: string;
}

/**
 * What signed-in people read of their own: My Orders and the role check (a buyer), My Products (a seller), the
 * account (`/api/users/me`) and an admin's user list; each first asked one at a time on the idle server.
 */
export async function measureSignedInReads(
  baseUrl: string,
  who: { buyer: SignedIn; seller: SignedIn; admin: SignedIn },
  settings: LoadSettings,
): Promise<EndpointRow[]> {
  const email = (s: SignedIn) => encodeURIComponent(s.email);
  const reads: [string, string, SignedIn][] = [
    ['GET /api/wishList/{email} (My Orders)', `/api/wishList/${email(who.buyer)}`, who.buyer],
    ['GET /api/books?email= (My Products)', `/api/books?email=${email(who.seller)}&page=1&limit=10`, who.seller],
    ['GET /api/users/me', '/api/users/me', who.buyer],
    ['GET /api/users/buyer/{email} (role check)', `/api/users/buyer/${email(who.buyer)}`, who.buyer],
    ['GET /api/users/buyer (admin list)', '/api/users/buyer?page=1&limit=10', who.admin],
  ];
  const rows: EndpointRow[] = [];
  for (const [endpoint, path, as] of reads) {
    const url = `${baseUrl}${path}`;
    const headers = { ...browserHeaders, cookie: as.cookie };
    const check = await probe(url, { headers });
    const alone = check.ok ? await measureAlone({ url, headers }, aloneRequests) : undefined;
    rows.push({ ...(await measured(endpoint, 'signed-in read', { url, headers }, settings, check)), alone });
  }
  return rows;
}
