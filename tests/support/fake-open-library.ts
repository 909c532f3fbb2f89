import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';

const fixtures = path.join(import.meta.dirname, 'open-library');
const coversHost = 'https://covers.openlibrary.org';
/** The stand-in's covers server's certificate (self-signed, for 127.0.0.1, ::1 and localhost), and its key. */
export const coversCertificateFile = path.join(import.meta.dirname, 'tls', 'covers-stand-in.pem');
const coversKeyFile = path.join(import.meta.dirname, 'tls', 'covers-stand-in.key');

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
 * &jscmd=data`, over http at `url`) answers the recorded editions of `open-library/` (`{}` for any other ISBN, as
 * Open Library does), with their covers' URLs pointing at its covers server: https at `coversUrl`, with the
 * self-signed certificate `coversCertificateFile`, as covers.openlibrary.org is. Both servers answer `GET /b/id/…`
 * with a small JPEG and `GET /redirect?to=URL` with a 302 to URL. `serverEnv` is what a server needs to ask it and
 * take its covers. `delayMs` makes it slow; `requests` lists the paths it was asked for and `connections` counts the
 * connections each server got; `stop()` takes it down (connections refused).
 */
export async function startFakeOpenLibrary(options: { port?: number } = {}) {
  const editions = recordedEditions();
  const cover = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#2b5f8a' } })
    .jpeg()
    .toBuffer();
  const requests: string[] = [];
  const connections = { http: 0, https: 0 };
  const state = { delayMs: 0 };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname + url.search);
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (url.pathname === '/api/books') {
      const keys = (url.searchParams.get('bibkeys') ?? '').split(',');
      const found = Object.fromEntries(keys.filter((key) => key in editions).map((key) => [key, editions[key]]));
      const body = JSON.stringify(found).replaceAll(coversHost, coversUrl);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(body);
    }
    if (/^\/b\/id\/\d+-[SML]\.jpg$/.test(url.pathname)) {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(cover);
    }
    const to = url.pathname === '/redirect' && url.searchParams.get('to');
    if (to) {
      res.writeHead(302, { location: to });
      return res.end();
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error": "notfound"}');
  }

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch(() => res.destroy());
  };
  const server = createServer(listener);
  const coversServer = createHttpsServer(
    { cert: readFileSync(coversCertificateFile), key: readFileSync(coversKeyFile) },
    listener,
  );
  server.on('connection', () => connections.http++);
  coversServer.on('connection', () => connections.https++);
  const listen = async (on: Server, port: number) => {
    await new Promise<void>((resolve) => on.listen(port, '127.0.0.1', resolve));
    return (on.address() as AddressInfo).port;
  };
  const base = `http://127.0.0.1:${await listen(server, options.port ?? 0)}`;
  const coversPort = await listen(coversServer, 0);
  const coversUrl = `https://127.0.0.1:${coversPort}`;
  const close = (on: Server) =>
    new Promise<void>((resolve) => {
      on.closeAllConnections();
      on.close(() => resolve());
    });
  return {
    url: base,
    coversUrl,
    coversPort,
    requests,
    connections,
    /**
     * A server's settings to ask this stand-in and take its covers: its covers server is the one cover host, and
     * loopback addresses are allowed (as only tests do), over https with its certificate trusted.
     */
    serverEnv: {
      ISBN_LOOKUP_URL: base,
      ISBN_COVER_HOSTS: `127.0.0.1:${coversPort}`,
      ISBN_COVER_ALLOW_LOOPBACK: 'true',
      ISBN_COVER_CA_FILE: coversCertificateFile,
    },
    /** Answers `isbn` (13 digits) with an edition whose cover is `coverUrl`, as a catalogue could. */
    addEdition(isbn: string, coverUrl: string) {
      editions[`ISBN:${isbn}`] = { title: `Edition ${isbn}`, cover: { large: coverUrl } };
    },
    /** Answers every request after `ms` milliseconds (0: at once). */
    setDelay(ms: number) {
      state.delayMs = ms;
    },
    /** Stops listening and drops open connections: the service is down. */
    stop: () => Promise.all([close(server), close(coversServer)]).then(() => undefined),
  };
}

export type FakeOpenLibrary = Awaited<ReturnType<typeof startFakeOpenLibrary>>;
