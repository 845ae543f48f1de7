/**
 * Webhook verification per the Standard Webhooks spec (https://www.standardwebhooks.com), as the
 * server signs them (server/webhooks/signing.ts): `webhook-id`, `webhook-timestamp` (unix seconds)
 * and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`) headers.
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export { WebhookVerificationError };

/** The JSON body of every Scoreline webhook: the event `type`, when it happened (ISO 8601 UTC) and its payload. */
export interface WebhookEnvelope<T = unknown> {
  type: string;
  timestamp: string;
  data: T;
}

/** Request headers as Node gives them (`req.headers`) or a plain record; names are case-insensitive. */
export type WebhookRequestHeaders = Record<string, string | string[] | undefined>;

/**
 * Verifies a webhook request and returns its parsed envelope `{ type, timestamp, data }`.
 * `body` must be the raw request body exactly as received (not re-serialized JSON); `secret` is
 * the endpoint's `whsec_…` signing secret. Timestamps more than 5 minutes away from now are refused.
 * Errors: throws `WebhookVerificationError` on missing headers, a bad signature, a timestamp too
 * old or too new, or a signed body that is not a `{type, timestamp, data}` JSON object; throws
 * Error when `secret` is empty or not base64.
 */
export function verifyWebhook<T = unknown>(
  secret: string,
  body: string | Buffer,
  headers: WebhookRequestHeaders,
): WebhookEnvelope<T> {
  const flat: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined) flat[k.toLowerCase()] = value;
  }
  let payload: unknown;
  try {
    payload = new Webhook(secret).verify(body, flat);
  } catch (e) {
    if (e instanceof WebhookVerificationError || !(e instanceof SyntaxError)) throw e;
    throw new WebhookVerificationError('Signed payload is not JSON');
  }
  const env = payload as Partial<WebhookEnvelope<T>> | null | undefined;
  if (
    !env ||
    typeof env !== 'object' ||
    typeof env.type !== 'string' ||
    typeof env.timestamp !== 'string' ||
    !('data' in env)
  ) {
    throw new WebhookVerificationError('Signed payload is not a {type, timestamp, data} envelope');
  }
  return { type: env.type, timestamp: env.timestamp, data: env.data as T };
}
