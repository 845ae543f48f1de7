// GET /v1/openapi.json — the OpenAPI 3.1 document of /v1 (no key needed; server/api/openapi-document.ts)
// GET /v1/asyncapi.json — the AsyncAPI 3.0 document of /v1/ws and the webhooks (no key needed; server/api/asyncapi-document.ts)
// GET /v1/schemas/ws.json — JSON Schemas of every WebSocket message (lib/wire/ws.ts; no key needed)
import { wsJsonSchemas } from '@/lib/wire/ws';
import { buildAsyncApi } from '@/server/api/asyncapi-document';
import { buildOpenApi } from '@/server/api/openapi-document';

/**
 * A public, cacheable JSON document (`cache-control: public, max-age=300`), built once per
 * process on its first request; HEAD answers the headers only.
 */
function publicDocument(build: () => unknown, contentType = 'application/json'): (req: Request) => Promise<Response> {
  let body: string | null = null;
  return async (req) => {
    body ??= JSON.stringify(build());
    return new Response(req.method === 'HEAD' ? null : body, {
      status: 200,
      headers: { 'content-type': contentType, 'cache-control': 'public, max-age=300' },
    });
  };
}

/** The OpenAPI document of /v1. */
export const getOpenApi = publicDocument(buildOpenApi);

/** The AsyncAPI document of /v1/ws and the webhooks. */
export const getAsyncApi = publicDocument(buildAsyncApi);

/** `{client, server}` JSON Schemas (draft 2020-12) of the /v1/ws protocol. */
export const getWsSchemas = publicDocument(
  () => ({ $comment: 'Scoreline /v1/ws protocol scoreline.v1 (docs/websocket.md)', ...wsJsonSchemas() }),
  'application/schema+json',
);
