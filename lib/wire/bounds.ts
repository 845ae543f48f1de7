/**
 * What the store's columns can hold, so validation refuses the rest before any query: PostgreSQL
 * `integer` ids (fixtures, ticks, teams, competitions) and `timestamptz` instants written as
 * ISO 8601 (years 0001–9999 UTC; PostgreSQL has no year 0 and refuses "0000-…").
 */

/** Largest value of a PostgreSQL `integer` / `serial` column. */
export const INT32_MAX = 2_147_483_647;
/** Earliest instant accepted, ms since the epoch (0001-01-01T00:00:00.000Z). */
export const MIN_INSTANT_MS = Date.parse('0001-01-01T00:00:00.000Z');
/** Latest instant accepted, ms since the epoch (9999-12-31T23:59:59.999Z). */
export const MAX_INSTANT_MS = Date.parse('9999-12-31T23:59:59.999Z');

/** True when `ms` (ms since the epoch) is an instant the store accepts. NaN is false. */
export function instantInRange(ms: number): boolean {
  return ms >= MIN_INSTANT_MS && ms <= MAX_INSTANT_MS;
}

/** The zod message of an instant out of range. */
export const INSTANT_RANGE_MESSAGE = 'must be between 0001-01-01 and 9999-12-31 (UTC)';
