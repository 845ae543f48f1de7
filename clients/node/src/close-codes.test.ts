import { describe, expect, test } from 'vitest';
import { decideAfterClose, decideAfterRefusal } from './close-codes';
import { ScorelineStreamError } from './errors';
import { WS_CLOSE } from './protocol';
import { WS_CLOSE as SERVER_WS_CLOSE } from '@/lib/wire/ws';

describe('close codes', () => {
  test('the codes agree with the server (lib/wire/ws.ts)', () => {
    for (const [name, code] of Object.entries(SERVER_WS_CLOSE))
      expect(WS_CLOSE[name as keyof typeof WS_CLOSE]).toBe(code);
  });

  test('4001 key_revoked stops with an error; every other close reconnects', () => {
    const d = decideAfterClose(4001, 'API key revoked');
    expect(d.reconnect).toBe(false);
    if (!d.reconnect) {
      expect(d.error).toBeInstanceOf(ScorelineStreamError);
      expect(d.error).toMatchObject({ code: 'key_revoked', closeCode: 4001, status: null });
    }
    for (const code of [1000, 1001, 1006, 1009, 1011, 4000, 4002, 4003])
      expect(decideAfterClose(code)).toEqual({ reconnect: true, minDelayMs: 0 });
  });

  test('refused upgrades: 401 stops, 429 waits Retry-After (capped), 5xx retries, other 4xx stop', () => {
    expect(decideAfterRefusal(401)).toMatchObject({ reconnect: false, error: { code: 'unauthorized', status: 401 } });
    expect(decideAfterRefusal(429, '3')).toEqual({ reconnect: true, minDelayMs: 3000 });
    expect(decideAfterRefusal(429, '600')).toEqual({ reconnect: true, minDelayMs: 60_000 });
    expect(decideAfterRefusal(429, null)).toEqual({ reconnect: true, minDelayMs: 0 });
    expect(decideAfterRefusal(503)).toEqual({ reconnect: true, minDelayMs: 0 });
    expect(decideAfterRefusal(403)).toMatchObject({
      reconnect: false,
      error: { code: 'upgrade_refused', status: 403 },
    });
  });
});
