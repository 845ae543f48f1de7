import { describe, expect, it } from 'vitest';
import { DEFAULT_PLANS, planOf, resolvePlans } from './plans';

describe('plans', () => {
  it('has higher limits on each higher plan', () => {
    for (const k of Object.keys(DEFAULT_PLANS.free) as (keyof typeof DEFAULT_PLANS.free)[]) {
      expect(DEFAULT_PLANS.pro[k]).toBeGreaterThan(DEFAULT_PLANS.free[k]);
      expect(DEFAULT_PLANS.enterprise[k]).toBeGreaterThan(DEFAULT_PLANS.pro[k]);
    }
  });
  it('applies PLAN_LIMITS overrides field by field', () => {
    const p = resolvePlans('{"free":{"requests_per_minute":5},"enterprise":{"websocket_connections":1}}');
    expect(p.free).toEqual({ ...DEFAULT_PLANS.free, requests_per_minute: 5 });
    expect(p.enterprise.websocket_connections).toBe(1);
    expect(p.pro).toEqual(DEFAULT_PLANS.pro);
    expect(resolvePlans(undefined)).toBe(DEFAULT_PLANS);
  });
  it('rejects malformed overrides with the field named', () => {
    expect(() => resolvePlans('{free:')).toThrow(/not valid JSON/);
    expect(() => resolvePlans('{"free":{"requests_per_minute":0}}')).toThrow(/free\.requests_per_minute/);
    expect(() => resolvePlans('{"gold":{}}')).toThrow(/PLAN_LIMITS/);
    expect(() => resolvePlans('{"free":{"burst":3}}')).toThrow(/PLAN_LIMITS/);
  });
  it('treats unknown stored plans as free', () => {
    expect(planOf('pro')).toBe('pro');
    expect(planOf('platinum')).toBe('free');
  });
});
