import { categoryName } from '#shared/category-names.ts';
import type { Condition } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import type { SavedSearch, WantedEntry } from '#shared/schemas/wanted.ts';

const t = texts.wanted;

/** The search page's address of a saved search (its filters as the page writes them), or of an ISBN. */
export function searchLinkOf(entry: WantedEntry): string {
  const params = new URLSearchParams();
  if (entry.isbn) params.set('q', entry.isbn);
  const search: Partial<SavedSearch> = entry.search ?? {};
  if (search.q) params.set('q', search.q);
  if (search.category) params.set('category', search.category);
  if (search.condition) params.set('condition', search.condition);
  if (search.minPrice != null) params.set('minPrice', String(search.minPrice));
  if (search.maxPrice != null) params.set('maxPrice', String(search.maxPrice));
  if (search.verified) params.set('verified', 'true');
  return `/search?${params}`;
}

/** An entry in words: "Dune (ISBN 978…)" (or the bare ISBN while no title is known), or the search and its filters. */
export function describeEntry(entry: WantedEntry): { title: string; filters: string[] } {
  if (!entry.search) {
    const isbn = entry.isbn ?? '';
    return { title: entry.title ? t.titled({ title: entry.title, isbn }) : t.isbn({ isbn }), filters: [] };
  }
  const { q, category, condition, minPrice, maxPrice, verified } = entry.search;
  const s = texts.search;
  const money = (amount: number) => formatMoney(amount, entry.currency);
  return {
    title: q ? t.search({ q }) : t.searchWithFilters,
    filters: [
      ...(category ? [`${s.category}: ${categoryName(category)}`] : []),
      ...(condition ? [`${s.condition}: ${texts.conditionNames[condition as Condition] ?? condition}`] : []),
      ...(minPrice != null ? [`${s.minPrice}: ${money(minPrice)}`] : []),
      ...(maxPrice != null ? [`${s.maxPrice}: ${money(maxPrice)}`] : []),
      ...(verified ? [s.verified] : []),
    ],
  };
}
