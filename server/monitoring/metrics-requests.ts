/**
 * The API request metrics: `scoreline_http_requests_total` (by route group, method, status; 499
 * when the client closed first) and `scoreline_http_request_duration_seconds`, fed by the
 * response observer (server/http/response-observer.ts).
 */
import { Counter, Histogram, type Registry } from 'prom-client';
import type { ResponseObserver } from '../http/response-observer';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Registers the request metrics on `registers` and answers the observer that counts and times
 * an API request when its response closes; `routeGroup` (route-groups.ts) names its label.
 * Counts are batched per label set and added on the observer's `flush`; durations are observed at once.
 */
export function requestMetrics(registers: Registry[], routeGroup: (url: string) => string): ResponseObserver {
  const requests = new Counter({
    name: 'scoreline_http_requests_total',
    help: 'API requests (/v1, /sandbox/v1) by route group, method and status (499: client closed first).',
    labelNames: ['route_group', 'method', 'status'],
    registers,
  });
  const duration = new Histogram({
    name: 'scoreline_http_request_duration_seconds',
    help: 'API request duration in seconds, from arrival to the end of the response.',
    labelNames: ['route_group', 'method'],
    registers,
  });

  // Per batch of responses (server/http/response-observer.ts): one counter increment per label set.
  const counts = new Map<string, { group: string; method: string; status: string; n: number }>();
  const observeRequest: ResponseObserver = (req, res, elapsedMs, finished) => {
    const group = routeGroup(req.url ?? '/');
    const method = METHODS.has(req.method ?? '') ? req.method! : 'OTHER';
    const status = finished ? String(res.statusCode) : '499';
    const key = `${group} ${method} ${status}`;
    const c = counts.get(key);
    if (c) c.n += 1;
    else counts.set(key, { group, method, status, n: 1 });
    duration.observe({ route_group: group, method }, elapsedMs / 1000);
  };
  observeRequest.flush = () => {
    for (const c of counts.values()) requests.inc({ route_group: c.group, method: c.method, status: c.status }, c.n);
    counts.clear();
  };
  return observeRequest;
}
