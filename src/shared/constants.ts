export const conditions = ['Excellent', 'Good', 'Fair'] as const;
export type Condition = (typeof conditions)[number];

export const roles = ['Buyer', 'Seller', 'Admin'] as const;
export type Role = (typeof roles)[number];

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

/** Lists answer a plain array (the specification's shape); the total rides in this header. */
export const totalCountHeader = 'X-Total-Count';

export const pageSizeDefault = 24;
export const pageSizeMax = 100;
/** Advertised books on Home; the server preloads that list with Home's page (server/http/web-app-pages.ts). */
export const homeAdvertisedCount = 12;
