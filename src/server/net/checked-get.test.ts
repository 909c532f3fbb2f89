import type { LookupAddress } from 'node:dns';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckedGetPolicy, checkedGet } from './checked-get.ts';
import { parseHostList } from './host-list.ts';

// An https server on 127.0.0.1 with the tests' certificate (valid for 127.0.0.1, ::1, localhost, *.example.test):
// `/picture` answers 64 KB, `/big` 1 MB, `/slow` nothing for 2 s, `/redirect?to=URL` a 302 to URL.
const tls = path.join(import.meta.dirname, '../../../tests/support/tls');
const ca = readFileSync(path.join(tls, 'covers-stand-in.pem'), 'utf8');
const requests: string[] = [];
let connections = 0;
const server = createServer({ cert: ca, key: readFileSync(path.join(tls, 'covers-stand-in.key')) }, (req, res) => {
  const url = new URL(req.url ?? '/', 'https://localhost');
  requests.push(`${req.headers.host}${url.pathname}${url.search}`);
  if (url.pathname === '/redirect') {
    res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
    return res.end();
  }
  if (url.pathname === '/slow') return void setTimeout(() => res.end('late'), 2000);
  res.writeHead(200, { 'content-type': 'image/jpeg' });
  res.end(Buffer.alloc(url.pathname === '/big' ? 1024 * 1024 : 64 * 1024, 7));
});
server.on('connection', () => connections++);
let port: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Names under example.test resolve as this table says (and never through real DNS); it counts what it is asked. */
const asked: string[] = [];
const table: Record<string, LookupAddress[]> = {
  'covers.example.test': [{ address: '127.0.0.1', family: 4 }],
  'private.example.test': [{ address: '10.0.0.5', family: 4 }],
  'metadata.example.test': [{ address: '169.254.169.254', family: 4 }],
  'cgnat.example.test': [{ address: '100.64.1.1', family: 4 }],
  'unique-local.example.test': [{ address: 'fd00::1', family: 6 }],
  'mapped.example.test': [{ address: '::ffff:169.254.169.254', family: 6 }],
  'zero.example.test': [{ address: '0.0.0.0', family: 4 }],
  // One good address does not make a bad one good: every address is checked.
  'mixed.example.test': [
    { address: '127.0.0.1', family: 4 },
    { address: '192.168.1.1', family: 4 },
  ],
};
const resolve = async (hostname: string) => {
  asked.push(hostname);
  const found = table[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

function policy(overrides: Partial<CheckedGetPolicy> = {}): CheckedGetPolicy {
  const names = Object.keys(table).map((name) => `${name}:${port}`);
  return {
    hosts: parseHostList([...names, `127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].join(',')),
    allowLoopback: true,
    ca: [ca],
    maxRedirects: 3,
    timeoutMs: 5000,
    maxBytes: 256 * 1024,
    resolve,
    ...overrides,
  };
}

/** What checkedGet threw: its message and whether the policy refused (rather than the fetch failing). */
async function refusal(url: string, rules = policy()) {
  const error = await checkedGet(url, rules).then(
    () => null,
    (thrown: Error & { refused?: boolean }) => thrown,
  );
  expect(error, `${url} was fetched`).not.toBeNull();
  return { message: error!.message, refused: error!.refused };
}

describe('checkedGet', () => {
  it('fetches from a listed host, connecting to the address its name resolved to, resolved once', async () => {
    asked.length = 0;
    const body = await checkedGet(`https://covers.example.test:${port}/picture`, policy());
    expect(body.length).toBe(64 * 1024);
    // No DNS knows covers.example.test: the connection went where the checked answer said.
    expect(asked).toEqual(['covers.example.test']);
  });

  it('refuses a name that resolves to a private, link-local, CGNAT, unique-local, mapped or 0.0.0.0 address, before connecting', async () => {
    const before = connections;
    for (const [name, says] of [
      ['private', '10.0.0.5 is a private address'],
      ['metadata', '169.254.169.254 is a link-local address'],
      ['cgnat', '100.64.1.1 is a shared (CGNAT) address'],
      ['unique-local', 'fd00::1 is a unique-local address'],
      ['mapped', '::ffff:169.254.169.254 is a link-local address'],
      ['zero', '0.0.0.0 is a this-network address'],
      ['mixed', '192.168.1.1 is a private address'],
    ]) {
      const url = `https://${name}.example.test:${port}/picture`;
      expect(await refusal(url)).toEqual({ message: `${name}.example.test resolves to ${says}`, refused: true });
    }
    expect(connections).toBe(before);
  });

  it('refuses loopback unless the policy allows it (tests only), by name through real DNS or as an address', async () => {
    const before = connections;
    const strict = policy({ allowLoopback: false, resolve: undefined });
    expect(await refusal(`https://localhost:${port}/picture`, strict)).toMatchObject({
      message: expect.stringMatching(/^localhost resolves to (127\.0\.0\.1|::1) is a loopback address$/),
      refused: true,
    });
    for (const url of [
      `https://127.0.0.1:${port}/picture`,
      // The URL parser reads these as 127.0.0.1 before anything else looks at them.
      `https://0x7f.0.0.1:${port}/picture`,
      `https://2130706433:${port}/picture`,
      `https://[::1]:${port}/picture`,
    ]) {
      expect(await refusal(url, strict)).toMatchObject({ message: expect.stringMatching(/loopback/), refused: true });
    }
    expect(connections).toBe(before);
    expect((await checkedGet(`https://localhost:${port}/picture`, policy({ resolve: undefined }))).length).toBe(65536);
  });

  it('refuses plain http, hosts and ports off the list, and URLs that are none', async () => {
    const before = connections;
    expect(await refusal(`http://covers.example.test:${port}/picture`)).toEqual({
      message: `http://covers.example.test:${port}/picture is not https`,
      refused: true,
    });
    expect(await refusal(`https://elsewhere.example.test:${port}/picture`)).toEqual({
      message: `elsewhere.example.test:${port} is not on the list of hosts`,
      refused: true,
    });
    expect(await refusal(`https://covers.example.test/picture`)).toMatchObject({ refused: true });
    expect(await refusal('javascript:alert(1)')).toMatchObject({ refused: true });
    expect(await refusal('not a url')).toMatchObject({ refused: true });
    expect(connections).toBe(before);
  });

  it('follows redirects by hand, each hop checked like the first: off the list, http or private is refused there', async () => {
    const hop = (to: string) => `https://covers.example.test:${port}/redirect?to=${encodeURIComponent(to)}`;
    expect((await checkedGet(hop(`https://covers.example.test:${port}/picture`), policy())).length).toBe(65536);
    expect((await checkedGet(hop('/picture'), policy())).length).toBe(65536);

    const targets: [string, string][] = [
      [`https://metadata.example.test:${port}/latest/meta-data/`, 'resolves to 169.254.169.254 is a link-local'],
      [`https://private.example.test:${port}/picture`, 'resolves to 10.0.0.5 is a private'],
      ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is not on the list'],
      [`https://10.0.0.5:${port}/picture`, `10.0.0.5:${port} is not on the list`],
      [`http://covers.example.test:${port}/picture`, 'is not https'],
      ['file:///etc/passwd', 'is not https'],
    ];
    for (const [target, says] of targets) {
      requests.length = 0;
      const { message, refused } = await refusal(hop(target));
      expect([target, message, refused]).toEqual([target, expect.stringContaining(says), true]);
      // The first hop was asked; the target never was.
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatch(/\/redirect\?to=/);
    }
  });

  it('gives up after three redirects', async () => {
    let url = `https://covers.example.test:${port}/picture`;
    for (let hops = 0; hops < 4; hops++) {
      url = `https://covers.example.test:${port}/redirect?to=${encodeURIComponent(url)}`;
    }
    expect(await refusal(url)).toMatchObject({ message: expect.stringMatching(/redirects more than 3 times/) });
  });

  it('stops reading one chunk past the size limit, and gives up at the time limit', async () => {
    const big = await checkedGet(`https://covers.example.test:${port}/big`, policy());
    expect(big.length).toBeGreaterThan(256 * 1024);
    expect(big.length).toBeLessThan(1024 * 1024);

    const started = Date.now();
    expect(await refusal(`https://covers.example.test:${port}/slow`, policy({ timeoutMs: 300 }))).toEqual({
      message: `https://covers.example.test:${port}/slow: no answer in 300 ms`,
      refused: false,
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('trusts only the certificate authorities it is given', async () => {
    expect(await refusal(`https://covers.example.test:${port}/picture`, policy({ ca: undefined }))).toMatchObject({
      message: expect.stringMatching(/self.signed|certificate/i),
      refused: false,
    });
  });
});
