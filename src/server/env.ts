import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { parsePlatformFee } from '#shared/platform-fee.ts';
import { parseHostList } from './net/host-list.ts';

const optional = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const unitMs = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

function durationMs(value: string): number {
  return Number(value.slice(0, -1)) * unitMs[value.slice(-1) as keyof typeof unitMs];
}

/** One rule of LISTING_LIMIT: at most `max` new listings per seller in any `windowSeconds`. */
export interface ListingRule {
  max: number;
  windowSeconds: number;
}

const listingRule = /^([1-9]\d{0,5})\/([1-9]\d{0,7})([smhd]?)$/;
/** The longest window of LISTING_LIMIT: its count reads the seller's listings of that long (books_seller_idx). */
const maxListingWindowSeconds = 30 * 86_400;

/** LISTING_LIMIT's rules ('off' is none), or the message that names what is wrong with it. */
function listingRules(value: string, ctx: z.RefinementCtx): ListingRule[] {
  if (value === 'off') return [];
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  const rules: ListingRule[] = [];
  for (const part of value.split(',')) {
    const match = listingRule.exec(part.trim());
    if (!match) {
      return fail(
        "must be 'off' or rules '<listings>/<period>' separated by commas, the period in seconds or a number and s, m, h or d, e.g. '20/10m,200/1d'",
      );
    }
    const windowSeconds = Number(match[2]) * (match[3] ? unitMs[match[3] as keyof typeof unitMs] / 1000 : 1);
    if (windowSeconds > maxListingWindowSeconds) return fail(`'${part.trim()}': a period is at most 30 days`);
    rules.push({ max: Number(match[1]), windowSeconds });
  }
  if (rules.length > 4) return fail('at most 4 rules');
  return rules;
}

