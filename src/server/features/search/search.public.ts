// What other features may use of search: a page of results, as the API finds them (the search page's first view).
export { searchBooks } from './search.service.ts';
