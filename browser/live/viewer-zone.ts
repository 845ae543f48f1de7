/**
 * The browser's own IANA time zone, for the first visit: the server renders times in the zone of
 * the `tz` cookie (UTC before the browser has set it), and client components re-format them in
 * the browser's zone right after hydration, so the first visit shows local times without a second
 * request (TimezoneSync sets the cookie for the next one). Browser-safe: Intl only, no date library.
 */
import { useSyncExternalStore } from 'react';

const noop = () => () => {};
let zone: string | undefined;
/**
 * The browser's zone, read once per page: useSyncExternalStore calls its snapshot on every render
 * of every LocalTime, and each `Intl.DateTimeFormat()` costs (the first one loads ICU's zone data).
 */
export const browserZone = (): string => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

/** The zone times are shown in: the server's `serverTz` while hydrating, then the browser's zone. */
export function useViewerZone(serverTz: string): string {
  return useSyncExternalStore(noop, browserZone, () => serverTz);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const fmts = new Map<string, Intl.DateTimeFormat>();

/** How a time is written: "16:00", "19 May", "Sun 19 May, 16:00", "Sun 19 May 2024, 16:00" (date-fns HH:mm, d MMM, EEE d MMM, HH:mm, EEE d MMM yyyy, HH:mm). */
export type TimeStyle = 'time' | 'day' | 'short' | 'long';

/** Formats an ISO 8601 instant in IANA zone `tz` like the server's formatInZone patterns above. Errors: RangeError for an unknown zone. */
export function formatLocal(iso: string, tz: string, style: TimeStyle): string {
  let f = fmts.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      weekday: 'short',
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    fmts.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  const time = `${p.hour}:${p.minute}`;
  const day = `${Number(p.day)} ${MONTHS[Number(p.month) - 1]}`;
  if (style === 'time') return time;
  if (style === 'day') return day;
  return style === 'short' ? `${p.weekday} ${day}, ${time}` : `${p.weekday} ${day} ${p.year}, ${time}`;
}
