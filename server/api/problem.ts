/**
 * Errors on the wire: RFC 9457 problem+json with a stable `code` (docs/api.md "Errors").
 * Handlers throw ApiError; the wrapper turns it (or anything else, as a 500) into a response.
 */

/** Stable error codes and their HTTP status. */
export const ERROR_CODES = {
  invalid_parameter: { status: 400, title: 'Bad Request' },
  invalid_body: { status: 400, title: 'Bad Request' },
  invalid_host: { status: 400, title: 'Bad Request' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden_origin: { status: 403, title: 'Forbidden' },
  forbidden_role: { status: 403, title: 'Forbidden' },
  plan_limit_reached: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not Found' },
  unknown_sport: { status: 404, title: 'Not Found' },
  fixture_not_found: { status: 404, title: 'Not Found' },
  league_not_found: { status: 404, title: 'Not Found' },
  season_not_found: { status: 404, title: 'Not Found' },
  team_not_found: { status: 404, title: 'Not Found' },
  player_not_found: { status: 404, title: 'Not Found' },
  odds_not_found: { status: 404, title: 'Not Found' },
  webhook_not_found: { status: 404, title: 'Not Found' },
  delivery_not_found: { status: 404, title: 'Not Found' },
  method_not_allowed: { status: 405, title: 'Method Not Allowed' },
  request_timeout: { status: 408, title: 'Request Timeout' },
  payload_too_large: { status: 413, title: 'Content Too Large' },
  unsupported_media_type: { status: 415, title: 'Unsupported Media Type' },
  rate_limited: { status: 429, title: 'Too Many Requests' },
  internal_error: { status: 500, title: 'Internal Server Error' },
  unavailable: { status: 503, title: 'Service Unavailable' },
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** Type URI of each error: a relative reference to this host's docs page (RFC 9457 §3.1.1 allows relative URIs). */
export const ERROR_TYPE_BASE = '/docs/errors#';

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

/**
 * Builds the problem+json response for an error code. `instance` is the request path; `sandbox`
 * marks a /sandbox/v1 answer (`"sandbox": true` and the `scoreline-environment: sandbox` header).
 */
export function problem(code: ErrorCode, detail: string, instance: string, requestId: string, headers: Record<string, string> = {}, sandbox = false): Response {
  const { status, title } = ERROR_CODES[code];
  const body = { type: ERROR_TYPE_BASE + code, title, status, detail, instance, code, request_id: requestId, ...(sandbox ? { sandbox: true } : {}) };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/problem+json', 'x-request-id': requestId, 'cache-control': 'no-store', ...(sandbox ? { 'scoreline-environment': 'sandbox' } : {}), ...headers },
  });
}
