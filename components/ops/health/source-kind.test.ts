import { describe, expect, it } from 'vitest';
import { firstChartedMinute, sourceState } from './source-kind';

describe('feed-health source state', () => {
  it('never marks a historical importer stale, marks a silent live source stale after 5 minutes', () => {
    expect(sourceState({ name: 'openfootball', last_event_age_s: 86_400 })).toBe('import');
    expect(sourceState({ name: 'retrosheet', last_event_age_s: 9_999_999 })).toBe('import');
    expect(sourceState({ name: 'replay', last_event_age_s: 301 })).toBe('stale');
    expect(sourceState({ name: 'operator', last_event_age_s: 299 })).toBe('fresh');
    expect(sourceState({ name: 'adapter-x', last_event_age_s: null })).toBe('never');
  });

  it('charts from the minute the server started, keeping at least the last 5 minutes', () => {
    const minutes = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString());
    // Generated at 12:59:30, up 10.5 minutes: started 12:49:00 → minute index 49.
    expect(firstChartedMinute(minutes, '2026-01-01T12:59:30.000Z', 630)).toBe(49);
    // Started 12:49:30: its minute (12:49) is kept.
    expect(firstChartedMinute(minutes, '2026-01-01T12:59:30.000Z', 600)).toBe(49);
    // Up 30 s: still the last 5 minutes.
    expect(firstChartedMinute(minutes, '2026-01-01T12:59:30.000Z', 30)).toBe(55);
    // Up for days: the whole hour.
    expect(firstChartedMinute(minutes, '2026-01-01T12:59:30.000Z', 999_999)).toBe(0);
  });
});
