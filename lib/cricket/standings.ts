/**
 * Cricket league tables (limited-overs group stages, leagues such as the IPL): pure, no I/O.
 *
 * ─── docs-ready: cricket standings (docs/sports/cricket.md) ──────────────────────────────────
 * Points: win 2, tie 1, no result 1, loss 0 (ICC T20 World Cup / ODI World Cup and IPL
 * playing conditions). A tie decided by a super over counts as a win (2) for the super-over
 * winner and a loss for the other side, as in the IPL and ICC events since 2019; pass
 * `superOverIsTie: true` for competitions that award 1 point each.
 * Net run rate (ICC Playing Conditions, Appendix "Net run rate"):
 *   NRR = (runs scored / overs faced) − (runs conceded / overs bowled), overs as true fractions
 *   (balls / 6: 19.4 overs = 19.667);
 *   - a side bowled out is charged the full overs quota of its innings (the revised quota in a
 *     rain-reduced chase), not the overs it lasted;
 *   - when a target was revised by a rain rule (D/L, DLS), the side batting first is credited
 *     with (target − 1) runs from the chasing side's revised overs;
 *   - no-result matches and super overs do not count towards NRR.
 * Order: points, then NRR, then wins, then team name (ICC events go on to head-to-head and a
 * draw, which the engine does not model). NRR is rounded to 3 decimals for display only.
 * ─────────────────────────────────────────────────────────────────────────────────────────────
 */
import type { ImportedSportMatch, Side } from '../rules/contract';

/** Points per outcome (see header). */
export const CRICKET_POINTS = { win: 2, tie: 1, no_result: 1, loss: 0 } as const;

export interface CricketStandingRow {
  position: number;
  team: string;
  played: number;
  won: number;
  lost: number;
  tied: number;
  no_result: number;
  points: number;
  /** NRR inputs: runs and balls (overs × 6, all-out innings at the full quota). */
  runs_for: number;
  balls_faced: number;
  runs_against: number;
  balls_bowled: number;
  /** Net run rate, 3 decimals; null before any counted innings. */
  net_run_rate: number | null;
}

interface InningsLine {
  side: Side;
  runs: number;
  legal_balls: number;
  overs_limit: number | null;
  all_out: boolean;
  super_over: boolean;
}

/** Options of {@link computeCricketStandings}. */
export interface CricketStandingsOptions {
  /** Award a tie's 1 point each even when a super over found a winner (default false). */
  superOverIsTie?: boolean;
  ballsPerOver?: number;
}

/**
 * League table from finished cricket matches (lib/import/cricsheet.ts result.detail shape:
 * {kind, innings: [{side, runs, legal_balls, overs_limit, all_out, super_over}], target,
 * method, eliminator}). Matches not finished, or without a result, are skipped.
 * @returns rows sorted by points, NRR, wins, team; `position` 1-based
 */
export function computeCricketStandings(
  matches: readonly ImportedSportMatch[],
  opts: CricketStandingsOptions = {},
): CricketStandingRow[] {
  const bpo = opts.ballsPerOver ?? 6;
  const rows = new Map<string, CricketStandingRow>();
  const row = (team: string) => {
    let r = rows.get(team);
    if (!r) {
      r = {
        position: 0,
        team,
        played: 0,
        won: 0,
        lost: 0,
        tied: 0,
        no_result: 0,
        points: 0,
        runs_for: 0,
        balls_faced: 0,
        runs_against: 0,
        balls_bowled: 0,
        net_run_rate: null,
      };
      rows.set(team, r);
    }
    return r;
  };
  for (const m of matches) {
    if (m.sport !== 'cricket' || m.status !== 'finished' || !m.result) continue;
    const d = m.result.detail as {
      kind?: string;
      innings?: InningsLine[];
      target?: { runs: number; overs: number | null } | null;
      method?: string | null;
    };
    const name: Record<Side, string> = { home: m.home_team, away: m.away_team };
    const sides: Side[] = ['home', 'away'];
    for (const s of sides) row(name[s]).played += 1;
    const winner = m.result.winner;
    if (d.kind === 'no_result') {
      for (const s of sides) {
        row(name[s]).no_result += 1;
        row(name[s]).points += CRICKET_POINTS.no_result;
      }
      continue; // no NRR for a no result
    }
    if (d.kind === 'tie' && (opts.superOverIsTie || !winner)) {
      for (const s of sides) {
        row(name[s]).tied += 1;
        row(name[s]).points += CRICKET_POINTS.tie;
      }
    } else if (winner) {
      row(name[winner]).won += 1;
      row(name[winner]).points += CRICKET_POINTS.win;
      row(name[winner === 'home' ? 'away' : 'home']).lost += 1;
    }
    const regular = (d.innings ?? []).filter((i) => !i.super_over);
    const revised = d.method != null && d.target != null && d.target.overs != null;
    regular.forEach((inn, k) => {
      let runs = inn.runs;
      let balls = inn.all_out && inn.overs_limit != null ? inn.overs_limit * bpo : inn.legal_balls;
      if (revised && k === 0 && regular.length > 1) {
        runs = d.target!.runs - 1;
        balls = d.target!.overs! * bpo;
      }
      const bat = row(name[inn.side]);
      const bowl = row(name[inn.side === 'home' ? 'away' : 'home']);
      bat.runs_for += runs;
      bat.balls_faced += balls;
      bowl.runs_against += runs;
      bowl.balls_bowled += balls;
    });
  }
  const out = [...rows.values()];
  for (const r of out) {
    r.net_run_rate =
      r.balls_faced > 0 && r.balls_bowled > 0
        ? Math.round(((r.runs_for * bpo) / r.balls_faced - (r.runs_against * bpo) / r.balls_bowled) * 1000) / 1000
        : null;
  }
  const nrrExact = (r: CricketStandingRow) =>
    r.balls_faced > 0 && r.balls_bowled > 0
      ? (r.runs_for * bpo) / r.balls_faced - (r.runs_against * bpo) / r.balls_bowled
      : -Infinity;
  out.sort((a, b) => b.points - a.points || nrrExact(b) - nrrExact(a) || b.won - a.won || a.team.localeCompare(b.team));
  out.forEach((r, i) => (r.position = i + 1));
  return out;
}
