/**
 * Grouping helpers for the North American league tables (NBA, NHL): tables per conference,
 * per division or for the whole league, and the final by-name tie-breaker.
 */

/** How a league table is split: one table per conference, per division, or one for the league. */
export type TeamGrouping = 'conference' | 'division' | 'league';

/** Where a team plays: its conference and division. */
export interface TeamPlace {
  conference: string;
  division: string;
}

/**
 * The table a team is listed in.
 * @param place the team's entry in the team table (undefined when it has none)
 * @param leagueName the label of the single table when grouping by league (`NBA`, `NHL`)
 * @throws RangeError when grouping by conference or division and the team has no entry
 */
export function teamGroup(
  team: string,
  grouping: TeamGrouping,
  place: TeamPlace | undefined,
  leagueName: string,
): string {
  if (grouping === 'league') return leagueName;
  if (!place) throw new RangeError(`team ${team} is not in the team table`);
  return grouping === 'conference' ? place.conference : place.division;
}

/** Orders names by UTF-16 code units (the `<` order), not by locale. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Splits rows into groups, keeping the rows' order inside each group.
 * @returns `[group, rows]` pairs sorted by group label ({@link compareNames})
 */
export function groupRows<T>(rows: Iterable<T>, groupOf: (row: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    const g = groupOf(r);
    groups.set(g, [...(groups.get(g) ?? []), r]);
  }
  return [...groups].sort(([a], [b]) => compareNames(a, b));
}
