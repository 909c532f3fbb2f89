import { z } from 'zod';
import { bookingStatuses } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import { orderBundleSchema } from './bundle-order.ts';
import { buyerHandoverSchema } from './handover.ts';
import { orderedBookFields } from './ordered-book.ts';
import { requiredText } from './text-fields.ts';

/**
 * `POST /api/booking` and the booking dialog's form. The specification's payload carries the book's name,
 * price and the buyer's email too; the server reads those from the book and the session, never from here.
 */
export const bookingRequestSchema = z.object({
  bookId: z.uuid('choose a book to book'),
  bookName: z.string().max(300).optional(),
  price: z.union([z.number(), z.string().max(40)]).optional(),
  email: z.string().max(320).optional(),
  contact: requiredText(texts.booking.phoneRequired, 30, 'phone number is too long')
    .regex(/^\+?[\d\s().-]+$/, 'phone number may only hold digits, spaces and + ( ) . -')
    .refine((v) => v.replace(/\D/g, '').length >= 6, 'phone number needs at least 6 digits'),
  meetinglocation: z.string().trim().max(200, 'meeting location is too long').optional().default(''),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

/** The seller (or an admin) cancels a booking: the buyer is shown why. */
export const cancelBookingSchema = z.object({
  reason: requiredText('say why you cancel this booking', 300, 'the reason is too long (300 characters at most)'),
});

/** A booking as the API shows it (the specification's wish-list item), with the book's pictures. */
export const bookingItemSchema = z.object({
  _id: z.uuid(),
  ...orderedBookFields,
  email: z.string().describe("The buyer's email address."),
  contact: z.string().describe("The buyer's phone number."),
  meetinglocation: z.string(),
  status: z.enum(bookingStatuses).nullable().describe('Null while the booking awaits payment.'),
  holdUntil: z.string().describe('When a booking that awaits payment lapses (ISO 8601).'),
  endReason: z.string().nullable().describe('Why a seller or an admin cancelled it.'),
  image: z.string(),
  thumbnail: z.string(),
  handover: buyerHandoverSchema
    .nullable()
    .describe("A paid order's handover; its code only in the buyer's own answers."),
  orderNumber: z.string().describe('The short number a person quotes for this order (the first part of its id).'),
  bookedAt: z.string().describe('When it was booked (ISO 8601).'),
  seller: z
    .object({
      name: z.string(),
      phone: z.string().describe("The phone number of the seller's listing."),
      location: z.string().describe("The listing's location."),
    })
    .nullable()
    .describe('Whom the buyer meets: shown for a paid order until it is handed over, else null.'),
  bundle: orderBundleSchema,
});
export type BookingItem = z.infer<typeof bookingItemSchema>;
