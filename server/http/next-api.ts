/**
 * The /v1 API app (server/api/app.ts) mounted in Next: the route handlers
 * app/v1/[[...route]]/route.ts and app/sandbox/v1/[[...route]]/route.ts answer with the same
 * API app the custom server serves itself (matched here by the same router, server/api/router.ts).
 * The custom server hands /v1 to Next only with API_LANE=next (docs/api.md); it then registers, per request, the services that answer it and the
 * request's facts (client IP, request id) under a one-time token header, so the answer, its access
 * log line and its rate limits are those of the Node lane. Route handlers are bundled by Next:
 * the running server is reached through globalThis, never a module-level singleton.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { handleApi } from '../api/app';
import type { RequestMeta } from '../api/handler';
import { problem } from '../api/problem';
import type { Services } from '../services';

/** The header carrying the one-time token of a request handed to Next (set by the custom server, any client value replaced). */
export const LANE_HEADER = 'x-scoreline-lane';

/** What the custom server registered for one request handed to Next: its services (or the answer when there are none, e.g. the sandbox loading) and its facts. */
interface Handed {
  target: Services | Response;
  meta: RequestMeta;
}

const KEY = Symbol.for('scoreline.nextApiLane');
type Holder = { [KEY]?: Map<string, Handed> };
const handed = (): Map<string, Handed> => ((globalThis as Holder)[KEY] ??= new Map());

/**
 * Custom server side: registers what answers `req` and sets its token header, just before the
 * request is handed to Next's handler. The entry is dropped when the response closes.
 */
export function handToNext(
  req: IncomingMessage,
  target: Services | Response,
  meta: RequestMeta,
  onClose: (done: () => void) => void,
): void {
  const token = randomUUID();
  handed().set(token, { target, meta });
  req.headers[LANE_HEADER] = token;
  onClose(() => handed().delete(token));
}

/**
 * Next side: the route handler of one mount (`/v1` or `/sandbox/v1`). A request that did not come
 * through the custom server (no registered token) is answered 503 problem+json: the services run in
 * that server's process.
 */
export function nextApiRoute(sandbox: boolean): (req: Request) => Promise<Response> {
  return async (req) => {
    const entry = handed().get(req.headers.get(LANE_HEADER) ?? '');
    const instance = new URL(req.url).pathname;
    if (!entry)
      return problem(
        'unavailable',
        'The API answers through the Scoreline server (server/index.ts).',
        instance,
        randomUUID(),
        {},
        sandbox,
      );
    if (entry.target instanceof Response) return entry.target;
    const headers = new Headers(req.headers);
    headers.delete(LANE_HEADER);
    // Next drops a route's Content-Encoding header (and compresses by itself): ask the app for identity bytes.
    headers.delete('accept-encoding');
    return handleApi(new Request(req, { headers }), entry.target, entry.meta);
  };
}

type RouteHandler = (req: Request) => Promise<Response>;

/** The HTTP method exports of one mount's route.ts: every method answered by {@link nextApiRoute}. */
export function nextApiRoutes(
  sandbox: boolean,
): Record<'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS', RouteHandler> {
  const handle = nextApiRoute(sandbox);
  return { GET: handle, HEAD: handle, POST: handle, PUT: handle, PATCH: handle, DELETE: handle, OPTIONS: handle };
}
