import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './app-server.ts';
import { runNodeScript } from './children.ts';

export interface LighthouseScores {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Total blocking time and largest contentful paint, in ms (Lighthouse's simulated mobile figures). */
  tbtMs: number;
  lcpMs: number;
  /** The load average (1 minute) when the run ended: other work on the machine shows in the scores. */
  load1: number;
  /** Set when the page ended somewhere else (e.g. redirected to /login). */
  note?: string;
}

interface Report {
  finalDisplayedUrl: string;
  runtimeError?: { message: string };
  categories: Record<'performance' | 'accessibility' | 'best-practices', { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** Where each run's report is kept when BENCH_LIGHTHOUSE_REPORTS names a folder (to read its trace's details). */
const keptReports = process.env.BENCH_LIGHTHOUSE_REPORTS;

/** Lighthouse's CLI (mobile preset, its default) on Debian's Chromium, one page per run. */
export async function runLighthouse(
  baseUrl: string,
  page: string,
  pagePath: string,
  headers: Record<string, string> = {},
): Promise<LighthouseScores> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-lighthouse-'));
  const output = path.join(dir, 'report.json');
  try {
    await runNodeScript(
      `lighthouse ${page}`,
      [
        path.join(repoRoot, 'node_modules/lighthouse/cli/index.js'),
        `${baseUrl}${pagePath}`,
        '--output=json',
        `--output-path=${output}`,
        '--log-level=error',
        '--chrome-flags=--headless=new --no-sandbox',
        '--only-categories=performance,accessibility,best-practices',
        `--extra-headers=${JSON.stringify(headers)}`,
      ],
      // Chromium leaves org.chromium.* folders in TMPDIR: give it this run's folder, removed below.
      { CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium', TMPDIR: dir },
      180_000,
    );
    const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
    if (keptReports) {
      mkdirSync(keptReports, { recursive: true });
      const name = `${page.replace(/\W+/g, '-').toLowerCase()}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
      copyFileSync(output, path.join(keptReports, name));
    }
    // A failed trace (NO_NAVSTART and the like) scores 0 without failing the run: make it fail, so it is retried.
    if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.message}`);
    const landed = new URL(report.finalDisplayedUrl).pathname;
    const note = landed === new URL(pagePath, baseUrl).pathname ? undefined : `ended at ${landed}`;
    return {
      page,
      path: pagePath,
      performance: score(report.categories.performance.score),
      accessibility: score(report.categories.accessibility.score),
      bestPractices: score(report.categories['best-practices'].score),
      tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
      lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
      load1: loadavg()[0]!,
      note,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
