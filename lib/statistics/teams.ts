/**
 * Team statistics of a season, any sport (GET /v1/{sport}/statistics/teams). Pure, no I/O.
 * Field definitions: docs/statistics.md.
 */
import type { Sport } from '../sports';
import { baseballTeamStats } from './baseball';
import { cricketTeamStats } from './cricket';
import { footballTeamStats } from './football';
import { basketballTeamStats, iceHockeyTeamStats, rugbyTeamStats } from './team-figures';
import type { SportTeamStats, StatsMatch, TeamRecord, TeamStatsRow } from './types';
import { featuresOf } from '@/lib/sport-features';

type Side = 'home' | 'away';

/** Figures for a team none of whose matches has a score (so the sport function did not list it). */
const ZERO: Record<Sport, () => SportTeamStats> = {
  football: () => ({
    goals: 0,
    goals_against: 0,
    clean_sheets: 0,
    yellow_cards: null,
    red_cards: null,
    shootouts_won: 0,
    shootouts_lost: 0,
  }),
  cricket: () => ({
    runs_scored: 0,
    runs_conceded: 0,
    wickets_taken: 0,
    wickets_lost: 0,
    tied: 0,
    no_result: 0,
    net_run_rate: null,
  }),
  baseball: () => ({ runs: 0, runs_allowed: 0, hits: null, errors: null }),
  'ice-hockey': () => ({
    goals: 0,
    goals_against: 0,
    regulation_wins: 0,
    overtime_wins: 0,
    shootout_wins: 0,
    overtime_losses: 0,
    shootout_losses: 0,
  }),
  rugby: () => ({ tries: null, tries_against: null }),
  basketball: () => ({ points_per_game: null, points_against_per_game: null }),
  tennis: () => ({}),
  golf: () => ({}),
  mma: () => ({}),
  esports: () => ({}),
};

/** The sport-specific figures per team, by sport (tennis, golf, mma, esports: none). */
function sportStats(sport: Sport, matches: StatsMatch[]): Map<string, SportTeamStats> {
  switch (sport) {
    case 'football':
      return footballTeamStats(matches);
    case 'cricket':
      return cricketTeamStats(matches);
    case 'baseball':
      return baseballTeamStats(matches);
    case 'ice-hockey':
      return iceHockeyTeamStats(matches);
    case 'rugby':
      return rugbyTeamStats(matches);
    case 'basketball':
      return basketballTeamStats(matches);
    default:
      return new Map();
  }
}

/**
 * Who won a finished match for the W-D-L record: `winner`, except in football, where a level
 * score (after extra time) is a draw even when a shoot-out found a winner — FIFA / UEFA record
 * such matches as draws; the shoot-out is in sport_stats.shootouts_won / _lost.
 * @returns the winning side, or null for a draw / tie / no result. Throws nothing.
 */
export function recordWinner(m: StatsMatch): Side | null {
  if (featuresOf(m.sport).shootoutIsDraw && m.score && m.score.home === m.score.away) return null;
  return m.winner;
}

/**
 * Whether a finished match counts in the records: every finished match except a tennis
 * walkover (result_detail.outcome `walkover`, or a `retirement` event of kind `walkover`) —
 * the ATP and WTA leave walkovers out of win-loss records (no ball was struck).
 * Throws nothing.
 */
export function countsForRecord(m: StatsMatch): boolean {
  if (m.status !== 'finished') return false;
  if (m.sport !== 'tennis') return true;
  if (m.result_detail?.outcome === 'walkover') return false;
  return !m.events.some((e) => e.type === 'retirement' && e.detail.kind === 'walkover');
}

const emptyRecord = (): TeamRecord => ({ played: 0, won: 0, drawn: 0, lost: 0 });

/**
 * Team statistics over the matches of one sport (the caller selects the season).
 *
 * Only matches with status `finished` count, tennis walkovers excepted ({@link countsForRecord}).
 * Per team (tennis: player, MMA: fighter):
 * - played, won, drawn, lost, and the same split into `home` and `away` (the side it had in
 *   the fixture); won/lost per {@link recordWinner}; drawn = finished without a winner (a tie,
 *   a draw, a cricket no result); played = won + drawn + lost
 * - points_for / points_against: the headline score summed (goals, runs, points, sets won);
 *   a finished match without a score counts in the record only
 * - sport_stats: football, cricket, baseball, ice hockey, rugby, basketball figures (see
 *   lib/statistics/{football,cricket,baseball,team-figures}.ts and docs/statistics.md); `{}`
 *   for tennis, mma, esports
 * Order: won desc, then team name (locale 'en').
 * @param matches stored fixtures of ONE sport with their events
 * Golf: [] — a golf fixture is a tournament against "Field" (docs/sports/golf.md), so there
 * is no team record; its players are in playerStatistics.
 * @returns one row per team that played a finished match; [] for none (and for golf)
 * @throws Error when the matches are of more than one sport
 */
export function teamStatistics(matches: readonly StatsMatch[]): TeamStatsRow[] {
  const sports = new Set(matches.map((m) => m.sport));
  if (sports.size > 1)
    throw new Error(`teamStatistics: matches of several sports (${[...sports].join(', ')}); pass one sport`);
  const done = matches.filter(countsForRecord);
  // Golf fixtures are tournaments v "Field" (docs/sports/golf.md): no teams to tabulate.
  if (!done.length || done[0].sport === 'golf') return [];
  const sport = done[0].sport;
  const rows = new Map<string, TeamStatsRow>();
  for (const m of done) {
    const w = recordWinner(m);
    for (const s of ['home', 'away'] as Side[]) {
      const team = s === 'home' ? m.home_team : m.away_team;
      let r = rows.get(team);
      if (!r)
        rows.set(
          team,
          (r = {
            team,
            ...emptyRecord(),
            points_for: 0,
            points_against: 0,
            home: emptyRecord(),
            away: emptyRecord(),
            sport_stats: {},
          }),
        );
      const key = w === null ? 'drawn' : w === s ? 'won' : 'lost';
      for (const rec of [r as TeamRecord, r[s]]) {
        rec.played += 1;
        rec[key] += 1;
      }
      if (m.score) {
        r.points_for += m.score[s];
        r.points_against += m.score[s === 'home' ? 'away' : 'home'];
      }
    }
  }
  const figures = sportStats(sport, done);
  for (const r of rows.values()) r.sport_stats = figures.get(r.team) ?? ZERO[sport]();
  return [...rows.values()].sort((a, b) => b.won - a.won || a.team.localeCompare(b.team, 'en'));
}
