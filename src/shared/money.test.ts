import { describe, expect, it } from 'vitest';
import { locales } from '#shared/i18n/locales.ts';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('writes a price as the language does, and keeps the currency symbol whole in a right-to-left one', () => {
    expect(formatMoney(8, 'USD', locales.en.intl)).toBe('$8.00');
    expect(formatMoney(12.5, 'EUR', locales.de.intl)).toBe('12,50\u00a0€');
    expect(formatMoney(8, 'USD', locales.ar.intl)).toBe('\u200f8.00\u00a0\u2066US$\u2069');
  });
});
