import type { EndpointRow } from './api-suite.ts';
import type { BenchConfig } from './config.ts';
import type { LighthouseScores } from './lighthouse.ts';
import type { LoadResult } from './load.ts';
import type { Machine } from './machine.ts';
import type { PageWeight } from './page-weight.ts';

export const targets = {
  readShareOfLimit: 0.6,
  readP99Ms: 25,
  bookingsPerSecond: 1_000,
  categoryP50Growth: 1.5,
  homeJsGzipKb: 120,
  lighthouse: 95,
};

export interface CategoryScaling {
  category: string;
  smallBooks: number;
  books: number;
  small: LoadResult;
  large: LoadResult;
}

export interface DatabaseResults {
  label: string;
  version: string;
  rows: EndpointRow[];
  categoryScaling: CategoryScaling;
}

export interface WebResults {
  weight: PageWeight;
  lighthouse: LighthouseScores[];
}

export interface BenchResults {
  date: Date;
  config: BenchConfig;
  machine: Machine;
  limit: LoadResult;
  databases: DatabaseResults[];
  web?: WebResults;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const latency = (r: LoadResult, n: number) => (r.ok ? ms(n) : '–');
const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**');

function problems(result: LoadResult): string | undefined {
  const parts = [
    result.ok ? '' : 'no 2xx answer within the run',
    result.non2xx ? `${int(result.non2xx)} non-2xx answers` : '',
    result.errors ? `${int(result.errors)} connection errors/timeouts` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}

function endpointLine(row: EndpointRow, limit: LoadResult): string {
  const r = row.result;
  if (!r) return `| ${row.endpoint} | – | – | – | – | ${targetText(row)} | ${row.note ?? 'not measured'} |`;
  const clean = !r.non2xx && !r.errors;
  let ok: boolean | undefined;
  if (row.kind === 'public read') {
    ok = clean && r.rps >= targets.readShareOfLimit * limit.rps && r.p99 <= targets.readP99Ms;
  } else if (row.kind === 'write') {
    ok = !r.errors && r.rps >= targets.bookingsPerSecond;
  }
  const notes = [problems(r), row.note].filter(Boolean).join('; ');
  const result = ok === undefined ? 'no target' : verdict(ok);
  return `| ${row.endpoint} | ${int(r.rps)} | ${latency(r, r.p50)} | ${latency(r, r.p99)} | ${(r.rps / limit.rps).toFixed(2)} | ${targetText(row)} | ${result}${notes ? ` (${notes})` : ''} |`;
}

function targetText(row: EndpointRow): string {
  if (row.kind === 'public read') return `≥ ${targets.readShareOfLimit}× limit, p99 ≤ ${targets.readP99Ms} ms`;
  if (row.kind === 'write') return `≥ ${int(targets.bookingsPerSecond)}/s`;
  return '–';
}

function scalingLine(s: CategoryScaling): string {
  const measured = s.small.ok > 0 && s.large.ok > 0;
  const growth = s.large.p50 / Math.max(s.small.p50, 1);
  return (
    `| GET /api/books/{category} p50, ${int(s.smallBooks)} → ${int(s.books)} books | ` +
    `${latency(s.small, s.small.p50)} ms → ${latency(s.large, s.large.p50)} ms ` +
    `(${int(s.small.rps)} → ${int(s.large.rps)} req/s) | ${measured ? `${growth.toFixed(2)}×` : '–'} | ` +
    `≤ ${targets.categoryP50Growth}× | ${verdict(measured && growth <= targets.categoryP50Growth)} |`
  );
}

/** Each public read against node:http sending that endpoint's own headers and body, measured the same way. */
function sameBytesSection(rows: EndpointRow[], limit: LoadResult): string[] {
  const replayed = rows.filter((row) => row.result && row.sameBytes);
  if (replayed.length === 0) return [];
  return [
    'The same answers (headers and body, recorded from the app) sent by plain node:http — the limit for answers that big:',
    '',
    '| endpoint | answer: headers + body | node:http, same bytes, requests/s | × limit | app ÷ same bytes |',
    '|---|--:|--:|--:|--:|',
    ...replayed.map((row) => {
      const same = row.sameBytes!;
      return (
        `| ${row.endpoint} | ${int(same.headerBytes)} + ${int(same.bodyBytes)} B | ${int(same.result.rps)} | ` +
        `${(same.result.rps / limit.rps).toFixed(2)} | ${(row.result!.rps / same.result.rps).toFixed(2)} |`
      );
    }),
    '',
  ];
}

function databaseSection(d: DatabaseResults, limit: LoadResult): string[] {
  return [
    `## API on ${d.label} PostgreSQL ${d.version}`,
    '',
    '| endpoint | requests/s | p50 ms | p99 ms | × limit | target | result |',
    '|---|--:|--:|--:|--:|---|---|',
    `| node:http constant JSON (the limit) | ${int(limit.rps)} | ${ms(limit.p50)} | ${ms(limit.p99)} | 1.00 | – | – |`,
    ...d.rows.map((row) => endpointLine(row, limit)),
    '',
    ...sameBytesSection(d.rows, limit),
    '| category page cost | p50 (throughput) | growth | target | result |',
    '|---|---|--:|---|---|',
    scalingLine(d.categoryScaling),
    '',
  ];
}

function webSection(web: WebResults): string[] {
  const files = web.weight.jsFiles.map((f) => `\`${f.file}\` ${f.gzipKb.toFixed(1)} KB`).join(', ');
  const lines = [
    '## Web',
    '',
    `Initial JavaScript for Home (entry script and its modulepreloads, gzip): **${web.weight.jsGzipKb.toFixed(1)} KB** ` +
      `(target ≤ ${targets.homeJsGzipKb} KB: ${verdict(web.weight.jsGzipKb <= targets.homeJsGzipKb)}); ` +
      `CSS ${web.weight.cssGzipKb.toFixed(1)} KB gzip.`,
    '',
    `Files: ${files}.`,
    '',
  ];
  if (web.lighthouse.length === 0) return lines;
  lines.push(
    `Lighthouse (mobile preset, Debian Chromium headless; target ≥ ${targets.lighthouse} in each):`,
    '',
    '| page | path | performance | accessibility | best practices | result |',
    '|---|---|--:|--:|--:|---|',
  );
  for (const s of web.lighthouse) {
    const ok = [s.performance, s.accessibility, s.bestPractices].every((v) => v >= targets.lighthouse);
    lines.push(
      `| ${s.page} | \`${s.path}\` | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${verdict(ok)}${s.note ? ` (${s.note})` : ''} |`,
    );
  }
  lines.push('');
  return lines;
}

/** The Markdown of bench/RESULTS.md. */
export function renderResults(r: BenchResults): string {
  const c = r.config;
  return [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` on ${r.date.toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
      `Each endpoint: ${c.warmupSeconds} s warm-up, then ${c.seconds} s measured with autocannon at ${c.connections} ` +
      `connections on 127.0.0.1. Catalogue: ${int(c.books)} books in ${c.categories} categories, ${int(c.users)} users, ` +
      `${c.bookings} bookings; production build (\`NODE_ENV=production\`). Requests/s counts 2xx answers; ` +
      'latencies are of 2xx answers, in whole milliseconds. "× limit" is the ratio to a plain node:http server ' +
      'answering constant JSON, measured in the same run by the same load generator.',
    '',
    '## Machine',
    '',
    '| | |',
    '|---|---|',
    `| CPUs (nproc) | ${r.machine.cpus} |`,
    `| CPU model | ${r.machine.cpuModel} |`,
    `| Node.js | ${r.machine.node} |`,
    `| 1-minute load average at start → end of the run | ${r.machine.loadAtStart.toFixed(2)} → ${r.machine.loadAtEnd.toFixed(2)} |`,
    ...r.databases.map((d) => `| PostgreSQL (${d.label}) | ${d.version} |`),
    '',
    ...r.databases.flatMap((d) => databaseSection(d, r.limit)),
    ...(r.web ? webSection(r.web) : []),
  ].join('\n');
}