const httpUrl = z.url().refine((url) => /^https?:$/.test(new URL(url).protocol), 'must be an http:// or https:// URL');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The address to listen on: `0.0.0.0` or `::` for every interface. Unset, loopback alone while the development
   * mailbox is served (mail/mailer.ts), every interface otherwise.
   */
  HOST: optional.pipe(
    z
      .string()
      .refine(
        (host) =>
          isIP(host) !== 0 || /^[a-z\d]([a-z\d-]{0,61}[a-z\d])?(\.[a-z\d]([a-z\d-]{0,61}[a-z\d])?)*$/i.test(host),
        'must be an address or host name to listen on, e.g. 0.0.0.0, :: or 127.0.0.1',
      )
      .optional(),
  ),
  /** Serve the development mailbox (to callers on this machine) even with HOST beyond loopback, or never. */
  DEV_MAILBOX: optional.pipe(z.enum(['on', 'off'], "must be 'on' or 'off'").optional()),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  WEB_ROOT: z.string().default('./dist/web'),
  DATABASE_URL: optional.pipe(z.url().optional()),
  /** A streaming replica of DATABASE_URL's server, for the public reads (docs/decisions/013-read-replica.md). */
  DATABASE_REPLICA_URL: optional.pipe(z.url().optional()),
  AUTH_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  AUTH_RATE_LIMIT: optional.pipe(z.enum(['on', 'off']).optional()),
  ACTION_RATE_LIMIT: optional.pipe(
    z
      .string()
      .regex(/^(off|[1-9]\d{0,5}\/([1-9]|[1-5]\d|60))$/, "must be 'off' or '<calls>/<seconds>', at most 60 seconds")
      .optional(),
  ),
  /**
   * Per seller, how many new listings in a period: rules '<listings>/<period>' separated by commas, all of them
   * applied, or 'off'. A burst and a daily cap by default.
   */
  LISTING_LIMIT: optional.pipe(z.string().default('20/10m,200/1d')).transform(listingRules),
  /** How many unpaid bookings one buyer may hold at once. */
  MAX_OPEN_HOLDS: z.coerce.number().int().min(1).max(1000).default(3),
  /**
   * How many Wanted-list alert mails one person gets a day (UTC); the rest wait under the bell and in the next
   * daily digest mail. 0 sends only the digest.
   */
  WANTED_MAIL_DAILY_LIMIT: z.coerce.number().int().min(0).max(1000).default(5),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code')
    .default('USD'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  OIDC_ISSUER: optional.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: optional.pipe(z.url().optional()),
  /** The signing secret of the Connect webhook endpoint (account.updated); STRIPE_WEBHOOK_SECRET when unset. */
  STRIPE_CONNECT_WEBHOOK_SECRET: optional,
  /**
   * The store's fee per sale: '<percent>%,<minimum>,<maximum>' in major units, or '0' for none. Fixed on each order
   * when it is paid (ADR 026).
   */
  PLATFORM_FEE: optional.pipe(
    z
      .string()
      .default('8%,0.50,40.00')
      .transform((text, ctx) => {
        const fee = parsePlatformFee(text);
        if (typeof fee !== 'string') return fee;
        ctx.addIssue({ code: 'custom', message: fee });
        return z.NEVER;
      }),
  ),
  /** Pictures go to this S3-compatible bucket instead of DATA_DIR/images; the S3_* settings below go with it. */
  S3_BUCKET: optional.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
      )
      .optional(),
  ),
  /** Another S3-compatible service than AWS S3 (MinIO, Cloudflare R2 …). */
  S3_ENDPOINT: optional.pipe(httpUrl.optional()),
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: optional.pipe(z.enum(['true', 'false'], "must be 'true' or 'false'").optional()),
  /** The public base of the pictures' URLs (a CDN or custom domain); the bucket's own address when unset. */
  S3_PUBLIC_URL: optional.pipe(httpUrl.optional()),
  /** How many proxies in front of the server append to X-Forwarded-For (the client's address is read there). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Where mail goes: smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465 (TLS from the start). */
  SMTP_URL: optional.pipe(
    z
      .url()
      .refine((url) => /^smtps?:$/i.test(new URL(url).protocol), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  /** The sender of every message: an address, or a name and an address in angle brackets. */
  MAIL_FROM: z
    .string()
    .trim()
    .max(254)
    .regex(
      /^(?:[^<>@]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
      "must be an address, e.g. 'Name <no-reply@example.com>'",
    )
    .default('The Big Bookshelf <no-reply@localhost>'),
  /** How long an unpaid booking holds its book: `<number><s|m|h|d>`, e.g. 48h (the default) or 30s. */
  BOOKING_HOLD: z
    .string()
    .regex(/^[1-9]\d{0,6}[smhd]$/, "must be a number and a unit (s, m, h or d), e.g. '48h' or '30s'")
    .default('48h')
    .transform(durationMs),
  /** How long after the payment the buyer may report a problem with an order not handed over: e.g. 7d (the default). */
  HANDOVER_PERIOD: z
    .string()
    .regex(/^[1-9]\d{0,6}[smhd]$/, "must be a number and a unit (s, m, h or d), e.g. '7d' or '2s'")
    .default('7d')
    .transform(durationMs),
  /**
   * How long after the payment a seller's share is released when the buyer reported no problem (the seller's entering
   * the handover code releases it sooner); HANDOVER_PERIOD plus 2 days when unset (releaseAfterMs).
   */
  RELEASE_AFTER: optional.pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,6}[smhd]$/, "must be a number and a unit (s, m, h or d), e.g. '9d' or '3s'")
      .optional()
      .transform((value) => (value ? durationMs(value) : undefined)),
  ),
  /** Messages one person may send in a window: '<messages>/<seconds>' or 'off'; 20/60 unless told (ACTION_RATE_LIMIT's form). */
  MESSAGE_RATE_LIMIT: optional.pipe(
    z
      .string()
      .regex(/^(off|[1-9]\d{0,5}\/([1-9]|[1-5]\d|60))$/, "must be 'off' or '<calls>/<seconds>', at most 60 seconds")
      .optional(),
  ),
  /**
   * How long a new message waits unread before its recipient is mailed about it (once per conversation while it
   * stays unread): e.g. 5m (the default); 0s mails at once.
   */
  MESSAGE_MAIL_DELAY: z
    .string()
    .regex(/^(0|[1-9]\d{0,6})[smhd]$/, "must be a number and a unit (s, m, h or d), e.g. '5m' or '0s'")
    .default('5m')
    .transform(durationMs),
  /** How often an open live stream (server-sent events) gets a comment, so that proxies keep it open. */
  LIVE_HEARTBEAT: z
    .string()
    .regex(/^[1-9]\d{0,6}[smhd]$/, "must be a number and a unit (s, m, h or d), e.g. '20s'")
    .default('20s')
    .transform(durationMs),
  /** How many live streams one person may hold open on one server at once (tabs, devices). */
  LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
  /** How old an upload that no listing or profile uses must be before the cleanup job deletes it. */
  ORPHAN_PICTURE_AGE: z
    .string()
    .regex(/^[1-9]\d{0,6}[smhd]$/, "must be a number and a unit (s, m, h or d), e.g. '24h' or '30s'")
    .default('24h')
    .transform(durationMs),
  /** How many different users must report a book before it leaves the public lists (only reports that count). */
  REPORT_HIDE_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(3),
  /** How old a confirmed account must be for its reports to count toward hiding a book: e.g. 24h (the default). */
  REPORT_MIN_ACCOUNT_AGE: z
    .string()
    .regex(/^[1-9]\d{0,6}[smhd]$/, "must be a number and a unit (s, m, h or d), e.g. '24h' or '2s'")
    .default('24h')
    .transform(durationMs),
  /** Open Library, or a server that answers its Books API (`/api/books?bibkeys=ISBN:…`), for the ISBN lookup. */
  ISBN_LOOKUP_URL: optional.pipe(httpUrl.default('https://openlibrary.org')),
  /**
   * The hosts a suggested cover may be fetched from, and redirected to: `host[:port]` entries (443 unless named),
   * `*.name` for any name under it. Open Library's covers are on covers.openlibrary.org, which sends most of them on
   * to archive.org and from there to one of its servers (ia800….us.archive.org).
   */
  ISBN_COVER_HOSTS: optional.pipe(
    z
      .string()
      .default('covers.openlibrary.org,archive.org,*.archive.org')
      .transform((text, ctx) => {
        try {
          return parseHostList(text);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
  ),
  /**
   * Tests only (refused in production): covers may come from loopback addresses, where the tests' stand-in for
   * Open Library listens. Private, link-local and every other special-use address stay refused.
   */
  ISBN_COVER_ALLOW_LOOPBACK: optional.pipe(z.enum(['true', 'false'], "must be 'true' or 'false'").default('false')),
  /**
   * A PEM file of certificate authorities trusted for covers besides Node's own: a private catalogue's, or the one
   * the tests' stand-in serves its covers with. Read at start.
   */
  ISBN_COVER_CA_FILE: optional.pipe(
    z
      .string()
      .optional()
      .transform((file, ctx) => {
        if (!file) return undefined;
        try {
          const pem = readFileSync(file, 'utf8');
          if (pem.includes('-----BEGIN CERTIFICATE-----')) return pem;
          ctx.addIssue({ code: 'custom', message: `${file} holds no PEM certificate` });
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: `cannot read ${file}: ${(error as Error).message}` });
        }
        return z.NEVER;
      }),
  ),
  /** How many pictures this process decodes and encodes at once (uploads and covers taken); more wait their turn. */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** How many pictures may wait for their turn; when that many wait, an upload is answered 503 with Retry-After. */
  IMAGE_QUEUE_LENGTH: z.coerce.number().int().min(0).max(100).default(8),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** The bearer token a Prometheus scraper sends for GET /metrics; without it /metrics is not served. */
  METRICS_TOKEN: optional.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** Seconds between SIGTERM (GET /api/ready answers 503 from then on) and closing the listener. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  /** How late a change made through another server may show in this one's cached lists and sessions (ADR 007). */
  CACHE_MAX_STALENESS_MS: z.coerce.number().int().min(0).max(60_000).default(100),
});

