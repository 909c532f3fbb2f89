import { type Locale, localeCodes, sourceLocale } from '../locales.ts';
import { type Catalogue, english, refusals } from './en.ts';

// Every language's catalogue, for the server (mail, refusals, page heads) and the catalogue check: each language of
// locales.ts has its file here, named by its code (`es.ts`), whose default export `satisfies Catalogue`. The web
// loads them a language at a time instead (build/catalogue-chunks.ts, by the same names).

type Translated = Exclude<Locale, 'en'>;

export const translations = Object.fromEntries(
  await Promise.all(
    localeCodes
      .filter((code) => code !== sourceLocale)
      .map(async (code) => [code, ((await import(`./${code}.ts`)) as { default: Catalogue }).default] as const),
  ),
) as Record<Translated, Catalogue>;

export { english, refusals };
