import type { PageQuery } from '#shared/schemas/book.ts';

/** A page of a list, and how many the whole list holds. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** A select that can still be given a limit and an offset. */
export interface Pageable<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/**
 * One page of a list and the count of the whole list, read side by side: `rows` selects the list in its order,
 * `counted` counts the same rows (`select({ n: count() })` with the same joins and filter).
 */
export async function paginate<Row, T>(
  rows: Pageable<Row>,
  counted: PromiseLike<{ n: number }[]>,
  page: PageQuery,
  toItem: (row: Row) => T,
): Promise<Page<T>> {
  const [found, [total]] = await Promise.all([rows.limit(page.limit).offset((page.page - 1) * page.limit), counted]);
  return { items: found.map(toItem), total: total?.n ?? 0 };
}
