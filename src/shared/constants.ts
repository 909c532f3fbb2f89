export const conditions = ['Excellent', 'Good', 'Fair'] as const;
export type Condition = (typeof conditions)[number];

export const roles = ['Buyer', 'Seller', 'Admin'] as const;
export type Role = (typeof roles)[number];

/**
 * What an account may do: its role, and for an admin who was a seller before being made one, selling too (roles are
 * capabilities: making someone an admin takes nothing away from them).
 */
export function capabilitiesOf(role: Role, formerRole: Role | null | undefined): Role[] {
  return role === 'Admin' && formerRole === 'Seller' ? ['Admin', 'Seller'] : [role];
}

/** Roles a person may choose for themselves at sign-up; Admin is only ever granted. */
export const selfServiceRoles = ['Buyer', 'Seller'] as const;

export const bookStatuses = ['Available', 'Booked', 'Sold'] as const;
export type BookStatus = (typeof bookStatuses)[number];

/** Every status a listing row can have: `Removed` when its seller deleted it, an admin removed it or the
 * seller's account closed (the row stays for the orders that refer to it; nobody sees it listed). */
export const listingStatuses = [...bookStatuses, 'Removed'] as const;

/** How a booking stands: awaiting payment (null), paid, or ended without a sale. */
export const bookingStatuses = ['Paid', 'Expired', 'Cancelled', 'Refunded'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** Prices are stored in minor units (cents); the API shows major units. */
export const maxPriceCents = 100_000_000;

/** Uploaded pictures: at most this many bytes and pixels. */
export const maxImageBytes = 5 * 1024 * 1024;
export const maxImagePixels = 40_000_000;
/**
 * A profile photo is only ever shown as its 400 px thumbnail, so it gets a lower cap than a book photo: 25
 * megapixels still takes any phone's photo at its default size (24.5 MP from the newest iPhones' main camera,
 * 12.5 MP from the 50 MP Android sensors), while the worst picture to decode costs 5/8 of a book photo's
 * (100 MB of pixels instead of 160 MB, and as much less time).
 */
export const maxProfilePhotoPixels = 25_000_000;

/** Lists answer a plain array (the specification's shape); the total rides in this header. */
export const totalCountHeader = 'X-Total-Count';

export const pageSizeDefault = 24;
export const pageSizeMax = 100;
/** Advertised books on Home; the server preloads that list with Home's page (server/http/web-app-pages.ts). */
export const homeAdvertisedCount = 12;
/**
 * The id of the JSON script in which the server writes a page's first API answers, by URL (a book's page: the book),
 * for the web app to start from instead of asking (server/http/web-app-pages.ts, web/lib/page-data.ts).
 */
export const pageDataId = 'page-data';

/** How `GET /api/search` may order what it finds; relevance needs words to search for (else newest first). */
export const searchSorts = ['relevance', 'newest', 'price_asc', 'price_desc'] as const;
export type SearchSort = (typeof searchSorts)[number];
/**
 * The most books a search lists (in its order, after its filters): past it the answer says there are more
 * (`X-More-Found`) instead of counting them, so that a common word costs what a rare one does.
 */
export const searchReach = 1_000;
export const moreFoundHeader = 'X-More-Found';
/** Longer searches are refused (400, field `q`). Counted in characters (code points), not bytes. */
export const searchMaxChars = 200;
/**
 * How `GET /api/search` found its books (header `X-Search-Match`): `all` (no words: every listed book the
 * filters let through), `words` (the words as typed), `corrected` (nothing matched them; the books are those
 * of the suggestion in `X-Did-You-Mean`), `similar` (titles or authors like what was typed), `none`.
 */
export const searchMatches = ['all', 'words', 'corrected', 'similar', 'none'] as const;
export type SearchMatch = (typeof searchMatches)[number];
export const searchMatchHeader = 'X-Search-Match';
/** The corrected search, percent-encoded (a header carries ASCII only). */
export const didYouMeanHeader = 'X-Did-You-Mean';
/** Photos of one book: the cover and at most four more. */
export const maxBookPhotos = 5;

/** The defects checklist beside a book's condition, in the order it is shown; labels in messages.defects. */
export const bookDefects = [
  'notes_or_highlighting',
  'torn_or_loose_cover',
  'water_damage',
  'missing_pages',
  'ex_library',
  'signed_by_author',
] as const;
export type BookDefect = (typeof bookDefects)[number];
/** How many entries a Wanted list holds at most (ISBNs and saved searches together). */
export const wantedMax = 50;
