import { z } from 'zod';

/** The book an order is for, as the order names it: its id and name, and the price it was booked at. */
export const orderedBookFields = {
  bookId: z.uuid(),
  bookName: z.string(),
  price: z.number(),
  currency: z.string(),
};
