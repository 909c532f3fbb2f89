import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { requestListener } from '#server/server.ts';

export interface ServedListener {
  base: string;
  close(): Promise<void>;
}

/**
 * The app as server.ts serves it, its fast paths before Hono included (`requestListener`), on a port of 127.0.0.1.
 */
export async function listenAsServed(deps: Parameters<typeof requestListener>[0]): Promise<ServedListener> {
  const server = createServer(requestListener(deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/**
 * A GET with exactly these headers (node:http adds no Accept of its own, as fetch would; an undefined one is not
 * sent), the body decoded from gzip or Brotli.
 */
export function getExactly(
  url: string,
  headers: Record<string, string | undefined>,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url);
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) req.setHeader(name, value);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body: body.toString() });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
