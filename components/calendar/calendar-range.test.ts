import { describe, expect, it } from 'vitest';
import { zonedRange } from '@/browser/time/format';
import { calendarHref, calendarState, isDay, neighbours } from './calendar-range';

// 2024-05-19T23:30:00Z: still Sunday 19 May in UTC, already Monday 20 May in Berlin.
const NOW = Date.parse('2024-05-19T23:30:00Z');

describe('calendar-range', () => {
  it('defaults to day view and today in the viewer zone', () => {
    expect(calendarState({}, 'UTC', NOW)).toMatchObject({ view: 'day', date: '2024-05-19', isToday: true });
    expect(calendarState({}, 'Europe/Berlin', NOW)).toMatchObject({ date: '2024-05-20', isToday: true });
    expect(calendarState({ view: 'week', date: '2024-05-13' }, 'UTC', NOW)).toMatchObject({
      view: 'week',
      date: '2024-05-13',
      isToday: false,
    });
  });

  it('ignores malformed views and dates', () => {
    expect(isDay('2024-02-30')).toBe(false);
    expect(isDay('2024-5-1')).toBe(false);
    expect(isDay('2024-02-29')).toBe(true);
    expect(calendarState({ view: 'month', date: '2024-02-30' }, 'UTC', NOW)).toMatchObject({
      view: 'day',
      date: '2024-05-19',
    });
  });

  it('steps a day or a week and keeps the filters in links', () => {
    const s = calendarState({ date: '2024-05-19', league: 'premier-league', team: 'Man United' }, 'UTC', NOW);
    expect(neighbours(s)).toEqual({ prev: '2024-05-18', next: '2024-05-20' });
    expect(neighbours({ ...s, view: 'week' })).toEqual({ prev: '2024-05-12', next: '2024-05-26' });
    expect(calendarHref('football', s, { date: '2024-05-20' })).toBe(
      '/football/fixtures?date=2024-05-20&league=premier-league&team=Man+United',
    );
    expect(calendarHref('football', s, { view: 'week', date: null })).toBe(
      '/football/fixtures?view=week&league=premier-league&team=Man+United',
    );
  });

  it('the final day of 2023-24 in London is the UTC range the calendar asks the API for', () => {
    expect(zonedRange('2024-05-19', 'Europe/London', 'day')).toMatchObject({
      from: '2024-05-18T23:00:00.000Z',
      to: '2024-05-19T23:00:00.000Z',
    });
  });
});
