/**
 * The tie-breaking procedure of the North American leagues (NBA, NHL): a list of criteria applied
 * in order to teams level on the table's main figure. The first criterion that separates the
 * tied teams splits them into groups (best value first); every group still tied starts the
 * procedure again from its first criterion (the NBA's "revert to the two-team or multi-team
 * procedure", the NHL's "among the tied clubs"). Teams no criterion separates are ordered by name
 * (the leagues draw lots).
 */
import { compareNames } from './standings-groups';

/** One tie-breaker: a figure per team (higher is better), computed among the tied teams. */
export interface TieCriterion {
  /** The criterion's name as published (e.g. `head_to_head`, `division_record`). */
  name: string;
  /** Whether it applies to this tied set (e.g. division record only when all share a division). */
  applies?(tied: readonly string[]): boolean;
  value(team: string, tied: readonly string[]): number;
}

/**
 * Orders tied teams by the procedure.
 * @param tied teams level on the table's main figure (any order)
 * @param criteriaFor the criteria for a tied set of this size (the NBA has a two-team and a
 *   multi-team list)
 * @returns the teams, best first
 */
export function breakTies(tied: readonly string[], criteriaFor: (tied: readonly string[]) => TieCriterion[]): string[] {
  if (tied.length <= 1) return [...tied];
  for (const c of criteriaFor(tied)) {
    if (c.applies && !c.applies(tied)) continue;
    const values = new Map(tied.map((t) => [t, c.value(t, tied)]));
    const distinct = [...new Set(values.values())].sort((a, b) => b - a);
    if (distinct.length < 2) continue;
    return distinct.flatMap((v) =>
      breakTies(
        tied.filter((t) => values.get(t) === v),
        criteriaFor,
      ),
    );
  }
  return [...tied].sort(compareNames);
}

/** Win % (W / (W + L), 0 with no games) of `team` in `games` against opponents `against` accepts. */
export function winPctAgainst<G extends { home: string; away: string; homeWon: boolean }>(
  games: readonly G[],
  team: string,
  against: (opponent: string) => boolean,
): number {
  let w = 0;
  let l = 0;
  for (const g of games) {
    const opp = g.home === team ? g.away : g.away === team ? g.home : null;
    if (opp === null || !against(opp)) continue;
    if ((g.home === team) === g.homeWon) w++;
    else l++;
  }
  return w + l === 0 ? 0 : w / (w + l);
}
