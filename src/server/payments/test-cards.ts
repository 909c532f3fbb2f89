import type { TestCard } from '#shared/schemas/payment.ts';

export interface CardDecline {
  code: string;
  declineCode?: string;
  message: string;
}

const declined = 'Your card was declined.';

/**
 * The card processor's published test numbers (Stripe's "Testing" page): these succeed, or fail with
 * the processor's own code and message. Every other number is refused.
 */
const testCards: Record<string, CardDecline | null> = {
  '4242424242424242': null,
  '4000056655665556': null,
  '5555555555554444': null,
  '2223003122003222': null,
  '5200828282828210': null,
  '5105105105105100': null,
  '378282246310005': null,
  '371449635398431': null,
  '6011111111111117': null,
  '6011000990139424': null,
  '3056930009020004': null,
  '36227206271667': null,
  '3566002020360505': null,
  '6200000000000005': null,
  '4000000000000002': { code: 'card_declined', declineCode: 'generic_decline', message: declined },
  '4000000000009995': {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': { code: 'card_declined', declineCode: 'lost_card', message: declined },
  '4000000000009979': { code: 'card_declined', declineCode: 'stolen_card', message: declined },
  '4100000000000019': { code: 'card_declined', declineCode: 'fraudulent', message: declined },
  '4000000000006975': {
    code: 'card_declined',
    declineCode: 'card_velocity_exceeded',
    message: 'Your card was declined for making repeated attempts too frequently or exceeding its amount limit.',
  },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

export const liveCardRefusal: CardDecline = {
  code: 'card_declined',
  declineCode: 'test_mode_live_card',
  message: 'Your card was declined: test mode accepts only test card numbers, such as 4242 4242 4242 4242.',
};

export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** What the test processor makes of a card: null when the charge succeeds, else why it was declined. */
export function checkTestCard(card: TestCard, now = new Date()): CardDecline | null {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !isLuhnValid(digits)) {
    return { code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  const expiry = /^(\d{2})\s*\/?\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = expiry?.[2]?.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) {
    return { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  }
  const thisYear = now.getUTCFullYear();
  if (year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1)) {
    return { code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." };
  }
  if (year > thisYear + 50) return { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };
  if (!(digits in testCards)) return liveCardRefusal;
  const cvcLength = /^3[47]/.test(digits) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) {
    return { code: 'invalid_cvc', message: "Your card's security code is invalid." };
  }
  return testCards[digits] ?? null;
}
