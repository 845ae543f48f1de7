/**
 * Conversions between importer output and {@link StatsMatch}, and the replay helper the sport
 * adapters use to derive figures from an event log through the sport's rules. Pure, no I/O.
 */
import type { ImportedMatch } from '../import/types';
import { RuleError, type ImportedSportMatch, type SportEvent, type SportRules } from '../rules/contract';
import type { StatsMatch } from './types';

/** Importer output of any sport (football's own shape or the shared contract's). */
export type AnyImported = ImportedMatch | ImportedSportMatch;

/**
 * Builds the {@link StatsMatch} the server would load for an imported match (tests, sandbox).
 *
 * - Other sports: score = `result.{home,away}`, winner = `result.winner`, result_detail =
 *   `result.detail`, events and stats as imported.
 * - Football: score = goals after extra time (`result.et`, else `result.ft`; the shoot-out is
 *   not part of it), winner = the side with more goals, else the shoot-out winner (`result.p`),
 *   else null — as the results endpoint decides it (server/read/serialize.ts); result_detail =
 *   `{ht, ft, et, p}`; events lose `stoppage` (not used by statistics); stats = TeamMatchStats.
 * @param m one match from lib/import (parseCricsheet, parseRetrosheet, parseStatsbomb, …)
 * @param fixtureId the id to give it (stored fixtures have one; callers number them)
 * @returns a new object; `m` is not changed. Throws nothing.
 */
export function statsMatchFromImported(m: AnyImported, fixtureId: number): StatsMatch {
  const base = {
    fixture_id: fixtureId,
    competition: m.competition,
    season: m.season,
    home_team: m.home_team,
    away_team: m.away_team,
    kickoff: m.kickoff,
    status: m.status,
  };
  if ('sport' in m) {
    return {
      ...base,
      sport: m.sport,
      score: m.result ? { home: m.result.home, away: m.result.away } : null,
      winner: m.result?.winner ?? null,
      result_detail: m.result?.detail ?? null,
      events: m.events.map((e) => ({ ...e })),
      stats: m.stats,
    };
  }
  const r = m.result;
  const goals = r ? (r.et ?? r.ft) : null;
  const pens = r?.p ?? null;
  const winner = !goals
    ? null
    : goals[0] !== goals[1]
      ? goals[0] > goals[1]
        ? 'home'
        : 'away'
      : pens && pens[0] !== pens[1]
        ? pens[0] > pens[1]
          ? 'home'
          : 'away'
        : null;
  return {
    ...base,
    sport: 'football',
    score: goals ? { home: goals[0], away: goals[1] } : null,
    winner,
    result_detail: r ? { ht: r.ht, ft: r.ft, et: r.et, p: r.p } : null,
    events: m.events.map(({ stoppage: _s, ...e }) => e),
    stats: m.stats ? { home: { ...m.stats.home }, away: { ...m.stats.away } } : null,
  };
}

/**
 * The contract shape (lib/rules/contract.ts) of a stored match, so the per-sport statistics
 * modules that take ImportedSportMatch (lib/cricket, lib/baseball, lib/tennis) can be reused
 * as they are. source_key = `fixture/<fixture_id>` (those modules count games by it);
 * status `finished` stays, any other becomes `scheduled` (the modules only test for finished);
 * result = `{...score, winner, detail: result_detail ?? {}}` (null without a score); the events
 * array is the same (not copied). Throws nothing.
 */
export function toImportedSportMatch(m: StatsMatch): ImportedSportMatch {
  return {
    sport: m.sport,
    source: 'store',
    source_key: `fixture/${m.fixture_id}`,
    competition: m.competition,
    competition_name: m.competition,
    season: m.season,
    round: null,
    group: null,
    venue: null,
    kickoff: m.kickoff,
    home_team: m.home_team,
    away_team: m.away_team,
    status: m.status === 'finished' ? 'finished' : 'scheduled',
    result: m.score
      ? { home: m.score.home, away: m.score.away, winner: m.winner, detail: m.result_detail ?? {} }
      : null,
    events: m.events,
    stats: m.stats,
  };
}

/**
 * The state after applying `events` in order with a sport's rules, skipping each event the rules
 * refuse (RuleError), as the feed engine does — the stored log already passed the rules, so
 * nothing is normally skipped.
 * @throws whatever the rules throw other than RuleError (a programming error)
 */
export function replaySafely<S>(rules: SportRules<S>, events: readonly SportEvent[]): S {
  let s = rules.initialState();
  for (const e of events) {
    try {
      s = rules.applyEvent(s, e);
    } catch (err) {
      if (!(err instanceof RuleError)) throw err;
    }
  }
  return s;
}

/** Only the matches that count for statistics: status `finished` (a new array). Throws nothing. */
export function finishedOnly(matches: readonly StatsMatch[]): StatsMatch[] {
  return matches.filter((m) => m.status === 'finished');
}

/** Team name of a side in a match: home_team / away_team, null for a null side. Throws nothing. */
export function teamOf(m: StatsMatch, side: 'home' | 'away' | null): string | null {
  return side === 'home' ? m.home_team : side === 'away' ? m.away_team : null;
}
