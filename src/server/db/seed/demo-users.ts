import type { Role } from '#shared/constants.ts';

/** The demo accounts of a fresh embedded database; their passwords are listed in the README. */
export const demoUsers: { name: string; email: string; password: string; role: Role; verified: boolean }[] = [
  { name: 'Ada Admin', email: 'admin@bigbookshelf.test', password: 'Admin#2026', role: 'Admin', verified: false },
  { name: 'Sam Seller', email: 'seller@bigbookshelf.test', password: 'Seller#2026', role: 'Seller', verified: true },
  {
    name: 'Nora Newseller',
    email: 'newseller@bigbookshelf.test',
    password: 'Seller#2026',
    role: 'Seller',
    verified: false,
  },
  { name: 'Ben Buyer', email: 'buyer@bigbookshelf.test', password: 'Buyer#2026', role: 'Buyer', verified: false },
];
