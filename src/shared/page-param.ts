/** The page a list's URL asks for (`?page=`): a whole number from 1, whatever was typed. */
export function pageFromSearch(search: URLSearchParams): number {
  return Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
}
