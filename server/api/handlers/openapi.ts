// GET /v1/openapi.json — the OpenAPI 3.1 document of /v1 (no key needed; server/api/openapi-document.ts)
import { wsJsonSchemas } from '@/lib/wire/ws';
import { buildOpenApi } from '@/server/api/openapi-document';

let body: string | null = null;

/** The OpenAPI document as a public, cacheable JSON response (built once per process). */
export async function getOpenApi(req: Request): Promise<Response> {
  body ??= JSON.stringify(buildOpenApi());
  return new Response(req.method === 'HEAD' ? null : body, {
    status: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
  });
}

let wsBody: string | null = null;

// GET /v1/schemas/ws.json — JSON Schemas of every WebSocket message (lib/wire/ws.ts; no key needed)
/** `{client, server}` JSON Schemas (draft 2020-12) of the /v1/ws protocol, public and cacheable. */
export async function getWsSchemas(req: Request): Promise<Response> {
  wsBody ??= JSON.stringify({
    $comment: 'Scoreline /v1/ws protocol scoreline.v1 (docs/websocket.md)',
    ...wsJsonSchemas(),
  });
  return new Response(req.method === 'HEAD' ? null : wsBody, {
    status: 200,
    headers: { 'content-type': 'application/schema+json', 'cache-control': 'public, max-age=300' },
  });
}
