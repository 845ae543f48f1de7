/**
 * The /v1 API app (and /sandbox/v1, the same routes over the sandbox's services): one WHATWG
 * `fetch` (Request → Response) that answers a request with the route the router matched
 * (server/api/router.ts): the request's unsafe characters refused, then the route's handler under
 * server/api/handler.ts runHandler (authentication and rate limits first, problem+json for every
 * failure). Mounted twice: by the Node front (server/http/front.ts, which matched the request
 * already and serves a cached read's hit itself, server/http/fast-read.ts) and by Next
 * (app/v1/[[...route]]/route.ts, app/sandbox/v1/…, through server/http/next-api.ts). Spec §4
 * paths; `/v1/ws` is the WebSocket (server/ws) and never reaches it.
 */
import type { Services } from '../services';
import { requestIdOf, runHandler, type RequestMeta } from './handler';
import { matchRoute, routingError, type RouteMatch } from './router';
import { unsafeRequestPart } from './safe-strings';

/**
 * Answers one /v1 request (a WHATWG Request) with a Response; with the sandbox's services it
 * answers /sandbox/v1 the same way. `match` is the router's answer for the request's method and
 * path when the caller matched it already (else it is matched here). Every answer, routing errors
 * included, passes authentication and the rate limits first, so it carries the RateLimit headers
 * (an unknown path without a key is 401); NUL or lone surrogates in the query or the path
 * parameters never reach a handler (invalid_parameter, after authentication). A HEAD is answered
 * as its GET without the body. `meta.ip` is the client's address. Never throws.
 */
export async function handleApi(
  req: Request,
  services: Services,
  meta: RequestMeta,
  match?: RouteMatch,
): Promise<Response> {
  meta.requestId = requestIdOf(req, meta);
  const url = new URL(req.url);
  const m = match ?? matchRoute(req.method, url.pathname, services.environment === 'sandbox');
  const unsafe = unsafeRequestPart(url.searchParams, m.params);
  const handler = unsafe ? routingError('invalid_parameter', unsafe).handler : m.handler;
  const res = await runHandler(handler, req, url, { ...m.params }, services, meta, m);
  return req.method === 'HEAD' ? new Response(null, res) : res;
}
