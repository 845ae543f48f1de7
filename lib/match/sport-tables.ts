/**
 * Standings of the sports other than football (docs/sports/<sport>.md "Standings"), recomputed
 * from a competition-season's finished fixtures and their states whenever one of its matches
 * finishes: NBA win percentage and games behind (per conference), NHL points and regulation wins
 * (per division), rugby union competition points with try and losing bonuses, cricket points and
 * net run rate, tennis a win–loss ranking, golf an order of merit, MMA fighter records, esports a
 * league table by series, maps and rounds. Playoff rounds never count (lib/match/playoff-round.ts).
 */
import { computeNbaStandings } from '@/lib/basketball/standings';
import { computeCricketStandings } from '@/lib/cricket/standings';
import { computeEsportsStandings } from '@/lib/esports/standings';
import { computeGolfStandings } from '@/lib/golf/standings';
import { computeNhlStandings } from '@/lib/ice-hockey/standings';
import { computeMmaStandings } from '@/lib/mma/standings';
import type { ImportedSportMatch, Side } from '@/lib/rules/contract';
import { computeRugbyStandings } from '@/lib/rugby/standings';
import { computeTennisStandings } from '@/lib/tennis/standings';
import type { TeamGrouping } from '@/lib/rules/standings-groups';
import type { Sport } from '@/lib/sports';
import { isoUtc } from './iso-utc';
import type { FixtureRecord } from './types';
import { isPlayoffRound } from './playoff-round';
import { keepsOwnState, projectSportState, rulesOptions, type SportMatchState } from './state';

/** One finished fixture with the sport's projected live state (its `result` among it). */
export interface FinishedMatch {
  row: FixtureRecord;
  state: Record<string, unknown>;
}

/** One stored table: its group ('' for a single table) and rows (each with `position`). */
export interface SportTable {
  group: string;
  rows: unknown[];
}

/** Tie-breakers each sport's table applies, in order (reported with every table). */
export const SPORT_TIE_BREAKERS: Partial<Record<Sport, string[]>> = {
  // The NBA's two-team list (three or more: division leader first); lib/basketball/tiebreakers.ts.
  basketball: [
    'win_pct',
    'head_to_head',
    'division_leader',
    'division_record',
    'conference_record',
    'playoff_teams_own_conference',
    'playoff_teams_other_conference',
    'point_differential',
    'team',
  ],
  // The NHL's list; lib/ice-hockey/tiebreakers.ts.
  'ice-hockey': [
    'points',
    'points_pct',
    'regulation_wins',
    'regulation_overtime_wins',
    'wins',
    'head_to_head_points',
    'goal_difference',
    'goals_for',
    'team',
  ],
  rugby: ['points', 'wins', 'points_difference', 'tries_for', 'team'],
  cricket: ['points', 'net_run_rate', 'wins', 'team'],
  tennis: ['wins', 'win_pct', 'team'],
  golf: ['points', 'wins', 'top_10', 'team'],
  mma: ['wins', 'finish_rate', 'team'],
  esports: ['wins', 'map_difference', 'round_difference', 'maps_won', 'team'],
};

/** The projected state of a stored snapshot (null for a missing snapshot or a sport keeping its own state: football). */
export function projectedState(row: FixtureRecord, snapshot: unknown): Record<string, unknown> | null {
  if (keepsOwnState(row.sport) || !snapshot) return null;
  return projectSportState(row.sport, snapshot as SportMatchState, rulesOptions(row)).state;
}

const num = (x: unknown): number => (typeof x === 'number' ? x : 0);

/** As an importer's match (for the lib standings that read `result.detail`). */
function asImported(m: FinishedMatch, detail: Record<string, unknown>, winner: Side | null): ImportedSportMatch {
  const r = m.row;
  return {
    sport: r.sport as Sport,
    source: 'store',
    source_key: String(r.id),
    competition: r.slug,
    competition_name: r.league,
    season: r.season,
    round: r.round,
    group: r.group,
    venue: r.venue,
    kickoff: isoUtc(r.kickoff),
    home_team: r.homeTeam,
    away_team: r.awayTeam,
    status: 'finished',
    result: { home: r.homeScore ?? 0, away: r.awayScore ?? 0, winner, detail },
    events: [],
    stats: null,
  };
}

function cricketDetail(s: Record<string, unknown>): Record<string, unknown> {
  const result = (s.result ?? {}) as Record<string, unknown>;
  const innings = ((s.innings ?? []) as Record<string, unknown>[]).map((i) => ({
    side: i.team,
    runs: num(i.runs),
    legal_balls: num(i.legal_balls),
    overs_limit: i.overs_limit ?? null,
    all_out: num(i.wickets) >= 10,
    super_over: Boolean(i.super_over),
  }));
  return { kind: result.kind, innings, target: s.target ?? null, method: result.method ?? null };
}

/**
 * The tables of one competition-season of `sport` from its finished matches.
 * @param grouping basketball and ice hockey: per conference, division or for the league (default
 *   the stored view: NBA conference, NHL division; lib/match/standings-views.ts); other sports ignore it
 * @returns one {@link SportTable} per group; [] for a sport without tables here
 * @throws RangeError from the lib standings on impossible results (a level NBA game…)
 */
