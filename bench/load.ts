import autocannon from 'autocannon';

export interface LoadResult {
  /** Mean 2xx responses per second over the measured run. */
  rps: number;
  /** 2xx answers in the measured run; without any, the latencies mean nothing. */
  ok: number;
  p50: number;
  p99: number;
  /** Responses that were not 2xx, and connection errors/timeouts: a run with either is not a valid figure. */
  non2xx: number;
  errors: number;
}

export interface LoadPlan {
  url: string;
  headers?: Record<string, string>;
  /** For write paths: builds each request (method, body, headers) as it is sent. */
  requests?: autocannon.Request[];
}

export interface LoadSettings {
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

function run(plan: LoadPlan, connections: number, seconds: number): Promise<autocannon.Result> {
  if (!new URL(plan.url).hostname.startsWith('127.'))
    throw new Error(`refusing to load a non-loopback target ${plan.url}`);
  return autocannon({
    url: plan.url,
    connections,
    duration: seconds,
    headers: plan.headers,
    requests: plan.requests,
    timeout: 10,
  });
}

/** Drives `plan` for a warm-up, then measures it; latencies are of 2xx responses, in ms. */
export async function measure(plan: LoadPlan, settings: LoadSettings): Promise<LoadResult> {
  await run(plan, settings.connections, settings.warmupSeconds);
  const result = await run(plan, settings.connections, settings.seconds);
  return {
    rps: result['2xx'] / result.duration,
    ok: result['2xx'],
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
