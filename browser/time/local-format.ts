/**
 * Instants written in a zone and a language with the runtime's Intl (no date library, no React:
 * server components and the browser alike). browser/live/viewer-zone.ts re-exports it for the
 * client components that re-write times in the browser's zone.
 */
import { INTL_TAG, type Locale } from '@/lib/i18n/locales';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const fmts = new Map<string, Intl.DateTimeFormat>();

/**
 * How a time is written. English (as the dashboard always wrote it, date-fns patterns): "16:00"
 * (HH:mm), "19 May" (d MMM), "19 May 2024" (d MMM yyyy), "Sun" (EEE), "Sun 19 May, 16:00" (EEE d
 * MMM, HH:mm), "Sun 19 May 2024, 16:00", "Sunday 19 May 2024" (EEEE d MMMM yyyy). Other languages:
 * the same parts in their own order and words (Intl), e.g. "So., 19. Mai, 16:00".
 */
export type TimeStyle = 'time' | 'day' | 'date' | 'weekday' | 'short' | 'long' | 'fullDay';

const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const OPTIONS: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  time: TIME,
  day: { day: 'numeric', month: 'short' },
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  weekday: { weekday: 'short' },
  short: { weekday: 'short', day: 'numeric', month: 'short', ...TIME },
  long: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', ...TIME },
  fullDay: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
};

function cached(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let f = fmts.get(key);
  if (!f) fmts.set(key, (f = make()));
  return f;
}

/**
 * Formats an ISO 8601 instant in IANA zone `tz` in `locale` (English by default, like the
 * server's formatInZone patterns). Errors: RangeError for an unknown zone.
 */
export function formatLocal(iso: string, tz: string, style: TimeStyle, locale: Locale = 'en'): string {
  if (locale !== 'en')
    return cached(
      `${locale}|${tz}|${style}`,
      () => new Intl.DateTimeFormat(INTL_TAG[locale], { timeZone: tz, ...OPTIONS[style] }),
    ).format(new Date(iso));
  if (style === 'fullDay') {
    const f = cached(`en|${tz}|fullDay`, () => new Intl.DateTimeFormat('en-GB', { timeZone: tz, ...OPTIONS.fullDay }));
    const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
    return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
  }
  const f = cached(
    `en|${tz}`,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: tz,
        weekday: 'short',
        day: 'numeric',
        month: 'numeric',
        year: 'numeric',
        ...TIME,
      }),
  );
  const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  const time = `${p.hour}:${p.minute}`;
  const day = `${Number(p.day)} ${MONTHS[Number(p.month) - 1]}`;
  if (style === 'time') return time;
  if (style === 'day') return day;
  if (style === 'date') return `${day} ${p.year}`;
  if (style === 'weekday') return p.weekday;
  return style === 'short' ? `${p.weekday} ${day}, ${time}` : `${p.weekday} ${day} ${p.year}, ${time}`;
}
