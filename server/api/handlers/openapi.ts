// GET /v1/openapi.json — the OpenAPI 3.1 document of /v1 (no key needed; server/api/openapi-document.ts)
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
