import { escapeHtml } from '#server/http/web-app-pages.ts';
import { categoryName } from '#shared/category-names.ts';
import { localizedPath } from '#shared/i18n/locales.ts';
import { currentLocale, intlLocale, texts } from '#shared/i18n/texts.ts';
import { initialsOf } from '#shared/initials.ts';
import { formatMoney } from '#shared/money.ts';
import type { Book, BookDetail } from '#shared/schemas/book.ts';
import type { SellerProfile } from '#shared/schemas/review.ts';
import { type SearchAnswer, searchHeading } from '#shared/search-params.ts';

// What the server draws in a page's main area, shown from the first paint until the web app draws the page.
// Each view is the top of the page as its React component draws it, class for class, so nothing moves when the app
// replaces it (tests/e2e/first-views.spec.ts holds the two side by side). It is in the page's language.

/** An address within the store in the page's language, escaped for an attribute. */
const hrefOf = (path: string) => escapeHtml(localizedPath(currentLocale(), path));

/** A link within the store, in the page's language. */
const link = (path: string, className: string, content: string) =>
  `<a${className ? ` class="${className}"` : ''} href="${hrefOf(path)}">${content}</a>`;

/** How a cover stands, as web/components/book-card.tsx's `coverLooks`: filling a grid card, or whole on a listing's. */
const coverLooks = {
  grid: { link: 'block bg-base-200', image: 'aspect-[2/3] w-full object-cover' },
  listing: {
    link: 'flex justify-center bg-base-200 p-2 sm:p-4',
    image: 'h-48 w-auto max-w-full object-contain shadow sm:h-64',
  },
};

/** A book's cover thumbnail linking to its page, out of the tab order (`BookCoverLink`); the first asked for first. */
function coverLink(book: Book, look: keyof typeof coverLooks, first: boolean): string {
  const alt = escapeHtml(texts.book.coverOf({ name: book.bookName }));
  return (
    `<a href="${hrefOf(`/books/${book._id}`)}" tabindex="-1" class="${coverLooks[look].link}">` +
    `<img src="${escapeHtml(book.thumbnail)}" alt="${alt}" width="400" height="600"` +
    `${first ? ' fetchpriority="high"' : ''} class="${coverLooks[look].image}"></a>`
  );
}

/** The navbar's search (web/app/search-box.tsx), which works before the app does: a form asking for /search?q=…. */
function searchBox(className: string, id: string): string {
  const m = texts.search;
  return (
    `<search class="${className}"><form action="${hrefOf('/search')}" class="join w-full">` +
    `<label for="${id}" class="sr-only">${escapeHtml(m.label)}</label>` +
    `<input id="${id}" name="q" type="search" placeholder="${escapeHtml(m.placeholder)}" autocomplete="off" class="input input-sm join-item w-full min-w-0">` +
    `<button type="submit" class="btn btn-sm btn-primary join-item">${escapeHtml(m.submit)}</button></form></search>`
  );
}

/**
 * The layout with the navbar as the app draws it while it does not yet know who is signed in (web/app/layout.tsx,
 * navbar.tsx and nav-links.tsx: the public links only; the menu button's place kept, the language left to the app)
 * and an empty main area, for every page load.
 */
export function layoutView(): string {
  const publicLinks = [
    ['/', texts.nav.home],
    ['/blogs', texts.nav.blogs],
    ['/about', texts.nav.about],
  ] as const;
  return (
    `<div class="flex min-h-screen flex-col">` +
    `<header class="navbar sticky top-0 z-30 flex-wrap gap-x-2 border-b md:flex-nowrap border-base-300 bg-base-100/95 px-4 backdrop-blur">` +
    `<div class="flex shrink-0 items-center gap-1"><span class="btn btn-ghost btn-square xl:hidden" aria-hidden="true"></span>` +
    `${link('/', 'btn btn-ghost px-2 text-lg font-bold sm:text-xl', `<img src="/favicon.svg" alt="" width="28" height="28">${escapeHtml(texts.brand)}`)}</div>` +
    `<nav aria-label="${escapeHtml(texts.nav.main)}" class="hidden shrink-0 xl:flex"><ul class="menu menu-horizontal gap-1 px-1">` +
    `${publicLinks.map(([path, label]) => `<li>${link(path, '', escapeHtml(label))}</li>`).join('')}</ul></nav>` +
    `<div class="flex min-w-0 flex-1 items-center justify-end gap-3">${searchBox('hidden min-w-48 max-w-80 flex-1 md:flex', 'first-search')}</div>` +
    `${searchBox('basis-full pb-1 md:hidden', 'first-search-phone')}</header>` +
    `<main id="main" class="mx-auto min-h-svh w-full max-w-7xl flex-1 px-4 py-6"></main></div>`
  );
}

