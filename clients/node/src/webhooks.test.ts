import { describe, expect, test } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError } from './webhooks';

const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;

/** Headers as the server signs them (server/webhooks/signing.ts). */
function sign(body: string, at = new Date(), id = 'msg_1', key = secret) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(key).sign(id, at, body),
  };
}

const body = JSON.stringify({
  type: 'match.goal',
  timestamp: '2026-03-01T12:00:00Z',
  data: { fixture_id: 7, score: { home: 1, away: 0 } },
});

describe('verifyWebhook', () => {
  test('a correctly signed request returns the envelope; header names are case-insensitive', () => {
    expect(verifyWebhook(secret, body, sign(body))).toEqual({
      type: 'match.goal',
      timestamp: '2026-03-01T12:00:00Z',
      data: { fixture_id: 7, score: { home: 1, away: 0 } },
    });
    const upper = Object.fromEntries(Object.entries(sign(body)).map(([k, v]) => [k.toUpperCase(), [v]]));
    expect(verifyWebhook(secret, Buffer.from(body), upper).type).toBe('match.goal');
  });

  test('a tampered body, another secret, missing headers or an old timestamp throw WebhookVerificationError', () => {
    const h = sign(body);
    const other = `whsec_${Buffer.from('another-secret-another-secret!!').toString('base64')}`;
    const cases: [string, Record<string, string>][] = [
      [body.replace('"home":1', '"home":2'), h],
      [body, sign(body, new Date(), 'msg_1', other)],
      [body, { 'webhook-id': h['webhook-id'], 'webhook-timestamp': h['webhook-timestamp'] }],
      [body, sign(body, new Date(Date.now() - 10 * 60_000))],
    ];
    for (const [b, headers] of cases) expect(() => verifyWebhook(secret, b, headers)).toThrow(WebhookVerificationError);
  });

  test('a signed body that is not an envelope is refused', () => {
    for (const b of ['[1,2]', '{"type":"x"}', 'not json'])
      expect(() => verifyWebhook(secret, b, sign(b))).toThrow(WebhookVerificationError);
  });
});
