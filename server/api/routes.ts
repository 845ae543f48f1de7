/**
 * Every /v1 REST route, declared once: method, path (OpenAPI template), operation id, summary,
 * tag, query object, request body and response components (server/api/openapi-components.ts), the
 * handler, how it authenticates and, for a cached read, its cache policy. The router
 * (server/api/router.ts) matches them, the OpenAPI document (server/api/openapi-document.ts) is
 * generated from them. Listed in the document's order; ROUTES is the routing order (first match
 * wins). `/v1/openapi.json`, `/v1/asyncapi.json`, `/v1/schemas/ws.json` (server/api/router.ts) and
 * the WebSocket `/v1/ws` (server/ws) are not in this table.
 */
import type { Handler } from './handler';
import { cachedRead } from './cached-read';
import { ACCOUNT_ROUTES } from './routes-account';
import { FEED_ROUTES } from './routes-feed';
import { OPS_ROUTES } from './routes-ops';
import type { RouteSpec } from './route-spec';

export { TAGS, type Method, type ReadPolicy, type RouteSpec, type Tag } from './route-spec';

/** Every /v1 REST route, in the document's order. */
export const ROUTE_SPECS: RouteSpec[] = [...FEED_ROUTES, ...ACCOUNT_ROUTES, ...OPS_ROUTES];

/** A declared route, compiled: its matcher and the handler that serves it. */
export interface Route extends RouteSpec {
  /** Matches the routed path (trailing slashes and /sandbox dropped) exactly; one group per path parameter. */
  pattern: RegExp;
  /** The handler's names of the pattern's groups, in order (`{fixture_id}` is `id` to getMatchHandler). A `sport` is checked against the ten slugs. */
  names: string[];
  /** `handler`, through the read cache (server/api/cached-read.ts) when the route declares `cache`. */
  served: Handler;
}
/** Regex of one path parameter and the name its handler reads it under. */
function parameter(name: string, spec: RouteSpec): { group: string; as: string } {
  if (spec.path.startsWith('/v1/ops/')) return { group: '(\\d{1,9})', as: 'id' }; // operator ids: 1–9 digits
  if (name === 'id') return { group: '(wh_[A-Za-z0-9_-]{1,40})', as: 'id' }; // a webhook endpoint
  if (name === 'delivery_id') return { group: '(dlv_[A-Za-z0-9_-]{1,40})', as: 'delivery_id' };
  return { group: '([^/]+)', as: name.endsWith('_id') ? 'id' : name }; // checked by the handler (sport: by the router)
}

/** Compiles a declared route: its matcher and served handler. */
function compile(spec: RouteSpec): Route {
  const names: string[] = [];
  let source = '^';
  for (const part of spec.path.split('/').slice(1)) {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name) {
      source += `\\/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      continue;
    }
    const { group, as } = parameter(name, spec);
    source += `\\/${name === 'sport' && spec.notOps ? '(?!ops\\/)' : ''}${group}`;
    names.push(as);
  }
  const cache = spec.cache;
  const served: Handler = cache ? (req, ctx) => cachedRead(cache, spec.handler, req, ctx) : spec.handler;
  return { ...spec, pattern: new RegExp(`${source}$`), names, served };
}

/** Every declared route, compiled, in the document's order. */
export const API_ROUTES: Route[] = ROUTE_SPECS.map(compile);

const isOps = (r: Route) => r.path.startsWith('/v1/ops/');

/**
 * Every /v1 REST route in routing order, first match wins: the operator routes before the feed's,
 * whose `{sport}` would otherwise take `ops` (GET /v1/ops/fixtures is the operators' list).
 */
export const ROUTES: Route[] = [...API_ROUTES.filter(isOps), ...API_ROUTES.filter((r) => !isOps(r))];
