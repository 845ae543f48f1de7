/**
 * What the docs pages show of the /v1 contract: the OpenAPI document (built from the same zod
 * schemas as the handlers) and the request examples. A re-export, so pages need not import
 * server/api.
 */
export { buildOpenApi } from '../api/openapi-document';
export { EXAMPLES } from '../api/examples';