export function computeSportTables(sport: string, matches: FinishedMatch[], grouping?: TeamGrouping): SportTable[] {
  // In the order played: the NHL's head-to-head leaves out the first game of an odd series.
  const counted = matches
    .filter((m) => !isPlayoffRound(sport, m.row.round))
    .sort((a, b) => isoUtc(a.row.kickoff).localeCompare(isoUtc(b.row.kickoff)) || a.row.id - b.row.id);
  const score = (m: FinishedMatch) => ({
    home: m.row.homeTeam,
    away: m.row.awayTeam,
    h: m.row.homeScore ?? 0,
    a: m.row.awayScore ?? 0,
  });
  const result = (m: FinishedMatch) => (m.state.result ?? {}) as Record<string, unknown>;
  switch (sport) {
    case 'basketball': {
      const games = counted
        .map(score)
        .filter((g) => g.h !== g.a)
        .map((g) => ({ home: g.home, away: g.away, home_points: g.h, away_points: g.a }));
      return byConference(
        () => computeNbaStandings(games, { group: grouping }),
        () => computeNbaStandings(games, { group: 'league' }),
      );
    }
    case 'ice-hockey': {
      const games = counted.map((m) => {
        // The recorded decision, else what the game's periods show (a shootout, or more than three periods).
        const d = result(m).decision;
        const periods = ((m.state.line_score as { home?: unknown[] } | undefined)?.home ?? []).length;
        const decision =
          d === 'OT' || d === 'SO' || d === 'REG' ? d : m.state.shootout ? 'SO' : periods > 3 ? 'OT' : 'REG';
        const g = score(m);
        return {
          home: g.home,
          away: g.away,
          home_goals: g.h,
          away_goals: g.a,
          decision: decision as 'REG' | 'OT' | 'SO',
        };
      });
      return byConference(
        () => computeNhlStandings(games, { group: grouping }),
        () => computeNhlStandings(games, { group: 'league' }),
      );
    }
    case 'rugby': {
      const games = counted.map((m) => {
        const g = score(m);
        const tries = (m.state.tries as { home: number; away: number } | undefined) ??
          (result(m).tries as { home: number; away: number } | undefined) ?? { home: 0, away: 0 };
        return {
          home: g.home,
          away: g.away,
          home_score: g.h,
          away_score: g.a,
          home_tries: tries.home,
          away_tries: tries.away,
        };
      });
      return [{ group: '', rows: computeRugbyStandings(games) }];
    }
    case 'cricket':
      return [
        {
          group: '',
          rows: computeCricketStandings(
            counted.map((m) => asImported(m, cricketDetail(m.state), (result(m).winner as Side) ?? null)),
          ),
        },
      ];
    case 'tennis': {
      const rows = computeTennisStandings(
        matches.map((m) =>
          asImported(
            m,
            { sets: m.state.sets ?? [], outcome: result(m).outcome ?? 'completed' },
            (result(m).winner as Side) ?? winnerByScore(m),
          ),
        ),
      );
      return [{ group: '', rows: rows.map((r) => ({ ...r, team: r.player })) }];
    }
    case 'golf': {
      // The order of merit reads the final leaderboard (the projection's, with the result's winner first).
      const rows = computeGolfStandings(
        matches.map((m) => asImported(m, { ...result(m), leaderboard: m.state.leaderboard ?? [] }, null)),
      );
      return [{ group: '', rows: rows.map((r) => ({ ...r, team: r.player })) }];
    }
    case 'mma': {
      const rows = computeMmaStandings(
        matches.map((m) => asImported(m, result(m), (result(m).winner as Side) ?? null)),
      );
      return [{ group: '', rows: rows.map((r) => ({ ...r, team: r.fighter })) }];
    }
    case 'esports': {
      const detail = (m: FinishedMatch) => ({ best_of: m.state.best_of, maps: m.state.maps ?? [] });
      return [
        {
          group: '',
          // A Dota 2 game's score is kills: the winner is the result's.
          rows: computeEsportsStandings(
            counted.map((m) => asImported(m, detail(m), (result(m).winner as Side) ?? winnerByScore(m))),
          ),
        },
      ];
    }
    default:
      return [];
  }
}

function winnerByScore(m: FinishedMatch): Side | null {
  const h = m.row.homeScore ?? 0;
  const a = m.row.awayScore ?? 0;
  return h === a ? null : h > a ? 'home' : 'away';
}

/** Conference/division tables when every team is in the league's team table, else one league table. */
function byConference(
  grouped: () => { group: string; rows: unknown[] }[],
  league: () => { group: string; rows: unknown[] }[],
): SportTable[] {
  try {
    return grouped().map((t) => ({ group: t.group, rows: t.rows }));
  } catch (e) {
    if (!(e instanceof RangeError) || !/not in the team table/.test(e.message)) throw e;
    return league().map((t) => ({ group: '', rows: t.rows }));
  }
}
