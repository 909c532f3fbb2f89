import { createServer } from 'node:http';
import type { Child } from './children.ts';
import { ensurePortFree, startNodeChild, waitForHttp } from './children.ts';

/**
 * The machine's limit for any endpoint: plain node:http answering a constant JSON body, in its own
 * process like the app, driven by the same load generator.
 */
const body = JSON.stringify({ status: 'ok', service: 'baseline' });

export async function startBaselineServer(port: number): Promise<{ url: string; child: Child }> {
  await ensurePortFree(port);
  const child = startNodeChild('the node:http baseline', [import.meta.filename], { BASELINE_PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(child, `${url}/`);
  return { url, child };
}

if (process.argv[1] === import.meta.filename) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.listen(Number(process.env.BASELINE_PORT), '127.0.0.1');
  process.on('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
