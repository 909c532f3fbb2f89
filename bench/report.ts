import { browserHeaders, type CategoryCost, type EndpointRow } from './api-suite.ts';
import type { BenchConfig } from './config.ts';

import type { LoadResult, Paired } from './load.ts';
import type { Machine } from './machine.ts';
import type { PageWeight } from './page-weight.ts';
import type { PageScores } from './web.ts';

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
  small: CategoryCost;
  large: CategoryCost;
}

export interface DatabaseResults {
  label: string;
  version: string;
  rows: EndpointRow[];
  categoryScaling: CategoryScaling;
}

export interface WebResults {
  weight: PageWeight;
  lighthouse: PageScores[];
}

export interface BenchResults {
  date: Date;
  config: BenchConfig;
  machine: Machine;
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

/** A figure as a share of the limit measured in turns with it. */
const share = (p: Paired) => p.result.rps / p.limit.rps;

function endpointLine(row: EndpointRow): string {
  if (!row.load) return `| ${row.endpoint} | – | – | – | – | – | ${targetText(row)} | ${row.note ?? 'not measured'} |`;
  const r = row.load.result;
  const clean = !r.non2xx && !r.errors;
  let ok: boolean | undefined;
  if (row.kind === 'public read') {
    ok = clean && share(row.load) >= targets.readShareOfLimit && r.p99 <= targets.readP99Ms;
  } else if (row.kind === 'write') {
    ok = !r.errors && r.rps >= targets.bookingsPerSecond;
  }
  const notes = [problems(r), row.note].filter(Boolean).join('; ');
  const result = ok === undefined ? 'no target' : verdict(ok);
  return `| ${row.endpoint} | ${int(r.rps)} | ${latency(r, r.p50)} | ${latency(r, r.p99)} | ${int(row.load.limit.rps)} | ${share(row.load).toFixed(2)} | ${targetText(row)} | ${result}${notes ? ` (${notes})` : ''} |`;
}

function targetText(row: EndpointRow): string {
  if (row.kind === 'public read') return `≥ ${targets.readShareOfLimit}× limit, p99 ≤ ${targets.readP99Ms} ms`;
  if (row.kind === 'write') return `≥ ${int(targets.bookingsPerSecond)}/s`;
  return '–';
}

function scalingLine(s: CategoryScaling): string {
  const small = s.small.alone;
  const large = s.large.alone;
  const growth = large.p50 / small.p50;
  const underLoad = (c: CategoryCost) =>
    `${latency(c.load.result, c.load.result.p50)} ms, ${int(c.load.result.rps)} req/s, ${share(c.load).toFixed(2)}× limit`;
  return (
    `| GET /api/books/{category}?page=1, ${int(s.smallBooks)} → ${int(s.books)} books | ` +
    `${small.p50.toFixed(2)} ms → ${large.p50.toFixed(2)} ms (p99 ${small.p99.toFixed(2)} → ${large.p99.toFixed(2)} ms) | ` +
    `${underLoad(s.small)} → ${underLoad(s.large)} | ${growth.toFixed(2)}× | ≤ ${targets.categoryP50Growth}× | ` +
    `${verdict(growth <= targets.categoryP50Growth)} |`
  );
}

/**
 * What bounds each public read: node:http sending that endpoint's own headers and body (as compressed for
 * the browser), and the same read asked for without compression.
 */
function sameBytesSection(rows: EndpointRow[]): string[] {
  const replayed = rows.filter((row) => row.load && row.sameBytes);
  if (replayed.length === 0) return [];
  return [
    'The same answers (headers and body as the browser gets them, recorded from the app) sent by plain node:http — ' +
      'the limit for answers that big — and each read asked for by a client that takes no compression; ' +
      'each figure with the limit measured in turns with it:',
    '',
    '| endpoint | answer: headers + body | node:http, same bytes, requests/s | × limit | app ÷ same bytes | without compression, requests/s | × limit |',
    '|---|--:|--:|--:|--:|--:|--:|',
    ...replayed.map((row) => {
      const same = row.sameBytes!;
      const plain = row.uncompressed;
      return (
        `| ${row.endpoint} | ${int(same.headerBytes)} + ${int(same.bodyBytes)} B | ${int(same.load.result.rps)} | ` +
        `${share(same.load).toFixed(2)} | ${(share(row.load!) / share(same.load)).toFixed(2)} | ` +
        `${plain ? int(plain.result.rps) : '–'} | ${plain ? share(plain).toFixed(2) : '–'} |`
      );
    }),
    '',
  ];
}

function databaseSection(d: DatabaseResults): string[] {
  return [
    `## API on ${d.label} PostgreSQL ${d.version}`,
    '',
    '| endpoint | requests/s | p50 ms | p99 ms | limit, requests/s | × limit | target | result |',
    '|---|--:|--:|--:|--:|--:|---|---|',
    ...d.rows.map(endpointLine),
    '',
    ...sameBytesSection(d.rows),
    `A category page's cost: one client asking ${int(d.categoryScaling.small.alone.requests)} times, one request after another ` +
      '(latency to the microsecond, no queueing), and the same page at every connection (p50, throughput, share of the limit):',
    '',
    '| category page cost | one client: p50 | at every connection: p50, throughput | p50 growth | target | result |',
    '|---|---|---|--:|---|---|',
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
    `Lighthouse (mobile preset, Debian Chromium headless, on the full catalogue before any load; the median of ` +
      `${web.lighthouse[0]!.performanceRuns.length} runs by performance; target ≥ ${targets.lighthouse} in each):`,
    '',
    '| page | path | performance | accessibility | best practices | performance of each run | result |',
    '|---|---|--:|--:|--:|---|---|',
  );
  for (const s of web.lighthouse) {
    const ok = [s.performance, s.accessibility, s.bestPractices].every((v) => v >= targets.lighthouse);
    lines.push(
      `| ${s.page} | \`${s.path}\` | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ` +
        `${s.performanceRuns.join(', ')} | ${verdict(ok)}${s.note ? ` (${s.note})` : ''} |`,
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
      `connections on 127.0.0.1, in ${c.rounds} turns with the limit; public reads and the category page carry the \`Accept-Encoding\` Chromium sends ` +
      `(\`${browserHeaders['accept-encoding']}\`), as the web app's requests do. Catalogue: ${int(c.books)} books in ${c.categories} categories, ${int(c.users)} users, ` +
      `${c.bookings} bookings; production build (\`NODE_ENV=production\`). Requests/s counts 2xx answers; ` +
      'latencies are of 2xx answers, in whole milliseconds. "limit" is a plain node:http server answering constant ' +
      "JSON, driven by the same load generator in turns with each figure (the machine's pace drifts over " +
      'minutes); "× limit" is the figure\'s share of it.',
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
    ...r.databases.flatMap(databaseSection),
    ...(r.web ? webSection(r.web) : []),
  ].join('\n');
}
