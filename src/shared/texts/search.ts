/** The search (features/search): English texts, every leaf an ICU string (ADR 030). */
export const searchMessages = {
  // Our own texts (the specification has no search or book page).
  search: {
    label: 'Search books',
    placeholder: 'Title, author or ISBN',
    submit: 'Search',
    heading: 'Search',
    /** `more`: more match than the `n` listed. */
    found: '{n, plural, one {# book} other {# books}} found for “{q}”',
    foundMore: 'More than {n, number} books found for “{q}”',
    forSale: '{n, plural, one {# book} other {# books}} for sale',
    forSaleMore: 'More than {n, number} books for sale',
    showingFor: 'No books match “{typed}”. Did you mean:',
    similar: 'No books match “{typed}” exactly. These titles and authors come close:',
    none: 'No books match “{q}”. Try fewer or other words, or clear the filters.',
    filters: 'Filters',
    category: 'Category',
    anyCategory: 'Any category',
    condition: 'Condition',
    anyCondition: 'Any condition',
    minPrice: 'Lowest price',
    maxPrice: 'Highest price',
    verified: 'Verified sellers only',
    apply: 'Apply',
    clear: 'Clear filters',
    sort: 'Sort by',
    sorts: {
      relevance: 'Relevance',
      newest: 'Newest',
      price_asc: 'Price: low to high',
      price_desc: 'Price: high to low',
    },
  },
} as const;
