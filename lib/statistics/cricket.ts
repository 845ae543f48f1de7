/**
 * Cricket season statistics by reuse: team figures through lib/cricket/standings.ts (NRR, ties,
 * no results) and the innings, player lines through lib/cricket/statistics.ts. Pure, no I/O.
 * Callers pass finished cricket matches only.
 */
import { cricketBattingStats, cricketBowlingStats } from '../cricket/statistics';
import { cricketRules } from '../cricket/rules';
import { computeCricketStandings } from '../cricket/standings';
import type { CricketState } from '../cricket/types';
import type { SportEvent } from '../rules/contract';
import { replaySafely, toImportedSportMatch } from './adapt';
import { PLAYER_CATEGORIES } from './categories';
import { toCategory } from './rows';
import type { CricketTeamStats, PlayerCategory, StatsMatch } from './types';

type Side = 'home' | 'away';
const other = (s: Side): Side => (s === 'home' ? 'away' : 'home');

/** One innings as lib/import/cricsheet.ts writes it in result.detail.innings (the fields used here). */
interface InningsLine {
  side: Side;
  runs: number;
  wickets: number;
  legal_balls: number;
  overs_limit: number | null;
  all_out: boolean;
  super_over: boolean;
}

/**
 * The result detail computeCricketStandings reads ({kind, innings, target, method}): the stored
 * result_detail when it lists `innings` (Cricsheet imports), else rebuilt by replaying the event
 * log through lib/cricket/rules (live-scored matches): innings from the state (all_out =
 * end_reason `all_out`), kind/method from the state's result, target {runs, overs}.
 * @returns the detail (a new object when rebuilt), or null when neither gives an innings
 * @throws only what the cricket rules throw besides RuleError (a programming error)
 */
export function cricketResultDetail(m: StatsMatch): Record<string, unknown> | null {
  const d = m.result_detail ?? {};
  if (Array.isArray(d.innings)) return d;
  if (!m.events.length) return null;
  const s: CricketState = replaySafely(cricketRules, m.events as SportEvent[]);
  if (!s.innings.length) return null;
  const innings: InningsLine[] = s.innings.map((i) => ({
    side: i.team,
    runs: i.runs,
    wickets: i.wickets,
    legal_balls: i.legal_balls,
    overs_limit: i.overs_limit,
    all_out: i.end_reason === 'all_out',
    super_over: i.super_over,
  }));
  return {
    ...d,
    kind: d.kind ?? s.result?.kind ?? null,
    method: d.method ?? s.result?.method ?? s.target?.method ?? null,
    target: d.target ?? (s.target ? { runs: s.target.runs, overs: s.target.overs } : null),
    innings,
  };
}

/**
 * Cricket figures per team over finished matches, regular innings only (super overs excluded):
 * runs_scored / runs_conceded and wickets_lost / wickets_taken summed from the innings
 * ({@link cricketResultDetail}); tied, no_result and net_run_rate from
 * lib/cricket/standings.ts computeCricketStandings (ICC playing conditions: NRR = runs scored /
 * overs faced − runs conceded / overs bowled, all out = full quota, D/L targets, no-results
 * left out; 3 decimals). A match without innings counts only in tied / no_result.
 * @returns team name → figures for every team of a match with a score. Throws nothing.
 */
export function cricketTeamStats(matches: readonly StatsMatch[]): Map<string, CricketTeamStats> {
  const out = new Map<string, CricketTeamStats>();
  const row = (team: string) => {
    let t = out.get(team);
    if (!t)
      out.set(
        team,
        (t = {
          runs_scored: 0,
          runs_conceded: 0,
          wickets_taken: 0,
          wickets_lost: 0,
          tied: 0,
          no_result: 0,
          net_run_rate: null,
        }),
      );
    return t;
  };
  const imported = [];
  for (const m of matches) {
    if (!m.score) continue;
    const detail = cricketResultDetail(m);
    const base = toImportedSportMatch(m);
    imported.push({ ...base, result: { ...base.result!, detail: detail ?? m.result_detail ?? {} } });
    const names: Record<Side, string> = { home: m.home_team, away: m.away_team };
    row(names.home);
    row(names.away);
    for (const i of (detail?.innings ?? []) as InningsLine[]) {
      if (i.super_over) continue;
      const bat = row(names[i.side]);
      const bowl = row(names[other(i.side)]);
      bat.runs_scored += i.runs;
      bat.wickets_lost += i.wickets;
      bowl.runs_conceded += i.runs;
      bowl.wickets_taken += i.wickets;
    }
  }
  for (const s of computeCricketStandings(imported)) {
    const t = row(s.team);
    t.tied = s.tied;
    t.no_result = s.no_result;
    t.net_run_rate = s.net_run_rate;
  }
  return out;
}

/**
 * The `batting` and `bowling` categories from lib/cricket/statistics.ts over the events of all
 * matches (innings counted per fixture: each event is mapped to its fixture_id). The modules
 * give a side per player; the served `team` is the name of the player's team in the latest
 * match (by kickoff) in which he batted (batting) or bowled (bowling).
 * Orders are the module's: batting runs desc, balls asc, name; bowling wickets desc, runs
 * conceded asc, name. Throws nothing.
 */
export function cricketPlayerCategories(matches: readonly StatsMatch[]): PlayerCategory[] {
  const fixtureOf = new Map<SportEvent, string>();
  const events: SportEvent[] = [];
  const batTeam = new Map<string, string>();
  const bowlTeam = new Map<string, string>();
  for (const m of [...matches].sort((a, b) => a.kickoff.localeCompare(b.kickoff))) {
    const name = (s: Side) => (s === 'home' ? m.home_team : m.away_team);
    for (const e of m.events as SportEvent[]) {
      fixtureOf.set(e, String(m.fixture_id));
      events.push(e);
      if (!e.side) continue;
      if ((e.type === 'delivery' || e.type === 'wicket') && e.player) batTeam.set(e.player, name(e.side));
      if (e.type === 'delivery') {
        if (typeof e.detail.non_striker === 'string') batTeam.set(e.detail.non_striker, name(e.side));
        if (typeof e.detail.bowler === 'string') bowlTeam.set(e.detail.bowler, name(other(e.side)));
      }
    }
  }
  const matchOf = (e: SportEvent) => fixtureOf.get(e) ?? e.event_id;
  const batting = cricketBattingStats(events, matchOf).map(({ team: _side, ...l }) => ({
    ...l,
    team: batTeam.get(l.player) ?? null,
  }));
  const bowling = cricketBowlingStats(events, matchOf).map(({ team: _side, ...l }) => ({
    ...l,
    team: bowlTeam.get(l.player) ?? null,
  }));
  const [batSpec, bowlSpec] = PLAYER_CATEGORIES.cricket;
  return [toCategory(batSpec, batting), toCategory(bowlSpec, bowling)];
}
