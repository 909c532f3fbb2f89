import { pageDataId } from '#shared/constants.ts';

// A page the server describes carries the API answers it shows first, by URL, in a JSON script
// (server/features/seo/page-heads.ts): a book's page holds the book, so its cover and text draw without a request.

let answers: Map<string, unknown> | undefined;

function read(): Map<string, unknown> {
  const text = document.getElementById(pageDataId)?.textContent;
  if (!text) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(text) as Record<string, unknown>));
  } catch {
    return new Map();
  }
}

/**
 * The answer the page was loaded with for the API `url`, once: a later ask (a refetch, the page visited again) goes to
 * the server. Undefined when the page has none.
 */
export function takePageAnswer<T>(url: string): T | undefined {
  answers ??= read();
  if (!answers.has(url)) return undefined;
  const answer = answers.get(url) as T;
  answers.delete(url);
  return answer;
}
