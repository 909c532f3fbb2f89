import { textSource } from '#shared/i18n/text-source.ts';
import type { english } from './catalogues/en.ts';
import type { Compiled } from './icu.ts';
import { type Locale, locales } from './locales.ts';

/** Every text of the store, compiled for one language. */
export type Texts = Compiled<typeof english>;

/** The language texts and formats are in right now. */
export const currentLocale = (): Locale => textSource.locale();

/** The `Intl` locale of the language of the moment: what prices, dates and numbers are formatted for. */
export const intlLocale = (): string => locales[currentLocale()].intl;

/**
 * The store's texts in the language of the moment: `texts.orders.payBy({ when })`. On the server and in tests
 * (text-source.ts) that is English: refusals are translated on their way out, and mail is written in its
 * recipient's language. The web build swaps in web/lib/text-source.ts: the language of the page's path, loaded
 * before any module reads a text.
 */
export const texts: Texts = new Proxy({} as Texts, {
  get(_, section: string) {
    const found = (textSource.texts() as Record<string, unknown>)[section];
    if (found === undefined) throw new Error(`The texts of "${section}" are not loaded yet`);
    return found;
  },
});
