/** What one bench run does, read from BENCH_* variables so a short smoke run needs no code change. */
export interface BenchConfig {
  /** Seconds of measured load per endpoint. */
  seconds: number;
  /** Seconds of unmeasured load before each measurement (JIT, pools, caches). */
  warmupSeconds: number;
  /** Turns each measurement takes with the limit (bench/load.ts). */
  rounds: number;
  connections: number;
  /** Books in the full catalogue, and in the small one the category page is first measured on. */
  books: number;
  smallBooks: number;
  /** The catalogue the searches are asked of once more, to see how their cost grows (0: not measured). */
  scaleBooks: number;
  users: number;
  categories: number;
  bookings: number;
  /** Buyers the store's booking load signs in, and as many others the bare booking server books for. */
  bookingBuyers: number;
  appPort: number;
  baselinePort: number;
  /** node:http replaying one endpoint's recorded answer. */
  replayPort: number;
  /** node:http making a booking's rows in one statement: the booking row's yardstick (bare-booking-server.ts). */
  bareBookingPort: number;
  /** A PostgreSQL server to measure besides the embedded one (the bench creates its own database there). */
  databaseUrl: string | undefined;
  web: boolean;
  /**
   * `web`: only the web part (build, seeded catalogue, page weight and Lighthouse), written to RESULTS-web.md.
   * `pages`: only the page HTML rows (English and Spanish), printed, not written.
   * `bookings`: only the booking row beside the bare booking write, printed, not written.
   */
  only: 'web' | 'pages' | 'bookings' | undefined;
  /** Lighthouse runs per page; every run is reported. */
  lighthouseRuns: number;
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

function readOnly(raw: string | undefined): BenchConfig['only'] {
  if (raw === undefined || raw === '') return undefined;
  if (raw !== 'web' && raw !== 'pages' && raw !== 'bookings')
    throw new Error(`BENCH_ONLY can only be "web", "pages" or "bookings", got "${raw}"`);
  return raw;
}

export function readBenchConfig(): BenchConfig {
  const books = positiveInt('BENCH_BOOKS', 100_000);
  const categories = 20;
  return {
    seconds: positiveInt('BENCH_SECONDS', 20),
    warmupSeconds: positiveInt('BENCH_WARMUP_SECONDS', 2),
    rounds: positiveInt('BENCH_ROUNDS', 5),
    connections: positiveInt('BENCH_CONNECTIONS', 64),
    books,
    smallBooks: Math.min(1_000, books),
    scaleBooks: process.env.BENCH_SCALE_BOOKS === '0' ? 0 : positiveInt('BENCH_SCALE_BOOKS', 1_000_000),
    users: Math.max(positiveInt('BENCH_USERS', 2_000), 100),
    categories,
    bookings: 300,
    bookingBuyers: 200,
    appPort: positiveInt('BENCH_PORT', 4180),
    baselinePort: positiveInt('BENCH_BASELINE_PORT', 4181),
    replayPort: positiveInt('BENCH_REPLAY_PORT', 4182),
    bareBookingPort: positiveInt('BENCH_BARE_BOOKING_PORT', 4184),
    databaseUrl: process.env.DATABASE_URL || undefined,
    web: process.env.BENCH_WEB !== '0',
    only: readOnly(process.env.BENCH_ONLY),
    lighthouseRuns: positiveInt('BENCH_LIGHTHOUSE_RUNS', 3),
  };
}
