/**
 * Categories (features/categories): English texts, every leaf an ICU string (ADR 030). The default shelf's names
 * as each language writes them; a category keeps its English name in addresses, the API and the search.
 */
export const categoriesMessages = {
  categoryNames: {
    Fiction: 'Fiction',
    'Science Fiction': 'Science Fiction',
    History: 'History',
    Science: 'Science',
    Children: 'Children',
    Biography: 'Biography',
    'Self-Help': 'Self-Help',
    Poetry: 'Poetry',
  },
} as const;
