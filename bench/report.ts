import { browserHeaders, type CategoryCost, type EndpointKind, type EndpointRow, searchPath } from './api-suite.ts';
import type { BenchConfig } from './config.ts';
import type { AloneLatency, LoadResult, Paired } from './load.ts';
import type { Machine } from './machine.ts';
import type { MailAfterLoad } from './mail-after-load.ts';
import type { ServedCount } from './metrics-scrape.ts';
import type { WebResults } from './web.ts';

/** Each kind of read's share of the limit and p99 at the bench's connections. */
export const readTargets: Record<Exclude<EndpointKind, 'write'>, { share: number; p99Ms: number }> = {
  'public read': { share: 0.6, p99Ms: 25 },
  page: { share: 0.5, p99Ms: 25 },
  search: { share: 0.2, p99Ms: 50 },
  'signed-in read': { share: 0.15, p99Ms: 25 },
};

export const targets = {
  /** A booking's requests/s as a share of the bare booking write's (bare-booking-server.ts), measured in turns with it. */
  bookingShareOfBareWrite: 0.5,
  /** Every message a booking load queued is sent within this many seconds of the load's end. */
  mailSentWithinSeconds: 10,
  categoryP50Growth: 1.5,
  searchP50Growth: 2,
  /** One signed-in read on an idle server. */
  signedInAloneP50Ms: 2,
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

/** One client's p50 of each search on the full catalogue and on a larger one. */
export interface SearchScaling {
  books: number;
  scaleBooks: number;
  searches: Record<string, string>;
  before: Record<string, AloneLatency>;
  after: Record<string, AloneLatency>;
}

export interface DatabaseResults {
  label: string;
  version: string;
  rows: EndpointRow[];
  categoryScaling: CategoryScaling;
  searchScaling?: SearchScaling;
  /** The server's own request counts, scraped from `/metrics` after the load. */
  served: ServedCount[];
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
  if (!row.load)
    return `| ${row.endpoint} | – | – | – | – | – | – | ${targetText(row)} | ${row.note ?? 'not measured'} |`;
  const r = row.load.result;
  const clean = !r.non2xx && !r.errors;
  let ok: boolean;
  if (row.kind === 'write') {
    ok = clean && share(row.load) >= targets.bookingShareOfBareWrite && mailInTime(row.mail);
  } else {
    const target = readTargets[row.kind];
    ok = clean && share(row.load) >= target.share && r.p99 <= target.p99Ms;
    if (row.kind === 'signed-in read') ok &&= (row.alone?.p50 ?? Infinity) <= targets.signedInAloneP50Ms;
  }
  const notes = [problems(r), row.note, row.mail && `its mail: ${describeMail(row.mail)}`].filter(Boolean).join('; ');
  const alone = row.alone ? `${row.alone.p50.toFixed(2)} ms` : '–';
  return `| ${row.endpoint} | ${int(r.rps)} | ${latency(r, r.p50)} | ${latency(r, r.p99)} | ${int(row.load.limit.rps)} | ${share(row.load).toFixed(2)} | ${alone} | ${targetText(row)} | ${verdict(ok)}${notes ? ` (${notes})` : ''} |`;
}

/** Whether every message the load queued was sent within `targets.mailSentWithinSeconds` of its end. */
function mailInTime(mail: MailAfterLoad | undefined): boolean {
  return mail !== undefined && mail.unsent === 0 && (mail.lastSentAfter ?? 0) <= targets.mailSentWithinSeconds;
}

/** When the last message the load queued was sent, or how many were still unsent when the bench stopped waiting. */
export function describeMail(mail: MailAfterLoad): string {
  if (mail.unsent > 0)
    return `${int(mail.unsent)} of the ${int(mail.queued)} messages it queued were still unsent ${mail.waitedSeconds.toFixed(1)} s after the load`;
  const after = mail.lastSentAfter ?? 0;
  return after <= 0
    ? `all ${int(mail.queued)} messages it queued were sent when the load ended`
    : `all ${int(mail.queued)} messages it queued were sent, the last ${after.toFixed(1)} s after the load`;
}

/** The writes beside their yardstick, the bare booking write, with both figures in full. */
function writesSection(rows: EndpointRow[]): string[] {
  const writes = rows.filter((row) => row.kind === 'write' && row.load);
  if (writes.length === 0) return [];
  const figure = (r: LoadResult) => `${int(r.rps)} | ${latency(r, r.p50)} | ${latency(r, r.p99)}`;
  return [
    "A booking's yardstick is not the constant-JSON limit but the bare booking write: plain node:http making, for each " +
      "request, a booking's rows in one prepared statement on the store's tables (the book's conditional update, the " +
      'booking, its staged `expire-hold` job, two outbox messages as the store writes them), with a pool as big as the ' +
      "store's, no framework, no session, no mail sent (bench/bare-booking-server.ts). It books other books, for other " +
      'buyers, in turns with the store on the same connections; its figure is the "limit" of the booking row above.',
    '',
    '| write | requests/s | p50 ms | p99 ms | bare write: requests/s | p50 ms | p99 ms | × bare write | its mail |',
    '|---|--:|--:|--:|--:|--:|--:|--:|---|',
    ...writes.map((row) => {
      const { result, limit } = row.load!;
      const mail = row.mail ? describeMail(row.mail) : '–';
      return `| ${row.endpoint} | ${figure(result)} | ${figure(limit)} | ${share(row.load!).toFixed(2)} | ${mail} |`;
    }),
    '',
  ];
}

function targetText(row: EndpointRow): string {
  if (row.kind === 'write')
    return `≥ ${targets.bookingShareOfBareWrite}× the bare write; its mail sent ≤ ${targets.mailSentWithinSeconds} s after the load`;
  const target = readTargets[row.kind];
  const alone = row.kind === 'signed-in read' ? `; alone p50 ≤ ${targets.signedInAloneP50Ms} ms` : '';
  return `≥ ${target.share}× limit, p99 ≤ ${target.p99Ms} ms${alone}`;
}

/** The rows also measured with the request log off, beside their figure at the README's `info`. */
function withoutLogSection(rows: EndpointRow[]): string[] {
  const compared = rows.filter((row) => row.load && row.warn);
  if (compared.length === 0) return [];
  return [
    'The request log: the rows above run on the server as the README starts it, logging every request at `info`; ' +
      'these were asked again of a server started with `LOG_LEVEL=warn` (no request log):',
    '',
    '| endpoint | at info: requests/s, × limit, p99 | at warn: requests/s, × limit, p99 | info ÷ warn |',
    '|---|--:|--:|--:|',
    ...compared.map((row) => {
      const figure = (p: Paired) =>
        `${int(p.result.rps)}, ${share(p).toFixed(2)}, ${latency(p.result, p.result.p99)} ms`;
      return `| ${row.endpoint} | ${figure(row.load!)} | ${figure(row.warn!)} | ${(share(row.load!) / share(row.warn!)).toFixed(2)} |`;
    }),
    '',
  ];
}

function searchScalingSection(s: SearchScaling | undefined): string[] {
  if (!s) return [];
  return [
    `A search's cost: one client asking ${int(Object.values(s.before)[0]!.requests)} times, one request after another, ` +
      `on ${int(s.books)} books and again on ${int(s.scaleBooks)} (a restarted server; repeated searches are ` +
      'answered from the cache, as the category page is):',
    '',
    '| search | one client: p50 | p50 growth | target | result |',
    '|---|---|--:|---|---|',
    ...Object.entries(s.searches).map(([kind, words]) => {
      const before = s.before[kind]!;
      const after = s.after[kind]!;
      const growth = after.p50 / before.p50;
      return (
        `| GET ${searchPath(words)} (${kind}), ${int(s.books)} → ${int(s.scaleBooks)} books | ` +
        `${before.p50.toFixed(2)} ms → ${after.p50.toFixed(2)} ms (p99 ${before.p99.toFixed(2)} → ${after.p99.toFixed(2)} ms) | ` +
        `${growth.toFixed(2)}× | ≤ ${targets.searchP50Growth}× | ${verdict(growth <= targets.searchP50Growth)} |`
      );
    }),
    '',
  ];
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
    '| endpoint | requests/s | p50 ms | p99 ms | limit, requests/s | × limit | one client alone, p50 | target | result |',
    '|---|--:|--:|--:|--:|--:|--:|---|---|',
    ...d.rows.map(endpointLine),
    '',
    ...writesSection(d.rows),
    ...withoutLogSection(d.rows),
    ...sameBytesSection(d.rows),
    `A category page's cost: one client asking ${int(d.categoryScaling.small.alone.requests)} times, one request after another ` +
      '(latency to the microsecond, no queueing), and the same page at every connection (p50, throughput, share of the limit):',
    '',
    '| category page cost | one client: p50 | at every connection: p50, throughput | p50 growth | target | result |',
    '|---|---|---|--:|---|---|',
    scalingLine(d.categoryScaling),
    '',
    ...searchScalingSection(d.searchScaling),
    ...servedSection(d),
  ];
}

