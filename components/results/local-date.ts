/**
 * Calendar day and labels of an instant in the viewer's time zone with the runtime's Intl (no
 * date library in the browser bundle). Used for result rows loaded by "Load more".
 */

const dayFmt = new Map<string, Intl.DateTimeFormat>();
const labelFmt = new Map<string, Intl.DateTimeFormat>();
const timeFmt = new Map<string, Intl.DateTimeFormat>();

function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  tz: string,
  make: (tz: string) => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let f = cache.get(tz);
  if (!f) cache.set(tz, (f = make(tz)));
  return f;
}

/** Local day and labels of a result: `day` YYYY-MM-DD, `dayLabel` "Sunday 19 May 2024", `short` "Sun 19 May", `time` "16:00". */
export interface LocalDate {
  day: string;
  dayLabel: string;
  short: string;
  time: string;
}

/** Formats an ISO 8601 instant in IANA zone `tz` (en-GB wording). Errors: RangeError for an unknown zone. */
export function localDate(iso: string, tz: string): LocalDate {
  const d = new Date(iso);
  const day = cached(
    dayFmt,
    tz,
    (z) => new Intl.DateTimeFormat('en-CA', { timeZone: z, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(d);
  const parts = Object.fromEntries(
    cached(
      labelFmt,
      tz,
      (z) =>
        new Intl.DateTimeFormat('en-GB', {
          timeZone: z,
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        }),
    )
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  const time = cached(
    timeFmt,
    tz,
    (z) => new Intl.DateTimeFormat('en-GB', { timeZone: z, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  ).format(d);
  return {
    day,
    dayLabel: `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`,
    short: `${parts.weekday.slice(0, 3)} ${parts.day} ${parts.month.slice(0, 3)}`,
    time,
  };
}
