import { get } from 'node:http';

/** One answer of an endpoint as the load generator receives it, to replay on node:http. */
export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

/** Headers node:http writes by itself. */
const ownHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export function recordAnswer(url: string, headers: Record<string, string>): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (!ownHeaders.has(name) && value !== undefined) headers[name] = String(value);
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}
