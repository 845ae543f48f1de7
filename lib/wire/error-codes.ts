/**
 * The stable error codes of /v1 (docs/errors.md) with the HTTP status and title each is sent with
 * as RFC 9457 problem+json (server/api/problem.ts). Pure data: the docs page lists it too.
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
