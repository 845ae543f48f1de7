/**
 * What the webhook dispatcher (dispatcher.ts) is built with, from the config (server/config.ts,
 * docs/webhooks.md): the attempt options — SSRF policy, keep-alive pools, timeout, retry schedule,
 * auto-disable period, sealed secrets opened once — and the sender thread (WEBHOOK_SENDER).
 */
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { AttemptOptions } from './attempt';
import { webhookPool } from './pool';
import { parseSchedule } from '../config-webhooks';
import { DEFAULT_RETRY_SCHEDULE_S } from './schedule';
import type { SecretBox } from './secret-key';
import { SendThread } from './send-thread';

/** Which receivers the SSRF guard lets through (WEBHOOK_ALLOW_LOOPBACK, WEBHOOK_ALLOW_PRIVATE). */
function policyOf(c: Config) {
  return { allowLoopback: c.WEBHOOK_ALLOW_LOOPBACK === 'on', allowPrivate: c.WEBHOOK_ALLOW_PRIVATE === 'on' };
}

/**
 * The options of every attempt: keep-alive pools per endpoint (each new connection SSRF-checked,
 * pool.ts), WEBHOOK_TIMEOUT_MS (ms), the retry schedule (WEBHOOK_RETRY_SCHEDULE seconds, else
 * the default), WEBHOOK_DISABLE_AFTER_S (as ms) and, with `secrets` (production), a sealed
 * signing secret opened once rather than once per delivery (`secrets.open` errors propagate to the
 * attempt, which records them).
 */
export function attemptOptions(c: Config, secrets: SecretBox | undefined): AttemptOptions {
  const policy = policyOf(c);
  // A sealed secret is opened once, not once per delivery (the sealed text changes with the secret).
  const opened = new Map<string, string>();
  return {
    policy,
    pool: webhookPool(policy),
    timeoutMs: c.WEBHOOK_TIMEOUT_MS,
    schedule: c.WEBHOOK_RETRY_SCHEDULE ? parseSchedule(c.WEBHOOK_RETRY_SCHEDULE) : DEFAULT_RETRY_SCHEDULE_S,
    disableAfterMs: c.WEBHOOK_DISABLE_AFTER_S * 1000,
    openSecret: secrets
      ? (stored) => {
          let s = opened.get(stored);
          if (s === undefined) {
            s = secrets.open(stored);
            if (opened.size >= 10_000) opened.clear();
            opened.set(stored, s);
          }
          return s;
        }
      : undefined,
  };
}

/** The sender thread that signs and sends attempts (WEBHOOK_SENDER=thread, the default), or null (inline). */
export function senderThread(c: Config, log: Logger): SendThread | null {
  if (c.WEBHOOK_SENDER !== 'thread') return null;
  return new SendThread(
    { policy: policyOf(c), timeoutMs: c.WEBHOOK_TIMEOUT_MS },
    {
      onStart: (threadId) => log.info({ threadId }, 'webhook sender thread started'),
      onExit: (err) =>
        log.error({ err }, 'webhook sender thread died: its attempts are sent again when their claims expire'),
    },
  );
}
