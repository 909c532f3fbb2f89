import { z } from '@hono/zod-openapi';
import type { Page } from '#server/db/paginate.ts';
import { totalCountHeader } from '#shared/constants.ts';
import { pageQuerySchema } from '#shared/schemas/book.ts';
import { type ErrorStatus, errorResponses, jsonContent } from './openapi.ts';

/** The API document's entry for X-Total-Count; `counted` says what it counts. */
export function totalCountDeclared(counted: string) {
  return { [totalCountHeader]: { schema: { type: 'integer' as const }, description: counted } };
}

/** The API document's answer of a page: an array of `item`, the whole list's count in X-Total-Count. */
export function pageResponse<T extends z.ZodType>(item: T, description: string, counted: string) {
  return { ...jsonContent(z.array(item), description), headers: totalCountDeclared(counted) };
}

/**
 * What a GET that lists a page of `item`s declares: the query that picks the page (`query`, when the list takes
 * more than that), and its answers: the page (`listed` describes the items, `counted` what X-Total-Count counts)
 * and the `errors` it can give besides those its declaration implies.
 */
export function pageOf<
  T extends z.ZodType,
  Params extends z.ZodObject | undefined = undefined,
  Query extends z.ZodObject = typeof pageQuerySchema,
>(
  item: T,
  listed: string,
  counted: string,
  { params, query, errors = [] }: { params?: Params; query?: Query; errors?: ErrorStatus[] } = {},
) {
  return {
    request: { params: params as Params, query: (query ?? pageQuerySchema) as Query },
    responses: { 200: pageResponse(item, listed, counted), ...errorResponses(...errors) },
  };
}

/** The header that carries the whole list's count. */
export function totalCountHeaders(total: number): Record<string, string> {
  return { [totalCountHeader]: String(total) };
}

/** A page as an answer: its items, and the whole list's count in X-Total-Count. */
export function pageAnswer<T>(page: Page<T>): { body: T[]; headers: Record<string, string> } {
  return { body: page.items, headers: totalCountHeaders(page.total) };
}
