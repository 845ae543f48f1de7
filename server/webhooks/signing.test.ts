import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { newSigningSecret, webhookHeaders } from './signing';

describe('webhook signing', () => {
  it('makes Standard Webhooks secrets', () => {
    const s = newSigningSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(24);
    expect(newSigningSecret()).not.toBe(s);
  });

  it('signs headers that standardwebhooks verifies, and a tampered body fails', () => {
    const secret = newSigningSecret();
    const body = JSON.stringify({ type: 'fixture.updated', data: { id: 42 } });
    const at = new Date();
    const h = webhookHeaders(secret, 'msg_1', at, body);
    expect(h['webhook-id']).toBe('msg_1');
    expect(h['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(h['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...h })).toEqual({ type: 'fixture.updated', data: { id: 42 } });
    expect(() => new Webhook(secret).verify(body.replace('42', '43'), { ...h })).toThrow();
    expect(() => new Webhook(newSigningSecret()).verify(body, { ...h })).toThrow();
  });

  it('signs exactly as the standardwebhooks package does, for many bodies and a reused secret', () => {
    const secret = newSigningSecret();
    for (let i = 0; i < 50; i++) {
      const body = JSON.stringify({ i, s: 'é—✓'.repeat(i) });
      const at = new Date(1_800_000_000_000 + i * 777);
      expect(webhookHeaders(secret, `msg_${i}`, at, body)['webhook-signature']).toBe(
        new Webhook(secret).sign(`msg_${i}`, at, body),
      );
    }
    expect(() => webhookHeaders('whsec_', 'msg_1', new Date(), '{}')).toThrow();
  });
});
