import { TZDate } from '@date-fns/tz';
import { ImportError } from './errors';

/**
 * Kick-off time used when an upstream file gives a date but no time: 12:00 local.
 * Noon (rather than midnight) keeps the UTC date equal to the local date for every zone
 * between UTC-11 and UTC+12, so a date-only fixture never moves to the previous/next day.
 */
export const DEFAULT_LOCAL_TIME = '12:00';

/**
 * Formats an epoch time as ISO 8601 UTC with `Z` and no milliseconds when they are zero.
 * @param ms milliseconds since the Unix epoch
 * @returns e.g. `2022-11-20T16:00:00Z`
 */
export function toIsoUtc(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

const TIME_RE = /^(\d{1,2}):(\d{2})(?:\s*UTC(?:([+-])(\d{1,2})(?::?(\d{2}))?)?)?$/i;

/**
 * Converts a local wall-clock kick-off to ISO UTC.
 * @param date `YYYY-MM-DD` (local date)
 * @param time `HH:MM` local time, optionally with an explicit offset as openfootball writes it
 *   (`18:00 UTC+3`, `20:00 UTC-5`, `19:00 UTC+5:30`, `16:00 UTC`); the explicit offset wins
 *   over `timezone`. null/empty → {@link DEFAULT_LOCAL_TIME}.
 * @param timezone IANA zone name (e.g. `Europe/London`) used when `time` has no offset.
 * @returns ISO 8601 UTC with Z, e.g. `2023-08-11T19:00:00Z`
 * @throws ImportError on a malformed date/time or an unknown time zone.
 */
export function localKickoffToUtc(date: string, time: string | null | undefined, timezone: string): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!d) throw new ImportError(`invalid date "${date}" (expected YYYY-MM-DD)`);
  const t = TIME_RE.exec((time ?? '').trim() || DEFAULT_LOCAL_TIME);
  if (!t) throw new ImportError(`invalid kick-off time "${time}" on ${date} (expected HH:MM [UTC±H])`);
  let zone = timezone;
  if (/UTC/i.test(t[0])) {
    const sign = t[3] ?? '+';
    zone = `${sign}${(t[4] ?? '0').padStart(2, '0')}:${(t[5] ?? '00').padStart(2, '0')}`;
  }
  const local = new TZDate(+d[1], +d[2] - 1, +d[3], +t[1], +t[2], 0, zone);
  const ms = local.getTime();
  if (Number.isNaN(ms)) throw new ImportError(`cannot convert ${date} ${time ?? ''} in time zone "${zone}"`);
  return toIsoUtc(ms);
}
