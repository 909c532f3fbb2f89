import { z } from 'zod';
import { handoverStates, problemReasonMaxChars } from '#shared/handover.ts';
import { texts } from '#shared/i18n/texts.ts';
import { orderBundleNamesSchema } from './bundle-order.ts';
import { orderedBookFields } from './ordered-book.ts';
import { requiredText } from './text-fields.ts';

const t = texts.handover;

/** The seller enters the buyer's code at the meetup (`POST /api/booking/{id}/handover` and its dialog). */
export const handoverCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, t.codeFormat),
});

/** The buyer reports that an order was not handed over (`POST /api/booking/{id}/problem` and its dialog). */
export const problemReportSchema = z.object({
  reason: requiredText(t.reasonRequired, problemReasonMaxChars, t.reasonTooLong({ max: problemReasonMaxChars })),
});

/** A paid order's handover as its buyer sees it: the code, and from when a problem may be reported. */
export const buyerHandoverSchema = z.object({
  state: z.enum(handoverStates),
  code: z.string().nullable().describe('The code to show the seller, until the order is handed over.'),
  problemFrom: z.string().describe('From when the buyer may report a problem, if it is not handed over by then.'),
  problemReported: z
    .boolean()
    .describe('Whether a problem was reported (a buyer reports once per order, even when an admin dismissed it).'),
});
export type BuyerHandover = z.infer<typeof buyerHandoverSchema>;

/** A sold book's handover as its seller sees it: never the code. */
export const sellerHandoverSchema = z.object({
  state: z.enum(handoverStates),
  triesLeft: z.number().int(),
});
export type SellerHandover = z.infer<typeof sellerHandoverSchema>;

/** A problem report in the admins' queue (Reported Items). */
export const handoverProblemSchema = z.object({
  bookingId: z.uuid(),
  ...orderedBookFields,
  bundle: orderBundleNamesSchema,
  buyerName: z.string(),
  buyerEmail: z.string(),
  sellerName: z.string(),
  sellerEmail: z.string(),
  reason: z.string().describe('What the buyer wrote.'),
  paidAt: z.string().describe('When the order was paid (ISO 8601).'),
  reportedAt: z.string().describe('When the buyer reported the problem (ISO 8601).'),
});
export type HandoverProblem = z.infer<typeof handoverProblemSchema>;
