import { describe, expect, it } from 'vitest';
import { matchClock, minuteAt, minuteTicks } from './match-minute';

const ev = (type: string, period: string | null, at: string, detail: Record<string, unknown> = {}) => ({
  type,
  period,
  occurred_at: at,
  detail,
});

describe('match minute of an odds tick', () => {
  // A 60× replay: 45 minutes take 45 s; half time 15 s.
  const events = [
    ev('period_start', '1st_half', '2026-01-01T12:00:00.000Z', { clock_rate: 60 }),
    ev('goal', '1st_half', '2026-01-01T12:00:20.000Z'),
    ev('period_end', '1st_half', '2026-01-01T12:00:47.000Z'),
    ev('period_start', '2nd_half', '2026-01-01T12:01:02.000Z', { clock_rate: 60 }),
    ev('period_end', '2nd_half', '2026-01-01T12:01:50.000Z'),
    ev('full_time', null, '2026-01-01T12:01:50.000Z'),
  ];
  const clock = matchClock(events, true)!;
  const at = (iso: string) => Math.round(minuteAt(clock, Date.parse(iso)) * 10) / 10;

  it('maps instants to minutes: 0 before kickoff, stoppage past 45, held through the break, second half from 45', () => {
    expect(at('2026-01-01T11:00:00.000Z')).toBe(0);
    expect(at('2026-01-01T12:00:30.000Z')).toBe(30);
    expect(at('2026-01-01T12:00:47.000Z')).toBe(47);
    expect(at('2026-01-01T12:00:55.000Z')).toBe(47);
    expect(at('2026-01-01T12:01:12.000Z')).toBe(55);
    expect(clock.endAt).toBe(Date.parse('2026-01-01T12:01:50.000Z'));
  });

  it('has no clock without timed periods (a result-only import), and ends at the last period when finished without a full_time event', () => {
    expect(matchClock([ev('result', null, '2024-05-19T15:00:00.000Z')], true)).toBeNull();
    expect(matchClock(events.slice(0, 5), true)!.endAt).toBe(Date.parse('2026-01-01T12:01:50.000Z'));
    expect(matchClock(events.slice(0, 4), false)!.endAt).toBeNull();
  });

  it('ticks every 15 minutes', () => {
    expect(minuteTicks(94)).toEqual([0, 15, 30, 45, 60, 75, 90]);
  });
});
