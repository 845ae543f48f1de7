/**
 * What the docs pages show of the /v1 contract: the OpenAPI document (built from the same zod
 * schemas as the handlers) and the request examples. Pages may not import server/api (the HTTP
 * layer); this folder sits above it, beside the pages, so the read layer needs no arrow up into it.
 */
export { buildOpenApi } from '../api/openapi-document';
export { EXAMPLES } from '../api/examples';
