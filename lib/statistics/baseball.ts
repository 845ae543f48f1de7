/**
 * Baseball season statistics by reuse: player lines from lib/baseball/statistics.ts (input
 * adapted to ImportedSportMatch), team hits/errors from the stored stats or the event log
 * replayed through lib/baseball/rules. Pure, no I/O. Callers pass finished baseball matches.
 */
import { baseballRules } from '../baseball/rules';
import { computeBaseballStatistics } from '../baseball/statistics';
import type { SportEvent } from '../rules/contract';
import { replaySafely, toImportedSportMatch } from './adapt';
import { PLAYER_CATEGORIES } from './categories';
import { byName, ratio, toCategory } from './rows';
import type { BaseballTeamStats, PlayerCategory, StatsMatch } from './types';

type Side = 'home' | 'away';
type Pair = { home: number; away: number };

const isPair = (v: unknown): v is Pair =>
  typeof v === 'object' && v !== null && typeof (v as Pair).home === 'number' && typeof (v as Pair).away === 'number';

/**
 * Hits and errors of both sides in one game, or null when the game does not record them.
 * Sources in order: `stats.<side>.hits` / `errors` (Retrosheet imports), result_detail
 * `hits` / `errors` pairs, else the `plate_appearance` / `base_running` events replayed through
 * lib/baseball/rules (state.hits, state.errors — errors are those committed by the side).
 * @returns {hits, errors} as {home, away} counts, or null
 * @throws only what the baseball rules throw besides RuleError (a programming error)
 */
export function baseballHitsErrors(m: StatsMatch): { hits: Pair; errors: Pair } | null {
  const st = m.stats;
  if (
    st &&
    typeof st.home.hits === 'number' &&
    typeof st.away.hits === 'number' &&
    typeof st.home.errors === 'number' &&
    typeof st.away.errors === 'number'
  ) {
    return { hits: { home: st.home.hits, away: st.away.hits }, errors: { home: st.home.errors, away: st.away.errors } };
  }
  const d = m.result_detail;
  if (d && isPair(d.hits) && isPair(d.errors)) return { hits: { ...d.hits }, errors: { ...d.errors } };
  if (!m.events.some((e) => e.type === 'plate_appearance')) return null;
  const s = replaySafely(baseballRules, m.events as SportEvent[]);
  return { hits: { ...s.hits }, errors: { ...s.errors } };
}

/**
 * Baseball figures per team: runs / runs_allowed from the headline score; hits and errors
 * (committed by the team) summed over the games that record them ({@link baseballHitsErrors}),
 * null when none does.
 * @returns team name → figures for every team of a game with a score. Throws nothing.
 */
export function baseballTeamStats(matches: readonly StatsMatch[]): Map<string, BaseballTeamStats> {
  const out = new Map<string, BaseballTeamStats>();
  for (const m of matches) {
    if (!m.score) continue;
    const he = baseballHitsErrors(m);
    for (const s of ['home', 'away'] as Side[]) {
      const o: Side = s === 'home' ? 'away' : 'home';
      const team = s === 'home' ? m.home_team : m.away_team;
      let t = out.get(team);
      if (!t) out.set(team, (t = { runs: 0, runs_allowed: 0, hits: null, errors: null }));
      t.runs += m.score[s];
      t.runs_allowed += m.score[o];
      if (he) {
        t.hits = (t.hits ?? 0) + he.hits[s];
        t.errors = (t.errors ?? 0) + he.errors[s];
      }
    }
  }
  return out;
}

/**
 * The `batting` and `pitching` categories: lib/baseball/statistics.ts computeBaseballStatistics
 * over the matches (as ImportedSportMatch: games counted per fixture, earned runs from
 * result_detail.earned_runs). Lines are keyed by source player id (detail.batter_id /
 * pitcher_id); plays without ids are not counted. AVG = H / AB rounded to 3 decimals, ERA =
 * 9 × ER / (outs / 3) rounded to 2 (the module's exact values, rounded here for display).
 * ER and ERA are null for a pitcher who pitched in a game whose result_detail has no
 * `earned_runs` (live-scored games: earned runs are the official scorer's call, not derivable).
 * Orders: batting HR desc, RBI desc, name; pitching outs desc, ERA asc (null last), name.
 * Throws nothing.
 */
export function baseballPlayerCategories(matches: readonly StatsMatch[]): PlayerCategory[] {
  const { batting, pitching } = computeBaseballStatistics(matches.map(toImportedSportMatch));
  // Pitchers who pitched in a game without the scorer's earned runs: ER unknown, not 0.
  const noEr = new Set<string>();
  for (const m of matches) {
    if (Array.isArray(m.result_detail?.earned_runs)) continue;
    for (const e of m.events) if (typeof e.detail.pitcher_id === 'string') noEr.add(e.detail.pitcher_id);
  }
  const bat = batting
    .map((b) => ({ ...b, avg: b.avg === null ? null : ratio(b.h, b.ab, 3) }))
    .sort((a, b) => b.hr - a.hr || b.rbi - a.rbi || byName(a, b));
  const era = (p: { era: number | null }) => p.era ?? Infinity;
  const pit = pitching
    .map((p) =>
      noEr.has(p.player_id)
        ? { ...p, er: null, era: null }
        : { ...p, era: p.era === null ? null : ratio(27 * p.er, p.outs, 2) },
    )
    .sort((a, b) => b.outs - a.outs || era(a) - era(b) || byName(a, b));
  const [batSpec, pitSpec] = PLAYER_CATEGORIES.baseball;
  return [toCategory(batSpec, bat), toCategory(pitSpec, pit)];
}
