import { z } from 'zod';
import type { IsbnDetails } from '#shared/schemas/isbn-lookup.ts';

/** How long the lookup service may take to answer: the seller is waiting at the form. */
export const lookupTimeoutMs = 3000;
/** An edition's answer is a few kilobytes; anything much larger is not one. */
const maxAnswerBytes = 1024 * 1024;

/** What the service said of an ISBN. */
export type Answer =
  | { outcome: 'found'; details: IsbnDetails; coverUrl: string | null }
  | { outcome: 'not-found' }
  | { outcome: 'unavailable' };

/** A cover's address as the catalogue wrote it; whether it is fetched is coverPolicy's to say, so odd ones are no cover. */
const coverUrl = z.string().max(2048).optional().catch(undefined);
const named = z.array(z.object({ name: z.string().trim().min(1) }).loose()).optional();

/** One edition in the Books API's `jscmd=data` shape (https://openlibrary.org/dev/docs/api/books); the rest is ignored. */
const editionSchema = z
  .object({
    title: z.string().trim().min(1),
    subtitle: z.string().optional(),
    authors: named,
    publishers: named,
    publish_date: z.string().optional(),
    cover: z.object({ small: coverUrl, medium: coverUrl, large: coverUrl }).optional(),
  })
  .loose();

const clip = (text: string | undefined, max = 200) => (text ? text.slice(0, max) : null);

/** The year of a publish date as Open Library writes them ("1988", "March 1, 2003", "2003-03"). */
function yearOf(publishDate: string | undefined): number | null {
  const year = publishDate?.match(/\b(1[4-9]\d\d|20\d\d)\b/)?.[1];
  return year ? Number(year) : null;
}

/**
 * Asks the Books API of Open Library (or the server at `baseUrl` that answers like it) about `isbn` (13 digits):
 * one call that carries the authors' names, the publishers, the publish date and the cover's URLs. A timeout, a
 * network failure, an error status or an answer not in the documented shape is `unavailable`.
 */
export async function askOpenLibrary(baseUrl: string, isbn: string, userAgent: string): Promise<Answer> {
  const key = `ISBN:${isbn}`;
  const url = new URL('/api/books', baseUrl);
  url.search = new URLSearchParams({ bibkeys: key, format: 'json', jscmd: 'data' }).toString();
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': userAgent },
      signal: AbortSignal.timeout(lookupTimeoutMs),
    });
    if (!res.ok) return { outcome: 'unavailable' };
    const text = await res.text();
    if (text.length > maxAnswerBytes) return { outcome: 'unavailable' };
    const answer = z.record(z.string(), z.unknown()).safeParse(JSON.parse(text));
    if (!answer.success) return { outcome: 'unavailable' };
    if (!(key in answer.data)) return { outcome: 'not-found' };
    const edition = editionSchema.safeParse(answer.data[key]);
    if (!edition.success) return { outcome: 'unavailable' };
    const { title, subtitle, authors, publishers, publish_date, cover } = edition.data;
    const fullTitle = subtitle ? `${title}: ${subtitle}` : title;
    return {
      outcome: 'found',
      details: {
        title: fullTitle.slice(0, 200),
        author: clip(authors?.map((author) => author.name).join(', ')),
        publisher: clip(publishers?.[0]?.name),
        publicationYear: yearOf(publish_date),
      },
      coverUrl: cover?.large ?? cover?.medium ?? cover?.small ?? null,
    };
  } catch {
    return { outcome: 'unavailable' };
  }
}
