/**
 * Rugby union league tables with bonus points (pure; no I/O).
 *
 * Competition points (Super Rugby 1996–2015, SANZAR): win 4, draw 2, loss 0; try bonus 1 for
 * scoring 4 or more tries (win, draw or loss); losing bonus 1 for losing by 7 points or fewer.
 * (From 2016 Super Rugby gave the try bonus for 3 tries more than the opponent; pass
 * `rules.try_bonus` to model other schemes.) Byes (4 points each in 2011–2015) are not in
 * match data: pass them as `adjustments`.
 * Order: competition points, wins, points difference, tries scored, team name
 * (simplification: SANZAR's head-to-head and draw-of-lots steps are not applied).
 */

export interface RugbyMatchResult {
  home: string;
  away: string;
  home_score: number;
  away_score: number;
  home_tries: number;
  away_tries: number;
}

export interface RugbyPointsRules {
  win: number;
  draw: number;
  loss: number;
  /** Try bonus: 'four_tries' (≥ 4 tries) or 'three_more' (≥ 3 tries more than the opponent). */
  try_bonus: 'four_tries' | 'three_more' | 'none';
  /** Losing bonus when the margin is at most this many points (null: no losing bonus). */
  losing_bonus_margin: number | null;
}

/** Super Rugby 1996–2015 (and most competitions of that era): 4/2/0, 4-try bonus, ≤ 7 losing bonus. */
export const SUPER_RUGBY_1996_2015: RugbyPointsRules = {
  win: 4,
  draw: 2,
  loss: 0,
  try_bonus: 'four_tries',
  losing_bonus_margin: 7,
};

/**
 * Competition points one side earns in one match.
 * @returns { result points, try bonus (0|1), losing bonus (0|1), total }
 */
export function competitionPoints(
  scored: number,
  conceded: number,
  tries: number,
  opponentTries: number,
  rules: RugbyPointsRules = SUPER_RUGBY_1996_2015,
): { result: number; try_bonus: number; losing_bonus: number; total: number } {
  const result = scored > conceded ? rules.win : scored === conceded ? rules.draw : rules.loss;
  const tryBonus =
    rules.try_bonus === 'four_tries'
      ? tries >= 4
      : rules.try_bonus === 'three_more'
        ? tries - opponentTries >= 3
        : false;
  const losing =
    rules.losing_bonus_margin !== null && scored < conceded && conceded - scored <= rules.losing_bonus_margin;
  return {
    result,
    try_bonus: tryBonus ? 1 : 0,
    losing_bonus: losing ? 1 : 0,
    total: result + (tryBonus ? 1 : 0) + (losing ? 1 : 0),
  };
}

export interface RugbyStandingsRow {
  position: number;
  team: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  points_for: number;
  points_against: number;
  points_difference: number;
  tries_for: number;
  tries_against: number;
  try_bonus: number;
  losing_bonus: number;
  /** Adjustments (byes, deductions) included in `points`. */
  points_adjustment: number;
  points: number;
}

/**
 * Computes one league table.
 * @param results counted matches (regular-season rounds only)
 * @param opts.rules points scheme (default {@link SUPER_RUGBY_1996_2015}); opts.adjustments
 *   extra points per team (e.g. 4 per bye, negative for deductions)
 * @throws RangeError on negative / non-integer scores or tries, or a team playing itself.
 */
export function computeRugbyStandings(
  results: RugbyMatchResult[],
  opts: { rules?: RugbyPointsRules; adjustments?: { team: string; points: number }[] } = {},
): RugbyStandingsRow[] {
  const rules = opts.rules ?? SUPER_RUGBY_1996_2015;
  const acc = new Map<string, RugbyStandingsRow>();
  const row = (team: string) => {
    let r = acc.get(team);
    if (!r) {
      r = {
        position: 0,
        team,
        played: 0,
        won: 0,
        drawn: 0,
        lost: 0,
        points_for: 0,
        points_against: 0,
        points_difference: 0,
        tries_for: 0,
        tries_against: 0,
        try_bonus: 0,
        losing_bonus: 0,
        points_adjustment: 0,
        points: 0,
      };
      acc.set(team, r);
    }
    return r;
  };
  const record = (r: RugbyStandingsRow, f: number, a: number, tf: number, ta: number) => {
    const p = competitionPoints(f, a, tf, ta, rules);
    r.played++;
    if (f > a) r.won++;
    else if (f === a) r.drawn++;
    else r.lost++;
    r.points_for += f;
    r.points_against += a;
    r.points_difference += f - a;
    r.tries_for += tf;
    r.tries_against += ta;
    r.try_bonus += p.try_bonus;
    r.losing_bonus += p.losing_bonus;
    r.points += p.total;
  };
  for (const m of results) {
    if (m.home === m.away) throw new RangeError(`${m.home} cannot play itself`);
    for (const v of [m.home_score, m.away_score, m.home_tries, m.away_tries]) {
      if (!Number.isInteger(v) || v < 0) throw new RangeError(`${m.home} v ${m.away}: invalid value ${v}`);
    }
    record(row(m.home), m.home_score, m.away_score, m.home_tries, m.away_tries);
    record(row(m.away), m.away_score, m.home_score, m.away_tries, m.home_tries);
  }
  for (const a of opts.adjustments ?? []) {
    const r = row(a.team);
    r.points_adjustment += a.points;
    r.points += a.points;
  }
  const rows = [...acc.values()].sort(
    (x, y) =>
      y.points - x.points ||
      y.won - x.won ||
      y.points_difference - x.points_difference ||
      y.tries_for - x.tries_for ||
      (x.team < y.team ? -1 : x.team > y.team ? 1 : 0),
  );
  rows.forEach((r, i) => (r.position = i + 1));
  return rows;
}
