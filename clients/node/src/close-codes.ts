/**
 * What a `ScorelineStream` does when its socket ends (docs/websocket.md close codes, WS_CLOSE in
 * protocol.ts): reconnect and resume, or stop for good with an error. Pure functions: no I/O.
 */
import { parseRetryAfter } from './backoff';
import { ScorelineStreamError } from './errors';
import { WS_CLOSE } from './protocol';

/** Reconnect no sooner than `minDelayMs` (ms), or stop for good with `error`. */
export type DropDecision = { reconnect: true; minDelayMs: number } | { reconnect: false; error: ScorelineStreamError };

/**
 * After a close of an accepted connection with `code`: 4001 key_revoked stops (the key will not
 * work again); everything else — 1000, 1001 going_away, 1006 abnormal, 4000 idle_timeout,
 * 4002 slow_consumer, 4003 protocol_error, 1009 — reconnects and resumes.
 */
export function decideAfterClose(code: number, reason = ''): DropDecision {
  if (code === WS_CLOSE.key_revoked) {
    return {
      reconnect: false,
      error: new ScorelineStreamError('key_revoked', `API key revoked (close ${code}${reason ? `: ${reason}` : ''})`, {
        closeCode: code,
      }),
    };
  }
  return { reconnect: true, minDelayMs: 0 };
}

/**
 * After the server refused the upgrade with HTTP `status`: 401 stops (unauthorized); 429
 * reconnects no sooner than `Retry-After` (seconds or HTTP-date, capped at `maxRetryAfterMs`,
 * default 60 000 ms); 5xx reconnects; any other status stops (retrying cannot help).
 */
export function decideAfterRefusal(
  status: number,
  retryAfter: string | null = null,
  maxRetryAfterMs = 60_000,
): DropDecision {
  if (status === 401)
    return {
      reconnect: false,
      error: new ScorelineStreamError('unauthorized', 'WebSocket upgrade refused: invalid API key (HTTP 401)', {
        status,
      }),
    };
  if (status === 429) return { reconnect: true, minDelayMs: parseRetryAfter(retryAfter, maxRetryAfterMs) ?? 0 };
  if (status >= 500) return { reconnect: true, minDelayMs: 0 };
  return {
    reconnect: false,
    error: new ScorelineStreamError('upgrade_refused', `WebSocket upgrade refused with HTTP ${status}`, { status }),
  };
}
