// The handover of a paid order (ADR 020), without zod, so the pages that show it load no schema.

/** How many wrong codes an order accepts before every further try is refused. */
export const handoverMaxWrongTries = 5;
export const problemReasonMaxChars = 500;

/** How the handover of a paid order stands; a dismissed problem is awaiting again, a refunded one ended. */
export const handoverStates = ['awaiting', 'handedOver', 'problemReported', 'refunded'] as const;
export type HandoverState = (typeof handoverStates)[number];

/**
 * Whether the buyer may report a problem now. Decided by the reader's clock, not in the answer: a signed-in
 * answer is kept while no order changes (ADR 012), and time passing changes none.
 */
export const canReportProblem = (
  handover: { state: HandoverState; problemReported: boolean; problemFrom: string },
  now = Date.now(),
) => handover.state === 'awaiting' && !handover.problemReported && Date.parse(handover.problemFrom) <= now;
