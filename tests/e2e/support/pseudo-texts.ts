import { english } from '#shared/i18n/catalogues/en.ts';
import { compileCatalogue, hasPlaceholders } from '#shared/i18n/icu.ts';
import { locales } from '#shared/i18n/locales.ts';
import { pseudoText } from '../../../src/build/pseudo-locale.ts';

/** English's texts as the pseudo-locale's build shows them (src/build/pseudo-locale.ts), for finding things on its pages. */
function pseudo(leaf: unknown): unknown {
  if (typeof leaf === 'string') return pseudoText(leaf, hasPlaceholders(leaf));
  if (Array.isArray(leaf)) return leaf.map(pseudo);
  return Object.fromEntries(Object.entries(leaf as object).map(([key, value]) => [key, pseudo(value)]));
}

export const pseudoTexts = compileCatalogue(pseudo(english) as typeof english, { intl: locales.en.intl });
