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
});