/**
 * The server's `/metrics`, scraped after the load, beside the 2xx answers the load generator counted in its
 * measured turns (the server's count also holds the warm-ups and the single requests made before each load).
 */
function servedSection(d: DatabaseResults): string[] {
  if (d.served.length === 0) return [];
  const counted = new Map<string, number>();
  for (const row of d.rows) {
    if (!row.load || !row.plan) continue;
    const method = row.endpoint.split(' ')[0]!;
    const path = new URL(row.plan.url).pathname;
    // The most specific route that matches: fewest parameters and wildcards, then the longest pattern.
    const vagueness = (route: string) => (route.match(/[:*]/g)?.length ?? 0) * 1000 - route.length;
    const route = d.served
      .filter((s) => s.method === method && s.status.startsWith('2') && routeMatches(s.route, path))
      .sort((a, b) => vagueness(a.route) - vagueness(b.route))[0];
    if (!route) continue;
    const key = `${route.method} ${route.route} ${route.status}`;
    const ok = row.load.result.ok + (row.uncompressed?.result.ok ?? 0);
    counted.set(key, (counted.get(key) ?? 0) + ok);
  }
  return [
    "What the server counted, scraped from its `/metrics` (Prometheus format, `METRICS_TOKEN`) after the load on the README's configuration, beside the 2xx answers the load generator counted in its measured turns, with and without compression (the server's figure also holds the warm-ups and the single requests before each load; the `LOG_LEVEL=warn` rows ran on another server):",
    '',
    "| method | route | status | server's count | load generator's 2xx |",
    '|---|---|---|--:|--:|',
    ...d.served
      .filter((s) => s.count >= 100)
      .map((s) => {
        const ours = counted.get(`${s.method} ${s.route} ${s.status}`);
        return `| ${s.method} | \`${s.route}\` | ${s.status} | ${int(s.count)} | ${ours === undefined ? '–' : int(ours)} |`;
      }),
    '',
  ];
}

