export const conditions = ['Excellent', 'Good', 'Fair'] as const;
export type Condition = (typeof conditions)[number];

export const roles = ['Buyer', 'Seller', 'Admin'] as const;
export type Role = (typeof roles)[number];

/** Roles a person may choose for themselves at sign-up; Admin is only ever granted. */
export const selfServiceRoles = ['Buyer', 'Seller'] as const;

export const bookStatuses = ['Available', 'Booked', 'Sold'] as const;
export type BookStatus = (typeof bookStatuses)[number];

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