/**
 * Home's banner as the app first draws it (web/features/home/banner-carousel.tsx, its first slide): the store's
 * headline and tagline, the largest thing on a phone's first screen. Its buttons are the app's to work.
 */
export function homeView(): string {
  const m = texts.home;
  const arrow = (glyph: string) =>
    `<span class="btn btn-circle" aria-hidden="true"><span class="inline-block rtl:-scale-x-100">${glyph}</span></span>`;
  return (
    `<div class="space-y-14"><section aria-roledescription="carousel" aria-label="${escapeHtml(m.carouselLabel)}" class="relative overflow-hidden rounded-box">` +
    `<section aria-roledescription="slide" aria-label="${escapeHtml(m.slidePosition({ n: 1, count: m.slides.length }))}" class="bg-gradient-to-br from-primary to-secondary px-8 py-16 text-primary-content sm:px-16 sm:py-24 block">` +
    `<h1 class="max-w-2xl text-4xl font-bold sm:text-5xl">${escapeHtml(m.headline)}</h1>` +
    `<p class="mt-4 max-w-xl text-lg">${escapeHtml(m.tagline)}</p>` +
    `<p class="mt-2 max-w-xl opacity-90">${escapeHtml(m.slides[0] ?? '')}</p>` +
    `<a href="#categories" class="btn btn-lg mt-8 border-0">${escapeHtml(m.searchCategory)}</a></section>` +
    `<div class="absolute inset-x-4 bottom-4 flex justify-end gap-2">${arrow('❮')}${arrow('❯')}</div></section></div>`
  );
}

/** A missing or gone page's notice (the web app's NotFound and book-page `Gone`). */
export function noticeView(notice: { heading: string; text: string }): string {
  return (
    `<div class="py-16 text-center"><h1 class="text-3xl font-bold">${escapeHtml(notice.heading)}</h1>` +
    `<p class="mt-4">${escapeHtml(notice.text)}</p>` +
    `<p class="mt-6">${link('/search', 'btn btn-primary', escapeHtml(texts.pageHeads.searchBooks))}</p></div>`
  );
}

/**
 * A book's category, title, author, price and cover (web/features/books/book-page.tsx and book-gallery.tsx): on a
 * phone the cover is the largest thing on the screen, and it is drawn here without waiting for the scripts.
 */
export function bookView(book: BookDetail, cover: string): string {
  const m = texts.bookPage;
  const author = book.author
    ? `<p class="text-lg">${link(`/search?q=${encodeURIComponent(book.author)}`, 'link link-hover', escapeHtml(m.by({ author: book.author })))}</p>`
    : '';
  return (
    `<article aria-labelledby="book-heading" class="pb-20 md:pb-0">` +
    `<div class="grid grid-cols-1 gap-x-8 gap-y-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:grid-rows-[auto_1fr]">` +
    `<div class="space-y-3 md:col-start-2 md:row-start-1">` +
    `<p class="text-sm uppercase tracking-wide text-base-content/70">` +
    `${link(`/search?category=${encodeURIComponent(book.booksCategory)}`, 'link link-hover', escapeHtml(categoryName(book.booksCategory)))}</p>` +
    `<h1 id="book-heading" class="text-2xl font-bold leading-tight wrap-anywhere sm:text-3xl"><bdi>${escapeHtml(book.bookName)}</bdi></h1>` +
    author +
    `<p class="flex flex-wrap items-baseline gap-3">` +
    `<span class="text-3xl font-semibold text-primary">${escapeHtml(formatMoney(book.resalePrice, book.currency))}</span>` +
    `<span class="text-base-content/70 line-through">${escapeHtml(formatMoney(book.originalPrice, book.currency))}</span>` +
    `<span class="badge badge-ghost">${escapeHtml(texts.conditionNames[book.condition])}</span></p></div>` +
    `<div class="md:col-start-1 md:row-span-2 md:row-start-1"><div class="space-y-3">` +
    `<div class="block w-full rounded-box bg-base-200 p-4">` +
    `<img src="${escapeHtml(cover)}" alt="${escapeHtml(texts.book.coverOf({ name: book.bookName }))}" width="600" height="900" fetchpriority="high" class="mx-auto max-h-[28rem] w-auto object-contain shadow">` +
    `</div></div></div></div></article>`
  );
}

