import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { closeServer, keepConnectionsForProxies } from './keep-alive.ts';

it('stops once the answer in flight is sent, not when its connection would have idled out', async () => {
  const server = http.createServer((_, res) => setTimeout(() => res.end('ok'), 300));
  keepConnectionsForProxies(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true });
  const get = () =>
    new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        })
        .on('error', reject);
    });
  expect(await get()).toBe(200); // a connection left idle
  const inFlight = get();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const stopping = Date.now();
  await closeServer(server);
  expect(await inFlight).toBe(200);
  expect(Date.now() - stopping).toBeLessThan(2_000);
  agent.destroy();
});
