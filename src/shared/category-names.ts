import { intlLocale, texts } from '#shared/i18n/texts.ts';

/**
 * A category's name in the language of the moment. The default shelf's names are translated; a category the
 * catalogues do not name shows as it is stored (which is also what addresses, the API and the search use).
 */
export function categoryName(name: string): string {
  const names: Record<string, string> = texts.categoryNames;
  return Object.hasOwn(names, name) ? names[name]! : name;
}

/** Categories in the alphabetical order of their names in the language of the moment (the API sorts the English). */
export function inCategoryNameOrder<T extends { name: string }>(categories: readonly T[]): T[] {
  const collator = new Intl.Collator(intlLocale());
  return [...categories].sort((a, b) => collator.compare(categoryName(a.name), categoryName(b.name)));
}
