/**
 * One entry of a list of hosts the server may fetch from: a name or an address, with a port (443 unless named);
 * `*.example.org` is any name under example.org (not example.org itself).
 */
export interface HostRule {
  hostname: string;
  port: string;
  subdomains: boolean;
}

const entryPattern = /^(\*\.)?([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

/**
 * The rules of a list of hosts written as `host[:port]` entries separated by commas or spaces, e.g.
 * `covers.openlibrary.org,archive.org,*.archive.org` or `127.0.0.1:8443`. Throws naming the first bad entry.
 */
export function parseHostList(text: string): HostRule[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const match = entryPattern.exec(entry);
      const port = Number(match?.[3] ?? 443);
      if (!match || port < 1 || port > 65535) {
        throw new Error(`'${entry}' is not a host name or address with an optional port`);
      }
      // The URL parser writes the name as URLs will carry it (lower case, an IPv6 address shortened).
      const { hostname } = new URL(`https://${match[2]}`);
      if (match[1] && hostname.startsWith('[')) throw new Error(`'${entry}': only a name can have a * before it`);
      return { hostname, port: String(port), subdomains: Boolean(match[1]) };
    });
}

/** Whether `url`'s host and port are on `rules` (its scheme is the caller's to check). */
export function onHostList(url: URL, rules: readonly HostRule[]): boolean {
  const port = url.port || (url.protocol === 'http:' ? '80' : '443');
  return rules.some(
    (rule) =>
      rule.port === port &&
      (rule.subdomains ? url.hostname.endsWith(`.${rule.hostname}`) : url.hostname === rule.hostname),
  );
}

/** The list as it is written, for a log line or a message. */
export function formatHostList(rules: readonly HostRule[]): string {
  return rules
    .map((rule) => `${rule.subdomains ? '*.' : ''}${rule.hostname}${rule.port === '443' ? '' : `:${rule.port}`}`)
    .join(',');
}