/** A result's card as a phone shows it first (web/features/books/category-book-card.tsx): cover, name, author, price. */
function resultCard(book: Book, first: boolean): string {
  const page = `/books/${book._id}`;
  const author = book.author
    ? `<p class="truncate text-sm text-base-content/80 sm:-mt-2">${escapeHtml(texts.bookPage.by({ author: book.author }))}</p>`
    : '';
  return (
    `<article class="card card-border bg-base-100 shadow-sm">${coverLink(book, 'listing', first)}` +
    `<div class="card-body gap-2 p-3 sm:gap-3 sm:p-4">` +
    `<h2 class="card-title line-clamp-3 text-base leading-snug wrap-anywhere sm:line-clamp-none sm:text-lg">${link(page, 'link link-hover', `<bdi>${escapeHtml(book.bookName)}</bdi>`)}</h2>` +
    author +
    `<p class="flex flex-wrap items-baseline gap-x-2 gap-y-1 sm:hidden">` +
    `<span class="text-lg font-semibold text-primary">${escapeHtml(formatMoney(book.resalePrice, book.currency))}</span>` +
    `<span class="badge badge-ghost badge-sm">${escapeHtml(texts.conditionNames[book.condition])}</span></p></div></article>`
  );
}

/**
 * A page of search results on a phone (web/features/search/search-page.tsx): the filters' button, how the words
 * matched, the heading and the first row of results. A wider screen shows the filters' panel above them, which is
 * the app's alone: there the page waits for the app.
 */
export function searchView(answer: SearchAnswer, typed: string): string {
  const m = texts.search;
  const matched =
    answer.match === 'corrected' && answer.suggestion
      ? `<p class="mb-2 text-base-content/80">${escapeHtml(m.showingFor({ typed }))} ${link(`/search?q=${encodeURIComponent(answer.suggestion)}`, 'link link-primary font-semibold', escapeHtml(answer.suggestion))}</p>`
      : answer.match === 'similar'
        ? `<p class="mb-2 text-base-content/80">${escapeHtml(m.similar({ typed }))}</p>`
        : '';
  return (
    `<section aria-labelledby="search-heading" class="md:hidden">` +
    `<span class="btn btn-sm mb-4" aria-hidden="true">${escapeHtml(m.filters)}</span>` +
    matched +
    `<h1 id="search-heading" class="mb-6 text-3xl font-bold">${escapeHtml(searchHeading(answer, typed))}</h1>` +
    `<div class="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3">` +
    answer.items
      .slice(0, 2)
      .map((book, index) => resultCard(book, index === 0))
      .join('') +
    `</div></section>`
  );
}

/** Five stars, as many filled as `stars` rounds to (web/components/seller-rating.tsx `Stars`, large). */
function stars(value: number, label: string): string {
  const filled = Math.round(value);
  const star = (n: number) => `<span aria-hidden="true"${n <= filled ? '' : ' class="text-base-content/25"'}>★</span>`;
  return `<span role="img" aria-label="${escapeHtml(label)}" class="inline-flex text-warning text-xl">${[1, 2, 3, 4, 5].map(star).join('')}</span>`;
}

