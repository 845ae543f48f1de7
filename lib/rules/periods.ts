/**
 * Period helpers for sports played in numbered regulation periods followed by numbered
 * overtimes until the score is not level (basketball `q1`–`q4`, ice hockey `p1`–`p3`, then
 * `ot1`, `ot2`, …). Playing periods are indexed from 0: regulation periods first, overtimes after.
 */

/**
 * The periods of a sport played in two halves with extra time (football, rugby union), in the
 * order a match passes them, up to the second half of extra time: the sport adds what follows
 * (football's penalties) and `full_time`.
 */
export const HALVES_WITH_EXTRA_TIME = [
  'not_started',
  '1st_half',
  'half_time',
  '2nd_half',
  'before_extra_time',
  'extra_time_1st',
  'extra_time_half_time',
  'extra_time_2nd',
] as const;

/** The break and overtime period names of `count` overtimes: `before_ot1`, `ot1`, `before_ot2`, … */
export function overtimePeriods(count: number): string[] {
  return Array.from({ length: count }, (_, i) => [`before_ot${i + 1}`, `ot${i + 1}`]).flat();
}

/**
 * All period values of a regulation + overtime sport, in the order a game passes them:
 * `not_started`, the regulation periods and the breaks between them, `count` overtimes with the
 * break before each (see {@link overtimePeriods}), then `beforeFinal` (e.g. a shootout), `final`.
 */
export function periodValues(
  regulation: readonly string[],
  count: number,
  beforeFinal: readonly string[] = [],
): string[] {
  return ['not_started', ...regulation, ...overtimePeriods(count), ...beforeFinal, 'final'];
}

/** A regulation + overtime period scheme (see {@link numberedPeriods}). */
export interface NumberedPeriods {
  /** Index of a playing period (`q2` → 1, `ot1` → regulation); null for breaks and other values. */
  index(period: string): number | null;
  /** Name of the playing period with this index. */
  name(index: number): string;
  /** Length in seconds of the playing period with this index. */
  length(index: number): number;
  /** Elapsed game seconds when the playing period with this index starts. */
  start(index: number): number;
  /** Elapsed game seconds when the playing period with this index ends. */
  end(index: number): number;
}

/**
 * A period scheme: `regulation` periods named `<prefix>1`… of `regulationSeconds` each, then
 * overtimes `ot1`, `ot2`, … of `overtimeSeconds` each.
 * @example numberedPeriods({ prefix: 'q', regulation: 4, regulationSeconds: 720, overtimeSeconds: 300 }).start(5) === 3180
 */
export function numberedPeriods(o: {
  prefix: string;
  regulation: number;
  regulationSeconds: number;
  overtimeSeconds: number;
}): NumberedPeriods {
  const regular = new RegExp(`^${o.prefix}([1-9]\\d*)$`);
  const length = (i: number) => (i < o.regulation ? o.regulationSeconds : o.overtimeSeconds);
  const start = (i: number) =>
    i < o.regulation
      ? i * o.regulationSeconds
      : o.regulation * o.regulationSeconds + (i - o.regulation) * o.overtimeSeconds;
  return {
    index(period) {
      const r = regular.exec(period);
      if (r) return Number(r[1]) <= o.regulation ? Number(r[1]) - 1 : null;
      const ot = /^ot([1-9]\d*)$/.exec(period);
      return ot ? o.regulation - 1 + Number(ot[1]) : null;
    },
    name: (i) => (i < o.regulation ? `${o.prefix}${i + 1}` : `ot${i - o.regulation + 1}`),
    length,
    start,
    end: (i) => start(i) + length(i),
  };
}
