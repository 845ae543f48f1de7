import { describe, expect, test } from 'vitest';
import { eventLabel } from '@/browser/live/display';
import type { LiveMatch, MatchEvent } from '@/lib/wire/schemas';
import { applyEventToDetail, type MatchDetailData } from './match-detail-cache';

const at = '2026-11-21T15:00:00Z';
const event = (seq: number, event_id: string, type: string, extra: Partial<MatchEvent> = {}): MatchEvent => ({
  seq,
  event_id,
  fixture_id: 1,
  type,
  team: null,
  side: null,
  player: null,
  minute: null,
  stoppage_time: null,
  period: null,
  detail: {},
  occurred_at: at,
  received_at: at,
  ...extra,
});
const match = (seq: number, home: number, away: number) => ({ seq, score: { home, away } }) as unknown as LiveMatch;

describe('a cached match detail follows corrections like the REST timeline', () => {
  const goal = event(2, 'g1', 'goal', { side: 'away', player: 'C. Poacher', minute: 30 });
  const base: MatchDetailData = { match: match(2, 0, 1), events: [event(1, 'ko', 'period_start'), goal] };

  test('a retraction removes the target, lists the correction and takes the reverted score', () => {
    const c = event(3, 'g1#retract', 'correction', {
      detail: {
        action: 'retract',
        target_event_id: 'g1',
        reason: 'VAR: offside',
        target: { type: 'goal', side: 'away' },
      },
    });
    const next = applyEventToDetail(base, match(3, 0, 0), c);
    expect(next.events.map((e) => e.event_id)).toEqual(['ko', 'g1#retract']);
    expect(next.match.score).toEqual({ home: 0, away: 0 });
    expect(eventLabel(c)).toBe('Goal disallowed (VAR: offside)');
    // The same update again (a resume) changes nothing.
    expect(applyEventToDetail(next, match(3, 0, 0), c).events).toHaveLength(2);
  });

  test('an amendment rewrites the target and marks it amended', () => {
    const c = event(3, 'g1#amend', 'correction', {
      detail: {
        action: 'amend',
        target_event_id: 'g1',
        changes: { player: 'D. Finisher', stoppage: 2 },
        target: { type: 'goal' },
      },
    });
    const next = applyEventToDetail(base, match(3, 0, 1), c);
    expect(next.events.find((e) => e.event_id === 'g1')).toMatchObject({
      player: 'D. Finisher',
      stoppage_time: 2,
      amended: true,
      minute: 30,
    });
    expect(eventLabel(c)).toBe('Goal amended');
  });
});
