import { describe, expect, it } from 'vitest';
import { english, translations } from './catalogues/index.ts';
import { compileCatalogue, formatText, hasPlaceholders, parseText } from './icu.ts';
import { locales } from './locales.ts';

// The store's own ICU formatter: what the catalogues use, written as the languages write it.

describe('formatText', () => {
  it('writes arguments, numbers with their skeleton, and quotes', () => {
    expect(formatText('Pay by {when}', 'en-US', { when: 'Friday' })).toBe('Pay by Friday');
    expect(formatText('{n, number} books', 'de-DE', { n: 12500 })).toBe('12.500 books');
    expect(formatText('{average, number, ::.0} stars', 'en-US', { average: 4.25 })).toBe('4.3 stars');
    expect(formatText("It''s {n}", 'en-US', { n: 1 })).toBe("It's 1");
  });

  it("chooses a plural's exact case, then the language's rule, with # as the number", () => {
    const bell = '{n, plural, =0 {Notifications} one {# unread notification} other {# unread notifications}}';
    expect(formatText(bell, 'en-US', { n: 0 })).toBe('Notifications');
    expect(formatText(bell, 'en-US', { n: 1 })).toBe('1 unread notification');
    expect(formatText(bell, 'en-US', { n: 1200 })).toBe('1,200 unread notifications');
    const arabic = '{n, plural, zero {z} one {o} two {t} few {# f} many {# m} other {# x}}';
    const inArabic = (n: number) => formatText(arabic, locales.ar.intl, { n });
    expect([0, 1, 2, 3, 11, 100].map(inArabic)).toEqual(['z', 'o', 't', '3 f', '11 m', '100 x']);
  });

  it("chooses a select's case, else its other", () => {
    const text = '{role, select, Seller {sells} other {buys}}';
    expect(formatText(text, 'en-US', { role: 'Seller' })).toBe('sells');
    expect(formatText(text, 'en-US', { role: 'Buyer' })).toBe('buys');
  });

  it('isolates each value when asked (the web in a right-to-left language), numbers formatted as they are', () => {
    const arabic = compileCatalogue({ by: 'بقلم {author}', count: '{n, number} كتب' } as const, {
      intl: locales.ar.intl,
      isolateValues: true,
    });
    expect(arabic.by({ author: 'J. K. Rowling (ed.)' })).toBe('بقلم \u2068J. K. Rowling (ed.)\u2069');
    expect(arabic.count({ n: 1200 })).toBe('1,200 كتب');
  });

  it('refuses a text without one of its values', () => {
    expect(() => formatText('Pay by {when}', 'en-US', {})).toThrow('"when"');
  });

  it('formats every text of every catalogue, parsed as the build parses them', () => {
    const values = new Proxy({}, { get: () => 2 }) as Record<string, number>;
    const leaves = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : Object.values(value as object).flatMap(leaves);
    for (const [code, catalogue] of [['en', english] as const, ...Object.entries(translations)]) {
      for (const text of leaves(catalogue).filter(hasPlaceholders)) {
        const intl = locales[code as keyof typeof locales].intl;
        expect(formatText(parseText(text), intl, values), text).not.toContain('{');
      }
    }
  });
});
