/**
 * Webhook signing per the Standard Webhooks spec (https://www.standardwebhooks.com): a
 * `whsec_`-prefixed base64 secret, and `webhook-id` / `webhook-timestamp` / `webhook-signature`
 * headers where the signature is `v1,` + base64 HMAC-SHA256 of `<id>.<timestamp>.<body>`.
 */
import { createHmac, randomBytes } from 'node:crypto';
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

/** Decoded HMAC keys by secret: decoded (and validated) once per endpoint, not once per delivery. */
const keys = new Map<string, Buffer>();
const MAX_KEYS = 10_000;

/**
 * The HMAC key of a `whsec_` secret. Validated by the `standardwebhooks` package exactly as its
 * verifier decodes it (throws when not valid base64 / empty), then cached.
 */
function signingKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    new Webhook(secret); // throws like the verifier would on a bad secret
    key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
    if (keys.size >= MAX_KEYS) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/**
 * Headers that sign `body` (the exact bytes sent) for message `msgId` sent at `at`: the Standard
 * Webhooks signature, computed with node:crypto's HMAC-SHA256 (the same bytes the
 * `standardwebhooks` package computes, natively). Errors: throws when `secret` is not valid base64 / is empty.
 */
export function webhookHeaders(secret: string, msgId: string, at: Date, body: string): WebhookHeaders {
  const ts = String(Math.floor(at.getTime() / 1000));
  const mac = createHmac('sha256', signingKey(secret)).update(`${msgId}.${ts}.${body}`).digest('base64');
  return { 'webhook-id': msgId, 'webhook-timestamp': ts, 'webhook-signature': `v1,${mac}` };
}
