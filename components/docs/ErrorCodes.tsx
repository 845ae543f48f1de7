import { ERROR_CODES } from '@/lib/wire/error-codes';

const WHEN: Record<string, string> = {
  invalid_parameter: 'A query or path parameter is malformed; `detail` names it. Fix the request; do not retry as is.',
  invalid_body: 'The JSON body is malformed or a field is invalid; `detail` names each field. Nothing was changed.',
  unauthorized: 'The API key is missing, invalid or revoked. Send `Authorization: Bearer <API_KEY>`.',
  forbidden_origin:
    'A browser page from an origin not in `WS_ALLOWED_ORIGINS` tried to open /v1/ws with an API key (HTTP 403 on the upgrade).',
  forbidden_role:
    'The key has the wrong role for this endpoint: /v1/ops needs an operator key (`slo_…`); the feed, webhooks and /v1/ws need a data key (`sl_…`).',
  plan_limit_reached:
    "The key's plan allows no more of this resource (e.g. `webhook_endpoints`); delete one or move to a larger plan.",
  not_found: 'There is no endpoint at this path.',
  unknown_sport: 'The sport slug is not one of the ten sports.',
  fixture_not_found: 'No match has this fixture_id / match_id in this sport.',
  league_not_found: 'No league has this slug in this sport (REST, and the WebSocket subscribe message).',
  season_not_found:
    'The league (or, without `league`, no league of this sport) has no season with this label; GET /v1/{sport}/leagues lists the seasons.',
  team_not_found: 'No team (tennis: player, MMA: fighter) has this id or name in this sport.',
  player_not_found: 'No player has this id in this sport.',
  odds_not_found: 'The match has no 1X2 or moneyline odds.',
  webhook_not_found: 'No webhook endpoint of this API key has this id.',
  delivery_not_found: 'This webhook endpoint has no delivery with this id.',
  method_not_allowed:
    'This path does not take that method; the `Allow` header lists those it takes (the feed itself is read-only: GET or HEAD).',
  payload_too_large: 'The body is larger than 16 KiB.',
  unsupported_media_type: 'Send the body as JSON with `Content-Type: application/json`.',
  rate_limited: 'Too many requests: wait for `Retry-After` seconds.',
  internal_error: 'A server fault. Retry with exponential backoff.',
  unavailable:
    'The service (or the sandbox) is starting or its store is unreachable. Retry after `Retry-After` seconds.',
};

/** The error type documents that problem+json `type` URIs (`/docs/errors#<code>`) point to. */
export function ErrorCodes() {
  return (
    <section className="grid max-w-4xl gap-3">
      <h1 className="text-2xl font-bold">Errors</h1>
      <p>
        Every error under <code>/v1</code> is an RFC 9457 <code>application/problem+json</code> body with{' '}
        <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, <code>instance</code>, a stable{' '}
        <code>code</code> and the <code>request_id</code> (also in the <code>x-request-id</code> header).
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Error codes, HTTP status and meaning</caption>
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-1">
              code
            </th>
            <th scope="col" className="py-1">
              status
            </th>
            <th scope="col" className="py-1">
              meaning
            </th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(ERROR_CODES).map(([code, { status }]) => (
            <tr key={code} id={code} className="border-t border-line align-top">
              <td>
                <code>{code}</code>
              </td>
              <td>{status}</td>
              <td>{WHEN[code]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
