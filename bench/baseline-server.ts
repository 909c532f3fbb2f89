import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Child } from './children.ts';
import { ensurePortFree, startNodeChild, waitForHttp } from './children.ts';
import type { RecordedAnswer } from './recorded-answer.ts';

/**
 * The machine's limit for any endpoint: plain node:http answering a constant JSON body, in its own
 * process like the app, driven by the same load generator. Given a recorded answer instead, it answers
 * exactly those headers and bytes: the limit for an endpoint whose answer is that big.
 */
const constant = JSON.stringify({ status: 'ok', service: 'baseline' });

export async function startBaselineServer(port: number, answerFile?: string): Promise<{ url: string; child: Child }> {
  await ensurePortFree(port);
  const env: Record<string, string> = { BASELINE_PORT: String(port) };
  if (answerFile) env.BASELINE_ANSWER = answerFile;
  const child = startNodeChild('the node:http baseline', [import.meta.filename], env);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(child, `${url}/`);
  return { url, child };
}

if (process.argv[1] === import.meta.filename) {
  const recorded = process.env.BASELINE_ANSWER
    ? (JSON.parse(readFileSync(process.env.BASELINE_ANSWER, 'utf8')) as RecordedAnswer)
    : undefined;
  const body = recorded ? Buffer.from(recorded.body, 'base64') : Buffer.from(constant);
  const headers = recorded?.headers ?? { 'content-type': 'application/json' };
  const server = createServer((_req, res) => {
    res.writeHead(200, { ...headers, 'content-length': body.length });
    res.end(body);
  });
  server.listen(Number(process.env.BASELINE_PORT), '127.0.0.1');
  process.on('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
