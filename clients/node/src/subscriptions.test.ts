import { describe, expect, test } from 'vitest';
import { ClientMessageSchema, ResumeMessage } from '@/lib/wire/ws';
import { buildResumeMessage, normalizeSubscription, subscriptionKey } from './subscriptions';

describe('subscriptions', () => {
  test('normalize drops absent filters, also the server echo with nulls', () => {
    expect(normalizeSubscription({ channel: 'football.live', league: null, fixture_id: null })).toEqual({
      channel: 'football.live',
    });
    expect(normalizeSubscription({ channel: 'football.odds', league: 'euro', fixture_id: 7 })).toEqual({
      channel: 'football.odds',
      league: 'euro',
      fixture_id: 7,
    });
  });

  test('the key identifies channel + league + fixture, whatever the null/undefined spelling', () => {
    expect(subscriptionKey({ channel: 'football.live' })).toBe(
      subscriptionKey({ channel: 'football.live', league: null, fixture_id: null }),
    );
    expect(subscriptionKey({ channel: 'football.live', league: 'euro' })).not.toBe(
      subscriptionKey({ channel: 'football.live' }),
    );
    expect(subscriptionKey({ channel: 'football.live', fixture_id: 3 })).not.toBe(
      subscriptionKey({ channel: 'football.odds', fixture_id: 3 }),
    );
  });
});

describe('buildResumeMessage', () => {
  test('one resume with last_seq and every subscription, valid per lib/wire/ws.ts', () => {
    const msg = buildResumeMessage(1234, [
      { channel: 'football.live' },
      { channel: 'football.odds', league: 'euro', fixture_id: undefined },
    ]);
    expect(msg).toEqual({
      type: 'resume',
      last_seq: 1234,
      subscriptions: [{ channel: 'football.live' }, { channel: 'football.odds', league: 'euro' }],
    });
    expect(ResumeMessage.parse(JSON.parse(JSON.stringify(msg)))).toEqual(msg);
    expect(ClientMessageSchema.safeParse(msg).success).toBe(true);
    expect(buildResumeMessage(0, [{ channel: 'tennis.live', fixture_id: 9 }]).last_seq).toBe(0);
  });

  test('refuses what the server would reject', () => {
    expect(() => buildResumeMessage(-1, [{ channel: 'football.live' }])).toThrow(RangeError);
    expect(() => buildResumeMessage(1.5, [{ channel: 'football.live' }])).toThrow(RangeError);
    expect(() => buildResumeMessage(5, [])).toThrow(RangeError);
    expect(() =>
      buildResumeMessage(
        5,
        Array.from({ length: 101 }, (_, i) => ({ channel: 'football.live', fixture_id: i + 1 })),
      ),
    ).toThrow(RangeError);
  });
});
