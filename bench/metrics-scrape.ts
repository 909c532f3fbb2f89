/** What the app's `/metrics` says it answered, by method, route and status (bookshelf_http_request_duration_seconds). */
export interface ServedCount {
  method: string;
  route: string;
  status: string;
  count: number;
}

/** The token the bench's server is started with, so that the bench can scrape it as Prometheus would. */
export const benchMetricsToken = 'bench-metrics-token-0123456789';

/** Scrapes `/metrics` and answers the request counts, most first. */
export async function scrapeServedCounts(baseUrl: string): Promise<ServedCount[]> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${benchMetricsToken}` } });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  const counts: ServedCount[] = [];
  for (const line of (await res.text()).split('\n')) {
    const match = /^bookshelf_http_request_duration_seconds_count\{([^}]*)\} (\d+)/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    counts.push({ method: labels.method!, route: labels.route!, status: labels.status!, count: Number(match[2]) });
  }
  return counts.sort((a, b) => b.count - a.count);
}
