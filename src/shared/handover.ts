import type { BuyerHandover } from './schemas/handover.ts';

// The handover of a paid order (ADR 020), without zod, so the pages that show it load no schema.

/** How many wrong codes an order accepts before every further try is refused. */
export const handoverMaxWrongTries = 5;
export const problemReasonMaxChars = 500;

/**
 * Whether the buyer may report a problem now. Decided by the reader's clock, not in the answer: a signed-in
 * answer is kept while no order changes (ADR 012), and time passing changes none.
 */
export const canReportProblem = (handover: BuyerHandover, now = Date.now()) =>
  handover.state === 'awaiting' && !handover.problemReported && Date.parse(handover.problemFrom) <= now;