/** The seller page's header (web/features/reviews/seller-page.tsx `Header`): who they are, their rating and counts. */
function sellerHeader(seller: SellerProfile): string {
  const m = texts.sellerPage;
  const t = texts.reviews;
  const avatar = seller.image
    ? `<img src="${escapeHtml(seller.image)}" alt="" width="96" height="96" class="size-20 rounded-full object-cover ring-2 ring-base-300 md:size-24">`
    : `<div aria-hidden="true" class="flex size-20 items-center justify-center rounded-full bg-primary text-2xl font-bold text-primary-content md:size-24 md:text-3xl">${escapeHtml(initialsOf(seller.name) || '?')}</div>`;
  const { average, count } = seller.rating;
  const rating =
    average === null || count === 0
      ? `<span class="badge badge-outline">${escapeHtml(t.newSeller)}</span>`
      : `<p class="flex flex-wrap items-center gap-2">${stars(average, t.rating({ average, count }))}` +
        `<span class="text-lg font-semibold" aria-hidden="true">${average.toFixed(1)}</span>` +
        `<span class="text-base-content/70" aria-hidden="true">${escapeHtml(t.reviewsCount({ count }))}</span></p>`;
  const since = seller.memberSince
    ? `<span>${escapeHtml(m.memberSince({ when: new Intl.DateTimeFormat(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(seller.memberSince)) }))}</span>`
    : '';
  const about = seller.closed
    ? `<p class="text-base-content/80">${escapeHtml(m.closed)}</p>`
    : `<p class="flex flex-wrap items-center gap-2 text-sm text-base-content/80">` +
      `<span class="badge ${seller.verified ? 'badge-success' : 'badge-ghost'} badge-sm">${escapeHtml(seller.verified ? texts.book.verified : texts.book.notVerified)}</span>${since}</p>${rating}`;
  const stat = (title: string, value: number) =>
    `<div class="stat px-5 py-3"><dt class="stat-title text-base-content/80 opacity-100">${escapeHtml(title)}</dt><dd class="stat-value text-2xl">${value}</dd></div>`;
  return (
    `<header class="card card-border bg-base-100 shadow-sm"><div class="card-body flex-row flex-wrap items-center gap-5 p-5 md:p-8">` +
    `${avatar}<div class="min-w-0 flex-1 space-y-2"><h1 id="seller-heading" class="text-2xl font-bold break-words md:text-3xl"><bdi>${escapeHtml(seller.name)}</bdi></h1>${about}</div>` +
    `<dl class="stats stats-horizontal w-full bg-base-200 md:w-auto">${stat(m.onSale, seller.onSaleCount)}${stat(m.soldTitle, seller.soldCount)}</dl>` +
    `</div></header>`
  );
}

/** A book in a grid (web/components/book-card.tsx `BookCard`, without its seller): cover, name, author, prices. */
function gridCard(book: Book, first: boolean): string {
  const page = `/books/${book._id}`;
  return (
    `<article class="card card-border bg-base-100 shadow-sm">${coverLink(book, 'grid', first)}` +
    `<div class="card-body gap-1 p-3 sm:gap-2 sm:p-4">` +
    `<h3 class="card-title line-clamp-3 text-base leading-snug wrap-anywhere sm:line-clamp-none sm:text-lg">${link(page, 'link link-hover', `<bdi>${escapeHtml(book.bookName)}</bdi>`)}</h3>` +
    `<p class="truncate text-sm text-base-content/70"><bdi>${escapeHtml(book.author ?? categoryName(book.booksCategory))}</bdi></p>` +
    `<p class="flex flex-wrap items-baseline gap-x-2 gap-y-1">` +
    `<span class="text-lg font-semibold text-primary sm:text-xl">${escapeHtml(formatMoney(book.resalePrice, book.currency))}</span>` +
    `<span class="hidden text-sm text-base-content/70 line-through sm:inline">${escapeHtml(formatMoney(book.originalPrice, book.currency))}</span>` +
    `<span class="badge badge-ghost badge-sm">${escapeHtml(texts.conditionNames[book.condition])}</span></p></div></article>`
  );
}

/**
 * A seller's page (web/features/reviews/seller-page.tsx): the header, and the first of their books on sale, which on a
 * phone's first screen are the largest things on it. Their reviews, beside or below, are the app's to draw.
 */
export function sellerView(seller: SellerProfile): string {
  const m = texts.sellerPage;
  const books =
    seller.onSale.length === 0
      ? `<p class="text-base-content/70">${escapeHtml(m.noneOnSale)}</p>`
      : `<div class="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">${seller.onSale
          .slice(0, 2)
          .map((book, index) => gridCard(book, index === 0))
          .join('')}</div>`;
  const onSale = seller.closed
    ? ''
    : `<section aria-labelledby="on-sale-heading" class="space-y-4"><h2 id="on-sale-heading" class="text-2xl font-bold">${escapeHtml(m.onSale)}</h2>${books}</section>`;
  return (
    `<article aria-labelledby="seller-heading" class="mx-auto max-w-6xl space-y-10 pb-20">${sellerHeader(seller)}` +
    `<div class="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">${onSale}</div></article>`
  );
}
