/**
 * Timestamps as the wire carries them: ISO 8601 UTC with `Z` (docs/api.md: every timestamp is ISO 8601 UTC with `Z`).
 * Pure; used by the store's row converters and the standings helpers of lib/match.
 */

/**
 * Normalises a stored timestamp (a `Date`, an ISO string, or PostgreSQL's text form
 * `2024-05-01 19:00:00+00`) to ISO 8601 UTC with milliseconds and `Z`.
 * @throws RangeError (from `Date#toISOString`) for an unparseable value
 */
export function isoUtc(v: string | Date): string {
  return (
    v instanceof Date
      ? v
      : new Date(v.includes('T') || v.includes(' ') ? v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00') : v)
  ).toISOString();
}
