import { describe, expect, it } from 'vitest';
import type { Subscription } from '@/browser/live/live-connection';
import { ChannelHub } from './channel-hub';

function sink() {
  const log: string[] = [];
  return {
    log,
    addSubscription: (s: Subscription) => log.push(`+${s.channel}`),
    removeSubscription: (s: Subscription) => log.push(`-${s.channel}`),
  };
}

describe('ChannelHub', () => {
  it('subscribes on the first listener, unsubscribes after the last, and resubscribes on a new connection', () => {
    const hub = new ChannelHub();
    const got: unknown[] = [];
    const stopA = hub.listen('football.odds', (m) => got.push(['a', m.type])); // before any connection
    const s1 = sink();
    hub.attach(s1);
    const stopB = hub.listen('football.odds', (m) => got.push(['b', m.type]));
    expect(s1.log).toEqual(['+football.odds']);
    expect(hub.dispatch({ type: 'odds', channel: 'football.odds' })).toBe(true);
    expect(hub.dispatch({ type: 'update', channel: 'football.live' })).toBe(false);
    expect(got).toEqual([
      ['a', 'odds'],
      ['b', 'odds'],
    ]);
    hub.detach(s1);
    const s2 = sink();
    hub.attach(s2);
    expect(s2.log).toEqual(['+football.odds']);
    stopA();
    expect(s2.log).toEqual(['+football.odds']);
    stopB();
    stopB();
    expect(s2.log).toEqual(['+football.odds', '-football.odds']);
    expect(s1.log).toEqual(['+football.odds']);
  });
});
