import { routesTagged } from './access.ts';

/**
 * The parts of the API, each an OpenAPI tag that groups its routes in the document. One part's routes may come
 * from several features (Books: the catalogue, search, the ISBN lookup and the price guide).
 */
const tags = [
  'Account',
  'Bookings',
  'Books',
  'Bundles',
  'Categories',
  'Conversations',
  'Handovers',
  'Health',
  'Mail',
  'Notifications',
  'Payments',
  'Payouts',
  'Reports',
  'Shelf',
  'Reviews',
  'Sellers',
  'Uploads',
  'Users',
  'Wanted',
] as const;

type Tag = (typeof tags)[number];

/**
 * Each part's routes, defined by method, path and access: `api.Bookings.post('/booking', 'signed-in', { … })`. A
 * part's words, and those of each of its operations, are in its features' references
 * (`features/bookings/bookings.reference.md`).
 */
export const api = Object.fromEntries(tags.map((tag) => [tag, routesTagged(tag)])) as {
  [T in Tag]: ReturnType<typeof routesTagged>;
};
