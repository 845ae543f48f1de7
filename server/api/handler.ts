/**
 * The one wrapper every /v1 handler runs in: request id, bearer-key auth, parameter errors,
 * problem+json for every failure (never a stack trace), JSON responses.
 * Handlers are plain `(Request, ctx) → Response` functions, servable with or without Next.
 */
import { randomUUID } from 'node:crypto';
import { ZodError, type z } from 'zod';
import { bearerToken, type KeyRecord } from '../auth/keys';
import type { Services } from '../services';
import { ApiError, problem } from './problem';

export interface Ctx {
  url: URL;
  params: Record<string, string>;
  services: Services;
  requestId: string;
  key: KeyRecord;
}
export type Handler = (req: Request, ctx: Ctx) => Promise<Response>;

/** A JSON 200 response with the request id. */
export function json(body: unknown, ctx: Pick<Ctx, 'requestId'>, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': ctx.requestId, 'cache-control': 'no-store' },
  });
}

/** Parses the query string with a zod schema. Errors: ApiError invalid_parameter naming each bad parameter. */
export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.infer<S> {
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) raw[k] = v;
  try {
    return schema.parse(raw);
  } catch (e) {
    if (e instanceof ZodError) {
      const detail = e.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; ');
      throw new ApiError('invalid_parameter', detail);
    }
    throw e;
  }
}

/**
 * Runs a handler: authenticates the bearer key (401 when missing/invalid), maps ApiError to its
 * problem+json, and any other error to a logged 500 `internal_error`.
 */
export async function runHandler(handler: Handler, req: Request, url: URL, params: Record<string, string>, services: Services): Promise<Response> {
  const requestId = req.headers.get('x-request-id')?.slice(0, 64) || randomUUID();
  try {
    const token = bearerToken(req.headers.get('authorization'));
    const key = await services.keys.verify(token);
    if (!key) {
      const detail = token ? 'The API key is invalid or revoked.' : 'Send your API key as "Authorization: Bearer <API_KEY>".';
      throw new ApiError('unauthorized', detail, { 'www-authenticate': 'Bearer realm="scoreline"' });
    }
    return await handler(req, { url, params, services, requestId, key });
  } catch (e) {
    if (e instanceof ApiError) return problem(e.code, e.detail, url.pathname, requestId, e.headers);
    services.log.error({ err: e, requestId, path: url.pathname }, 'handler failed');
    return problem('internal_error', 'The server failed to answer; retry with backoff.', url.pathname, requestId);
  }
}
