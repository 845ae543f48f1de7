/**
 * One delivery attempt's signing and POST, wherever it runs: on the dispatcher's event loop
 * (attempt.ts sendClaimed) or in the webhook sender thread (send-worker.ts). Never throws.
 */
import type { Dispatcher } from 'undici';
import { postWebhook, type SendResult } from './send';
import { webhookHeaders } from './signing';
import type { AddressPolicy } from './ssrf';

/** What the attempt sends: the endpoint's URL and `whsec_` secret (as stored when `openSecret` is given), the message id and its exact body. */
export interface SignedPost {
  url: string;
  secret: string;
  messageId: string;
  body: string;
}

/** How it is sent: the address policy, the overall deadline (ms), the keep-alive pool (send.ts) and how a stored secret is opened. */
export interface PostOptions {
  policy: AddressPolicy;
  timeoutMs: number;
  pool?: Dispatcher;
  /** Decrypts a stored signing secret (secret-key.ts); absent: `secret` is in clear. */
  openSecret?: (stored: string) => string;
}

/**
 * Signs `p` now (Standard Webhooks, signing.ts) and POSTs it (send.ts). Resolves with the result
 * and the signing / end times; a secret that cannot be used is a failed attempt ("signing secret
 * unreadable: …"), not an error.
 */
export async function signAndSend(
  p: SignedPost,
  { openSecret, ...post }: PostOptions,
): Promise<{ at: Date; done: Date; r: SendResult }> {
  const at = new Date();
  let headers: Record<string, string>;
  try {
    headers = webhookHeaders(openSecret ? openSecret(p.secret) : p.secret, p.messageId, at, p.body);
  } catch (e) {
    const error = `signing secret unreadable: ${(e as Error).message}`;
    return {
      at,
      done: new Date(),
      r: { ok: false, status: null, latencyMs: 0, error, responseExcerpt: '', retryAfterMs: null },
    };
  }
  const r = await postWebhook({ url: p.url, headers, body: p.body, ...post });
  return { at, done: new Date(), r };
}
