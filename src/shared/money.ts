import { locales } from '#shared/i18n/locales.ts';
import { intlLocale } from '#shared/i18n/texts.ts';

/**
 * An amount as typed, with a decimal comma read as a point (`12,50` → `12.50`), as Spanish, German and many other
 * languages write it; `1,250` (a thousands separator in English) is left as it is.
 */
export function withDecimalPoint(typed: string): string {
  return /^\d+,\d{1,2}$/.test(typed) ? typed.replace(',', '.') : typed;
}

export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * One formatter per language and currency: making one costs far more than formatting with it, and a grid formats
 * dozens.
 */
const formatters = new Map<string, Intl.NumberFormat>();

/** An amount in the store's currency, written as the language of the moment (or `locale`, an `Intl` one) writes it. */
export function formatMoney(amount: number, currency: string, locale = intlLocale()): string {
  const key = `${locale} ${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  if (!rightToLeft.has(locale)) return formatter.format(amount);
  // Written right to left, a symbol of mixed letters and signs (`US$`) would come apart (`$US`): it goes between
  // left-to-right isolates, and the amount keeps its Latin digits in their order.
  return formatter
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? `\u2066${part.value}\u2069` : part.value))
    .join('');
}

const rightToLeft = new Set<string>(
  Object.values(locales)
    .filter((language) => language.dir === 'rtl')
    .map((language) => language.intl),
);
