/**
 * Webhook signing per the Standard Webhooks spec (https://www.standardwebhooks.com): a
 * `whsec_`-prefixed base64 secret, and `webhook-id` / `webhook-timestamp` / `webhook-signature`
 * headers where the signature is `v1,` + base64 HMAC-SHA256 of `<id>.<timestamp>.<body>`.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** The three Standard Webhooks request headers. */
export type WebhookHeaders = {
  'webhook-id': string;
  /** Integer unix seconds. */
  'webhook-timestamp': string;
  /** `v1,<base64 HMAC-SHA256>`. */
  'webhook-signature': string;
};

/** A new random signing secret: `whsec_` + base64 of 24 crypto-random bytes (Standard Webhooks secret format). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * Headers that sign `body` (the exact bytes sent) for message `msgId` sent at `at`, with the
 * `standardwebhooks` package. Errors: throws when `secret` is not valid base64 / is empty.
 */
export function webhookHeaders(secret: string, msgId: string, at: Date, body: string): WebhookHeaders {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(msgId, at, body),
  };
}
