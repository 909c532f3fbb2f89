import { type LighthouseScores, runLighthouse } from './lighthouse.ts';
import { measureHomeWeight, type PageWeight } from './page-weight.ts';

/** A page's median run, with every run's performance score. */
export interface PageScores extends LighthouseScores {
  performanceRuns: number[];
}

export interface WebResults {
  weight: PageWeight;
  lighthouse: PageScores[];
}

/**
 * Page weight from the build, then Lighthouse on Home, a category page (signed in: signed out it
 * redirects to /login) and Login, `runs` times each: Lighthouse's scores vary from run to run, and its
 * authors advise the median of several.
 */
export async function measureWeb(
  baseUrl: string,
  webRoot: string,
  category: string,
  cookie: string,
  runs: number,
): Promise<WebResults> {
  const weight = measureHomeWeight(webRoot);
  const pages: [string, string, Record<string, string>][] = [
    ['Home', '/', {}],
    ['Category (signed in)', `/categoryBooks/${encodeURIComponent(category)}`, { Cookie: cookie }],
    ['Login', '/login', {}],
  ];
  const lighthouse: PageScores[] = [];
  for (const [page, path, headers] of pages) {
    const scores: LighthouseScores[] = [];
    for (let run = 1; run <= runs; run += 1) {
      console.log(`  Lighthouse ${page} (${run}/${runs})`);
      scores.push(
        await runLighthouse(baseUrl, page, path, headers).catch((e) => retry(baseUrl, page, path, headers, e)),
      );
    }
    const sorted = [...scores].sort((a, b) => a.performance - b.performance);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    lighthouse.push({ ...median, performanceRuns: scores.map((s) => s.performance) });
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
    return { page, path, performance: 0, accessibility: 0, bestPractices: 0, note: `failed: ${lastLine(error)}` };
  }
}

function lastLine(error: unknown): string {
  const lines = (error instanceof Error ? error.message : String(error)).split('\n').filter((l) => l.trim());
  return lines.at(-1)?.trim().slice(0, 200) ?? 'no message';
}
