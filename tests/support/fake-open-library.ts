import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';

const fixtures = path.join(import.meta.dirname, 'open-library');
const coversHost = 'https://covers.openlibrary.org';

/** The recorded Books API answers (`jscmd=data`), by their bibkey (`ISBN:9780140328721`). */
function recordedEditions(): Record<string, unknown> {
  const editions: Record<string, unknown> = {};
  for (const file of readdirSync(fixtures).filter((name) => name.endsWith('.json'))) {
    Object.assign(editions, JSON.parse(readFileSync(path.join(fixtures, file), 'utf8')));
  }
  return editions;
}

/**
 * A local stand-in for Open Library, started by a test: its Books API (`GET /api/books?bibkeys=ISBN:…&format=json
 * &jscmd=data`) answers the recorded editions of `open-library/` (`{}` for any other ISBN, as Open Library does), with
 * their covers' URLs pointing here, and `GET /b/id/…` serves a small JPEG as the covers server does. `delayMs` makes
 * it slow; `requests` lists the paths it was asked for; `stop()` takes it down (connections refused).
 */
export async function startFakeOpenLibrary(options: { port?: number } = {}) {
  const editions = recordedEditions();
  const cover = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#2b5f8a' } })
    .jpeg()
    .toBuffer();
  const requests: string[] = [];
  const state = { delayMs: 0 };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname + url.search);
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (url.pathname === '/api/books') {
      const keys = (url.searchParams.get('bibkeys') ?? '').split(',');
      const found = Object.fromEntries(keys.filter((key) => key in editions).map((key) => [key, editions[key]]));
      const body = JSON.stringify(found).replaceAll(coversHost, base);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(body);
    }
    if (/^\/b\/id\/\d+-[SML]\.jpg$/.test(url.pathname)) {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(cover);
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error": "notfound"}');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    /** Answers every request after `ms` milliseconds (0: at once). */
    setDelay(ms: number) {
      state.delayMs = ms;
    },
    /** Stops listening and drops open connections: the service is down. */
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeOpenLibrary = Awaited<ReturnType<typeof startFakeOpenLibrary>>;
