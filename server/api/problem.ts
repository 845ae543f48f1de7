/**
 * Errors on the wire: RFC 9457 problem+json with a stable `code` (docs/api.md "Errors").
 * Handlers throw ApiError; the wrapper turns it (or anything else, as a 500) into a response.
 */

import { ERROR_CODES, type ErrorCode } from '@/lib/wire/error-codes';

export { ERROR_CODES, type ErrorCode };

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
export function problem(
  code: ErrorCode,
  detail: string,
  instance: string,
  requestId: string,
  headers: Record<string, string> = {},
  sandbox = false,
): Response {
  const { status, title } = ERROR_CODES[code];
  const body = {
    type: ERROR_TYPE_BASE + code,
    title,
    status,
    detail,
    instance,
    code,
    request_id: requestId,
    ...(sandbox ? { sandbox: true } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/problem+json',
      'x-request-id': requestId,
      'cache-control': 'no-store',
      ...(sandbox ? { 'scoreline-environment': 'sandbox' } : {}),
      ...headers,
    },
  });
}
