/**
 * The calendar's view from its query string: day or week, the anchor date (default: today in
 * the viewer's zone), and the links to the previous / next range and today. Pure.
 */
import { dayKey, shiftDay } from '@/browser/time/format';
import { hrefWith } from '@/components/results/page-params';

export type CalendarView = 'day' | 'week';

export interface CalendarState {
  view: CalendarView;
  /** Anchor day, YYYY-MM-DD in the viewer's zone. */
  date: string;
  /** True when `date` is today (no date in the URL, or today's date). */
  isToday: boolean;
  league?: string;
  team?: string;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isDay(s: string | undefined): s is string {
  return !!s && /^\d{4}-\d\d-\d\d$/.test(s) && new Date(`${s}T12:00:00Z`).toISOString().slice(0, 10) === s;
}

/** Reads view and date (`nowMs` and `tz` give today); malformed values fall back to day view, today. */
export function calendarState(
  q: { view?: string; date?: string; league?: string; team?: string },
  tz: string,
  nowMs: number,
): CalendarState {
  const today = dayKey(nowMs, tz);
  const date = isDay(q.date) ? q.date : today;
  return { view: q.view === 'week' ? 'week' : 'day', date, isToday: date === today, league: q.league, team: q.team };
}

/** The calendar URL for a state, with `changes` applied; `date: null` drops the date (= today). */
export function calendarHref(
  sport: string,
  s: CalendarState,
  changes: Partial<Omit<CalendarState, 'date'>> & { date?: string | null } = {},
): string {
  const n = { ...s, ...changes };
  return hrefWith(`/${sport}/fixtures`, {
    view: n.view === 'week' ? 'week' : undefined,
    date: changes.date === null ? undefined : n.date,
    league: n.league,
    team: n.team,
  });
}

/** Anchor dates of the previous and next range (one day, or seven days in week view). */
export function neighbours(s: CalendarState): { prev: string; next: string } {
  const step = s.view === 'week' ? 7 : 1;
  return { prev: shiftDay(s.date, -step), next: shiftDay(s.date, step) };
}
