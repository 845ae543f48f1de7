/**
 * Kickoff times for the dashboard: stored and served in UTC, shown in the viewer's time zone
 * (the `tz` cookie, components/shell/TimezoneSync.tsx). Pure functions, usable on server and client.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay, startOfISOWeek } from 'date-fns';

/** True when `tz` is an IANA zone this runtime knows. */
export function isTimeZone(tz: string | null | undefined): tz is string {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Formats an ISO 8601 instant in a zone with a date-fns pattern (e.g. "HH:mm", "EEE d MMM"). */
export function formatInZone(iso: string, tz: string, pattern: string): string {
  return format(new TZDate(Date.parse(iso), tz), pattern);
}

/** The viewer's calendar day (YYYY-MM-DD) of an instant. */
export function dayKey(iso: string | number, tz: string): string {
  return format(new TZDate(typeof iso === 'number' ? iso : Date.parse(iso), tz), 'yyyy-MM-dd');
}

/**
 * The UTC instants [from, to) of a calendar range in a zone: one day, or the ISO week (Mon–Sun)
 * containing `day` (YYYY-MM-DD). Errors: RangeError for a malformed day.
 */
export function zonedRange(
  day: string,
  tz: string,
  span: 'day' | 'week',
): { from: string; to: string; days: string[] } {
  if (!/^\d{4}-\d\d-\d\d$/.test(day)) throw new RangeError(`not a date: ${day}`);
  const [y, m, d] = day.split('-').map(Number);
  const local = new TZDate(y, m - 1, d, tz);
  const start = span === 'day' ? startOfDay(local) : startOfISOWeek(local);
  const n = span === 'day' ? 1 : 7;
  const end = addDays(start, n);
  const days = Array.from({ length: n }, (_, i) => format(addDays(start, i), 'yyyy-MM-dd'));
  return { from: new Date(start.getTime()).toISOString(), to: new Date(end.getTime()).toISOString(), days };
}

/** Adds days to a YYYY-MM-DD day (calendar arithmetic, zone-free). */
export function shiftDay(day: string, days: number): string {
  const t = Date.parse(`${day}T12:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
