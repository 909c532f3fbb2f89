import type { BenchConfig } from '../config.ts';
import type { AloneLatency, LoadResult } from '../load.ts';
import type { Machine } from '../machine.ts';

/** How a server sent one answer: its JSON's size, and the compression it chose for a browser's Accept-Encoding. */
export interface Answer {
  bytes: number;
  encoding: string;
}

interface PeerSide {
  url: string;
  answer: Answer;
  /** One client asking again and again on the idle server. */
  alone: AloneLatency;
  /** At every connection, in turns with the other side and the limit. */
  load?: LoadResult;
}

/** One read asked of both servers. */
export interface PeerRow {
  what: string;
  medusa: PeerSide;
  ours: PeerSide;
}

export interface PeerResults {
  date: Date;
  config: BenchConfig;
  machine: Machine;
  postgres: string;
  /** Seconds: our catalogue's seed, Medusa's migrations and its products' seed. */
  seeding: { ourSeed: number; medusaMigrate: number; medusaSeed: number };
  rows: PeerRow[];
  limit: LoadResult;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1));
const times = (n: number) => `${n.toFixed(1)}×`;

function problems(r: LoadResult): string {
  const parts = [
    r.ok ? '' : 'no answer within a turn',
    r.non2xx ? `${int(r.non2xx)} non-2xx` : '',
    r.errors ? `${int(r.errors)} errors/timeouts` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

function sideLine(name: string, side: PeerSide, limit: LoadResult): string {
  const r = side.load!;
  const size = `${int(side.answer.bytes / 1024)} KB (${side.answer.encoding})`;
  return `| ${name} | ${int(r.rps)} | ${(r.rps / limit.rps).toFixed(2)} | ${ms(r.p50)} | ${ms(r.p99)} | ${side.alone.p50.toFixed(2)} | ${size} | ${problems(r) || '–'} |`;
}

export function renderPeerResults(results: PeerResults): string {
  const { config, machine, seeding, rows, limit } = results;
  const [list, search] = rows;
  // A server that answers nothing within a turn has no throughput to divide by.
  const ratio = (ours: PeerSide, theirs: PeerSide) =>
    theirs.load!.ok ? times(ours.load!.rps / theirs.load!.rps) : 'none: Medusa answered nothing within a turn';
  const ratios = [
    ...rows.map(
      (row) =>
        `| ${row.what}: ours ÷ Medusa's | **${ratio(row.ours, row.medusa)}** | ${times(row.medusa.alone.p50 / row.ours.alone.p50)} |`,
    ),
    list && search
      ? `| our search ÷ Medusa's category list | **${ratio(search.ours, list.medusa)}** | ${times(list.medusa.alone.p50 / search.ours.alone.p50)} |`
      : '',
  ].filter(Boolean);
  return [
    '# A real peer: the Big Bookshelf beside Medusa 2',
    '',
    `Measured ${results.date.toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench:peers\` ` +
      `on ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, PostgreSQL ${results.postgres} ` +
      `(embedded, one server for both); 1-minute load ${machine.loadAtStart.toFixed(1)} at the start, ` +
      `${machine.loadAtEnd.toFixed(1)} at the end.`,
    '',
    `Both shops hold the same ${int(config.books)} books in the same ${config.categories} categories (Medusa: one ` +
      'published product per book, one variant at its price in euros, in one sales channel its publishable key ' +
      `reads). Seeding took ${seeding.ourSeed} s for ours (SQL), ${seeding.medusaMigrate} s for Medusa's ` +
      `migrations and ${seeding.medusaSeed} s for its products (its own workflows, ` +
      `${int(config.books / Math.max(1, seeding.medusaSeed))} a second). Medusa runs as \`medusa start\` ` +
      '(production mode) with its defaults and no Redis (in-memory event bus, cache, workflow engine and locking), ' +
      'admin off; ours as the README starts it. Each logs every request to a file.',
    '',
    `Load: autocannon, ${config.connections} connections, ${config.rounds} turns of ${config.seconds / config.rounds} s ` +
      'of the limit (node:http answering constant JSON), then each of the four reads, after a warm-up of each; ' +
      `every request carries a browser's Accept-Encoding. One client: ${int(list?.ours.alone.requests ?? 0)} ` +
      'requests one after another on the idle server, after as many unmeasured.',
    '',
    '| read | requests/s | × limit | p50 ms | p99 ms | one client p50 ms | answer | problems |',
    '|---|--:|--:|--:|--:|--:|---|---|',
    `| the limit | ${int(limit.rps)} | 1.00 | ${ms(limit.p50)} | ${ms(limit.p99)} | – | – | ${problems(limit) || '–'} |`,
    ...rows.flatMap((row) => [
      sideLine(`Medusa: ${row.what}`, row.medusa, limit),
      sideLine(`ours: ${row.what}`, row.ours, limit),
    ]),
    '',
    '| ratio | throughput at load | one client (p50) |',
    '|---|--:|--:|',
    ...ratios,
    '',
    'Ours answers a list or a search asked again from its own cache, as it does for every visitor.',
    ...(rows.some((row) => !row.medusa.load!.ok)
      ? [
          '',
          `Medusa answered none of the requests of a ${config.seconds / config.rounds}-s turn at ` +
            `${config.connections} connections: its answers took longer than the turn at this machine's load. ` +
            'Measure on a quieter machine, or with a longer BENCH_SECONDS.',
        ]
      : []),
    '',
    "The requests, as each shop's own storefront would make them; Medusa's, without `region_id`, answer its " +
      'products with no computed price (a storefront showing prices adds it, which costs Medusa more); ours carry theirs:',
    '',
    ...rows.flatMap((row) => [
      `- Medusa: \`GET ${path(row.medusa.url)}\` with \`x-publishable-api-key\``,
      `- ours: \`GET ${path(row.ours.url)}\``,
    ]),
  ].join('\n');
}

function path(url: string): string {
  const u = new URL(url);
  return decodeURI(u.pathname + u.search);
}
