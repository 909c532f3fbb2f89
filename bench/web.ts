import { loadavg } from 'node:os';
import { type LighthouseScores, runLighthouse } from './lighthouse.ts';
import { measureHomeWeight, type PageWeight } from './page-weight.ts';

/** A page's median run by performance, with every run. */
export interface PageScores extends LighthouseScores {
  runs: LighthouseScores[];
}

export interface WebResults {
  weight: PageWeight;
  lighthouse: PageScores[];
}

/** One kind of page Lighthouse loads: its name, its path, and the headers it is asked with. */
export interface WebPage {
  page: string;
  path: string;
  headers?: Record<string, string>;
}

/**
 * The kinds of page a visitor on a phone lands on, signed out (as a link from a search engine or a chat brings them):
 * Home, a category page, a book's page, a search and a seller's page; and Login.
 */
export function visitorPages(ids: { category: string; bookId: string; search: string; sellerId: string }): WebPage[] {
  return [
    { page: 'Home', path: '/' },
    // A visitor's category page is the public search with the category chosen (/categoryBooks/… is for the signed in).
    { page: 'Category', path: `/search?category=${encodeURIComponent(ids.category)}` },
    { page: 'Book', path: `/books/${ids.bookId}` },
    { page: 'Search', path: `/search?q=${encodeURIComponent(ids.search)}` },
    { page: 'Seller', path: `/sellers/${ids.sellerId}` },
    { page: 'Login', path: '/login' },
  ];
}

/**
 * Page weight from the build, then Lighthouse on each of `pages`, `runs` times each: Lighthouse's scores vary from run
 * to run, and the target is met only when every run meets it, so every run is reported, not just the median.
 */
export async function measureWeb(
  baseUrl: string,
  webRoot: string,
  pages: WebPage[],
  runs: number,
): Promise<WebResults> {
  const weight = measureHomeWeight(webRoot);
  const lighthouse: PageScores[] = [];
  for (const { page, path, headers = {} } of pages) {
    const scores: LighthouseScores[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const scored = await runLighthouse(baseUrl, page, path, headers).catch((e) =>
        retry(baseUrl, page, path, headers, e),
      );
      console.log(
        `  Lighthouse ${page} (${run}/${runs}): ${scored.performance}, TBT ${scored.tbtMs} ms, ` +
          `LCP ${scored.lcpMs} ms, load ${scored.load1.toFixed(2)}${scored.note ? ` (${scored.note})` : ''}`,
      );
      scores.push(scored);
    }
    const sorted = [...scores].sort((a, b) => a.performance - b.performance);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    lighthouse.push({ ...median, runs: scores });
  }
  return { weight, lighthouse };
}

/** One more try for a page whose Chromium run failed (it happens on a busy machine); then the failure is reported. */
async function retry(
  baseUrl: string,
  page: string,
  path: string,
  headers: Record<string, string>,
  first: unknown,
): Promise<LighthouseScores> {
  console.log(`  Lighthouse ${page} failed (${lastLine(first)}); trying once more`);
  try {
    return await runLighthouse(baseUrl, page, path, headers);
  } catch (error) {
    return {
      page,
      path,
      performance: 0,
      accessibility: 0,
      bestPractices: 0,
      tbtMs: 0,
      lcpMs: 0,
      load1: loadavg()[0]!,
      note: `failed: ${lastLine(error)}`,
    };
  }
}

function lastLine(error: unknown): string {
  const lines = (error instanceof Error ? error.message : String(error)).split('\n').filter((l) => l.trim());
  return lines.at(-1)?.trim().slice(0, 200) ?? 'no message';
}
