import { describe, expect, it } from 'vitest';
import { testCardSchema } from '#shared/schemas/payment.ts';
import { checkTestCard, isLuhnValid, liveCardRefusal } from './test-cards.ts';

const now = new Date('2026-06-15T12:00:00Z');
const card = (cardNumber: string, expiry = '12/30', cvc = '123') => checkTestCard({ cardNumber, expiry, cvc }, now);

describe('the test card processor', () => {
  it('charges the published success numbers, written with spaces or dashes', () => {
    expect(card('4242 4242 4242 4242')).toBeNull();
    expect(card('4242-4242-4242-4242')).toBeNull();
    expect(card('5555555555554444')).toBeNull();
    expect(card('378282246310005', '12/30', '1234')).toBeNull();
  });

  it('declines the documented decline numbers with the processor’s messages', () => {
    expect(card('4000000000000002')).toEqual({
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(card('4000000000009995')?.message).toBe('Your card has insufficient funds.');
    expect(card('4000000000000069')?.message).toBe('Your card has expired.');
    expect(card('4000000000000127')?.message).toBe("Your card's security code is incorrect.");
    expect(card('4000000000009987')?.declineCode).toBe('lost_card');
  });

  it('refuses a real-looking card (Luhn-valid, not a test number) and a mistyped one', () => {
    expect(card('4539 1488 0343 6467')).toEqual(liveCardRefusal);
    expect(card('5425 2334 3010 9903')).toEqual(liveCardRefusal);
    expect(card('4242 4242 4242 4241')).toEqual({
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
    });
    expect(card('1234')?.code).toBe('incorrect_number');
  });

  it('checks the expiry against today, month by month', () => {
    expect(card('4242424242424242', '06/26')).toBeNull();
    expect(card('4242424242424242', '06/2026')).toBeNull();
    expect(card('4242424242424242', '05/26')?.message).toBe("Your card's expiration date is in the past.");
    expect(card('4242424242424242', '13/26')?.code).toBe('invalid_expiry_month');
    expect(card('4242424242424242', '01/99')?.message).toBe("Your card's expiration year is invalid.");
  });

  it('takes the expiry typed without a slash, as card readers and phones type it', () => {
    expect(card('4242424242424242', '1230')).toBeNull();
    expect(card('4242424242424242', '122030')).toBeNull();
    expect(testCardSchema.shape.expiry.safeParse('1230').success).toBe(true);
    expect(testCardSchema.shape.expiry.safeParse('1330').success).toBe(false);
  });

  it('wants four CVC digits for American Express and three for the others', () => {
    expect(card('378282246310005', '12/30', '123')?.code).toBe('invalid_cvc');
    expect(card('4242424242424242', '12/30', '1234')?.code).toBe('invalid_cvc');
  });

  it('knows the Luhn checksum', () => {
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
  });
});
