import { Agent, get } from 'node:http';
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

/** A measurement and the machine's limit (node:http, constant JSON) measured in turns with it. */
export interface Paired {
  result: LoadResult;
  limit: LoadResult;
}

export interface LoadPlan {
  url: string;
  headers?: Record<string, string>;
  /** For write paths: builds each request (method, body, headers) as it is sent. */
  requests?: autocannon.Request[];
}

export interface LoadSettings {
  connections: number;
  /** Measured seconds of each plan, split over the rounds. */
  seconds: number;
  warmupSeconds: number;
  /** Turns of plan and limit: the machine's pace drifts over minutes, and each ratio is taken within turns. */
  rounds: number;
  /** The node:http constant-JSON server, running for the whole bench. */
  limitUrl: string;
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

/** Runs of one plan as one figure: throughput over all of them, the median p50 and the worst p99. */
function combine(runs: autocannon.Result[]): LoadResult {
  const ok = runs.reduce((n, r) => n + r['2xx'], 0);
  const p50s = runs.map((r) => r.latency.p50).sort((a, b) => a - b);
  return {
    rps: ok / runs.reduce((n, r) => n + r.duration, 0),
    ok,
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}

/** Unmeasured load before a measurement (JIT, pools, caches). */
export async function warmUp(plan: LoadPlan, settings: LoadSettings): Promise<void> {
  await run(plan, settings.connections, settings.warmupSeconds);
}

/**
 * Drives `plan` for a warm-up, then in turns with the limit (warmed up once, at the start of the bench)
 * for `rounds` rounds; latencies are of 2xx responses, in ms.
 */
export async function measure(plan: LoadPlan, settings: LoadSettings): Promise<Paired> {
  const {
    results: [result],
    limit,
  } = await measureInTurns([plan], settings);
  return { result: result!, limit };
}

/**
 * `plan` in turns with another server doing the least the same work needs (the bare booking server for a booking),
 * instead of the constant-JSON limit: both warmed up, then `rounds` turns of each; `limit` is that yardstick's figure.
 */
export async function measureAgainst(
  plan: LoadPlan,
  yardstick: LoadPlan,
  settings: LoadSettings,
  settle?: () => Promise<void>,
): Promise<Paired> {
  await warmUp(yardstick, settings);
  const {
    results: [result],
    limit,
  } = await measureInTurns([plan], settings, yardstick, settle);
  return { result: result!, limit };
}

/**
 * Several plans measured in one run: each warmed up, then every round drives the limit and each plan in turn,
 * so that they share the machine's drift as a plan and its limit do. `settle`, when given, runs before every turn:
 * what one turn left to do in the background (a store's mail) is done before the next turn starts, not during it.
 */
export async function measureInTurns(
  plans: LoadPlan[],
  settings: LoadSettings,
  limitPlan: LoadPlan = { url: settings.limitUrl },
  settle: () => Promise<void> = async () => {},
): Promise<{ results: LoadResult[]; limit: LoadResult }> {
  const { connections, rounds } = settings;
  for (const plan of plans) await warmUp(plan, settings);
  const limits: autocannon.Result[] = [];
  const runs = plans.map((): autocannon.Result[] => []);
  const turn = async (plan: LoadPlan) => {
    await settle();
    return run(plan, connections, settings.seconds / rounds);
  };
  for (let round = 0; round < rounds; round += 1) {
    limits.push(await turn(limitPlan));
    for (const [i, plan] of plans.entries()) runs[i]!.push(await turn(plan));
  }
  return { results: runs.map(combine), limit: combine(limits) };
}

/** Latencies of one client asking again and again, each answer read whole before the next request: the cost of one request, without queueing. */
export interface AloneLatency {
  requests: number;
  /** Milliseconds, to the microsecond. */
  p50: number;
  p99: number;
}

function fetchOnce(url: string, headers: Record<string, string>, agent: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${res.statusCode}`)),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** `requests` requests one after another on one kept-alive connection, after as many unmeasured ones. */
export async function measureAlone(plan: LoadPlan, requests: number): Promise<AloneLatency> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const headers = plan.headers ?? {};
  try {
    for (let i = 0; i < requests; i += 1) await fetchOnce(plan.url, headers, agent);
    const times: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      const started = performance.now();
      await fetchOnce(plan.url, headers, agent);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return { requests, p50: at(0.5), p99: at(0.99) };
  } finally {
    agent.destroy();
  }
}
