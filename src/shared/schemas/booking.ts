import { z } from 'zod';
import { bookingStatuses } from '#shared/constants.ts';
import { pageMessages } from '#shared/page-messages.ts';
import { buyerHandoverSchema } from './handover.ts';

/**
 * `POST /api/booking` and the booking dialog's form. The specification's payload carries the book's name,
 * price and the buyer's email too; the server reads those from the book and the session, never from here.
 */
export const bookingRequestSchema = z.object({
  bookId: z.uuid('choose a book to book'),
  bookName: z.string().max(300).optional(),
  price: z.union([z.number(), z.string().max(40)]).optional(),
  email: z.string().max(320).optional(),
  contact: z
    .string()
    .trim()
    .min(1, pageMessages.booking.phoneRequired)
    .max(30, 'phone number is too long')
    .regex(/^\+?[\d\s().-]+$/, 'phone number may only hold digits, spaces and + ( ) . -')
    .refine((v) => v.replace(/\D/g, '').length >= 6, 'phone number needs at least 6 digits'),
  meetinglocation: z.string().trim().max(200, 'meeting location is too long').optional().default(''),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

/**
 * A booking as the API shows it (the specification's wish-list item), with the book's pictures. `status` is
 * null while it awaits payment, which it must get before `holdUntil`; `endReason` says why a seller or an admin
 * cancelled it.
 */
export const bookingItemSchema = z.object({
  _id: z.uuid(),
  bookId: z.uuid(),
  bookName: z.string(),
  price: z.number(),
  currency: z.string(),
  email: z.string(),
  contact: z.string(),
  meetinglocation: z.string(),
  status: z.enum(bookingStatuses).nullable(),
  holdUntil: z.string(),
  endReason: z.string().nullable(),
  image: z.string(),
  thumbnail: z.string(),
  /** A paid order's handover; its code only in the buyer's own answers. */
  handover: buyerHandoverSchema.nullable(),
});
export type BookingItem = z.infer<typeof bookingItemSchema>;

/** The seller (or an admin) cancels a booking: the buyer is shown why. */
export const cancelBookingSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'say why you cancel this booking')
    .max(300, 'the reason is too long (300 characters at most)'),
});
export type CancelBooking = z.input<typeof cancelBookingSchema>;
