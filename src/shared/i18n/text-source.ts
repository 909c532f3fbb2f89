import { AsyncLocalStorage } from 'node:async_hooks';
import { english, translations } from './catalogues/index.ts';
import { type Compiled, compileCatalogue, type TextSource } from './icu.ts';
import { type Locale, locales } from './locales.ts';

// Outside the browser: the server, its jobs and CLIs, and the tests. Texts are English unless code runs inside
// `inLocale` (a page's head in its language, a mail in its recipient's).

/** The English texts, compiled once. */
export const englishTexts = compileCatalogue(english, { intl: locales.en.intl });

type Texts = Compiled<typeof english>;

const compiled = new Map<Locale, Texts>([['en', englishTexts]]);

/** Every text in `locale`, compiled once. */
export function textsIn(locale: Locale): Texts {
  let found = compiled.get(locale);
  if (!found) {
    // A translation has English's shape (`Catalogue`); its strings compile to the same functions.
    found = compileCatalogue(translations[locale as Exclude<Locale, 'en'>], {
      intl: locales[locale].intl,
    }) as unknown as Texts;
    compiled.set(locale, found);
  }
  return found;
}

const current = new AsyncLocalStorage<Locale>();

/** Runs `work` with the texts and formats of `locale` (and what it awaits, as it is asynchronous context). */
export function inLocale<T>(locale: Locale, work: () => T): T {
  return current.run(locale, work);
}

export const textSource: TextSource = {
  locale: () => current.getStore() ?? 'en',
  texts: () => textsIn(current.getStore() ?? 'en'),
};
