/**
 * /v1 routing: path → handler, sport slug validation, 404/405 as problem+json.
 * Spec §4 paths; `/v1/ws` is the WebSocket (server/ws) and never reaches this router.
 */
import { randomUUID } from 'node:crypto';
import { isSport } from '@/lib/sports';
import type { Services } from '../services';
import { runHandler, type Handler, type RequestMeta } from './handler';
import { getFixtures } from './handlers/fixtures';
import { getLive, getMatchesLive } from './handlers/live';
import { getMatchHandler } from './handlers/match';
import { getOdds } from './handlers/odds';
import { getOpenApi } from './handlers/openapi';
import { getResults } from './handlers/results';
import { getStandingsHandler } from './handlers/standings';
import { problem } from './problem';

/** Path pattern, parameter names, handler, and whether the dashboard's viewer session may call it. */
export const ROUTES: [RegExp, string[], Handler, { viewer: boolean }][] = [
  [/^\/v1\/([^/]+)\/live$/, ['sport'], getLive, { viewer: true }],
  [/^\/v1\/([^/]+)\/matches\/live$/, ['sport'], getMatchesLive, { viewer: true }],
  [/^\/v1\/([^/]+)\/matches\/([^/]+)$/, ['sport', 'id'], getMatchHandler, { viewer: true }],
  [/^\/v1\/([^/]+)\/fixtures$/, ['sport'], getFixtures, { viewer: true }],
  [/^\/v1\/([^/]+)\/results$/, ['sport'], getResults, { viewer: true }],
  [/^\/v1\/([^/]+)\/standings$/, ['sport'], getStandingsHandler, { viewer: true }],
  [/^\/v1\/([^/]+)\/odds$/, ['sport'], getOdds, { viewer: true }],
];

/** Answers one /v1 request (a WHATWG Request) with a Response. `meta.ip` is the client's address. Never throws. */
export async function handleApi(req: Request, services: Services, meta: RequestMeta): Promise<Response> {
  const url = new URL(req.url);
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/v1/openapi.json' && (req.method === 'GET' || req.method === 'HEAD')) return getOpenApi(req); // public: no key, no sport
  for (const [re, names, handler, opts] of ROUTES) {
    const m = re.exec(path);
    if (!m) continue;
    const rid = req.headers.get('x-request-id')?.slice(0, 64) || randomUUID();
    let params: Record<string, string>;
    try {
      params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
    } catch {
      return problem('invalid_parameter', 'The path is not valid percent-encoding.', url.pathname, rid);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return problem('method_not_allowed', `${req.method} is not allowed; the /v1 feed is read-only (GET).`, url.pathname, rid, { allow: 'GET, HEAD' });
    }
    if (!isSport(params.sport)) {
      return problem('unknown_sport', `Unknown sport "${params.sport}". Sports: football, basketball, cricket, tennis, baseball, ice-hockey, golf, rugby, mma, esports.`, url.pathname, rid);
    }
    return runHandler(handler, req, url, params, services, meta, opts);
  }
  return problem('not_found', `No endpoint at ${url.pathname}.`, url.pathname, req.headers.get('x-request-id')?.slice(0, 64) || randomUUID());
}