/** Whether a route pattern (`/api/books/:categoryName`) matches a path. */
function routeMatches(route: string, path: string): boolean {
  const pattern = route.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*');
  return new RegExp(`^${pattern}$`).test(path);
}

function webSection(web: WebResults): string[] {
  const files = web.weight.jsFiles.map((f) => `\`${f.file}\` ${f.gzipKb.toFixed(1)} KB`).join(', ');
  const heaviest = Math.max(...web.weight.byLocale.map((l) => l.jsGzipKb));
  const languages = web.weight.byLocale
    .map((l) => `${l.locale} **${l.jsGzipKb.toFixed(1)} KB** (texts \`${l.textsFile}\` ${l.textsGzipKb.toFixed(1)} KB)`)
    .join(', ');
  const lines = [
    '## Web',
    '',
    `Initial JavaScript for Home (entry script, its modulepreloads and the language's Home texts, gzip), in each ` +
      `language: ${languages} (target ≤ ${targets.homeJsGzipKb} KB in every language: ` +
      `${verdict(heaviest <= targets.homeJsGzipKb)}); CSS ${web.weight.cssGzipKb.toFixed(1)} KB gzip.`,
    '',
    `Files every language loads (${web.weight.jsGzipKb.toFixed(1)} KB): ${files}.`,
    '',
  ];
  if (web.lighthouse.length === 0) return lines;
  lines.push(
    `Lighthouse (mobile preset with its default throttling, Debian Chromium headless, signed out, on the full ` +
      `catalogue before any load; ${web.lighthouse[0]!.runs.length} runs of each page; target ≥ ${targets.lighthouse} ` +
      `in every run). Each run: performance, total blocking time, largest contentful paint, and the machine's load ` +
      `average (1 minute) when it ended:`,
    '',
    '| page | path | each run: performance / TBT / LCP (load) | accessibility | best practices | result |',
    '|---|---|---|--:|--:|---|',
  );
  for (const s of web.lighthouse) {
    const ok =
      s.runs.every((run) => run.performance >= targets.lighthouse) &&
      [s.accessibility, s.bestPractices].every((v) => v >= targets.lighthouse);
    const runs = s.runs
      .map(
        (run) => `${run.performance} / ${run.tbtMs} ms / ${(run.lcpMs / 1000).toFixed(1)} s (${run.load1.toFixed(2)})`,
      )
      .join('; ');
    const notes = [...new Set(s.runs.map((run) => run.note).filter(Boolean))].join('; ');
    lines.push(
      `| ${s.page} | \`${s.path}\` | ${runs} | ${s.accessibility} | ${s.bestPractices} | ` +
        `${verdict(ok)}${notes ? ` (${notes})` : ''} |`,
    );
  }
  lines.push('');
  return lines;
}

/** The Markdown of the web part alone (`BENCH_ONLY=web`). */
export function renderWebResults(date: Date, machine: Machine, web: WebResults): string {
  return [
    '# Benchmark results: the web part',
    '',
    `Written by \`BENCH_ONLY=web npm run bench\` on ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
      `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), Node.js ${machine.node}, 1-minute load average ` +
      `${machine.loadAtStart.toFixed(2)} at the start and ${machine.loadAtEnd.toFixed(2)} at the end.`,
    '',
    ...webSection(web),
  ].join('\n');
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
      `${c.bookings} bookings. The server runs as the README starts it (default settings, request log at \`info\`) on ` +
      "the bench's database. Requests/s counts 2xx answers; " +
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
