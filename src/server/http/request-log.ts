import { getPath } from 'hono/utils/url';
import type { Metrics } from '#server/metrics/metrics.ts';
import type { Logger } from './logger.ts';

export const requestIdHeader = 'x-request-id';
const requestIdPattern = /^[\w\-=]{1,255}$/;

/** A request's id: the one its client sent in X-Request-Id when that can be one, else a new one. */
export function requestIdOf(sent: string | undefined): string {
  return sent !== undefined && requestIdPattern.test(sent) ? sent : crypto.randomUUID();
}

/** The path of a URL as it arrived (path and query), decoded as the router reads it (`c.req.path`). */
export function requestPathOf(url: string): string {
  return getPath({ url: `http://localhost${url}` } as Request);
}

/** An answered request, as its log line and the metrics tell it. */
export interface AnsweredRequest {
  requestId: string;
  method: string;
  path: string;
  /** The pattern of the route that answered (`/api/books/:categoryName`), never the URL: bounded label values. */
  route: string;
  status: number;
  /** `performance.now()` when the request came. */
  started: number;
}

/** The end of every request, answered by the app or the public-list fast path: its duration in the metrics, and one log line. */
export function recordRequest({ log, metrics }: { log: Logger; metrics: Metrics }, request: AnsweredRequest): void {
  const ms = performance.now() - request.started;
  metrics.observeRequest(request.method, request.route, request.status, ms / 1000);
  log.info('request', {
    requestId: request.requestId,
    method: request.method,
    path: request.path,
    status: request.status,
    ms: Math.round(ms),
  });
}