export type Env = z.infer<typeof envSchema>;

/** The rules between variables. */
const configSchema = envSchema
  .refine((env) => !env.DATABASE_REPLICA_URL || env.DATABASE_URL, {
    path: ['DATABASE_REPLICA_URL'],
    message: 'needs DATABASE_URL: the replica is a copy of the server DATABASE_URL names (the embedded one has none)',
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.ISBN_COVER_ALLOW_LOOPBACK === 'true'), {
    path: ['ISBN_COVER_ALLOW_LOOPBACK'],
    message: 'is for the tests only: a store never fetches covers from its own machine',
  });

/** Reads the configuration once; a wrong variable stops the start with a message naming it. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = configSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** RELEASE_AFTER in milliseconds: by default the handover period and two days more. */
export function releaseAfterMs(env: Pick<Env, 'HANDOVER_PERIOD' | 'RELEASE_AFTER'>): number {
  return env.RELEASE_AFTER ?? env.HANDOVER_PERIOD + 2 * unitMs.d;
}

/** The public address of the app: APP_URL, or this machine's PORT. */
export function appBaseUrl(env: Env): string {
  return env.APP_URL ?? `http://localhost:${env.PORT}`;
}

const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins whose pages may write: APP_URL's. Outside production, when that is a loopback address, every
 * loopback name for the same port too, so a store opened at http://127.0.0.1:3000 instead of
 * http://localhost:3000 works on its first run.
 */
export function appOrigins(env: Env): string[] {
  const app = new URL(appBaseUrl(env));
  if (env.NODE_ENV === 'production' || !loopbackHosts.includes(app.hostname)) return [app.origin];
  return loopbackHosts.map((host) => `${app.protocol}//${host}${app.port ? `:${app.port}` : ''}`);
}
