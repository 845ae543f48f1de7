/** Imported matches (lib/import) as the ratings read them (types.ts RatedResult). */
import type { ImportedMatch } from '../import/types';
import type { ImportedSportMatch } from '../rules/contract';
import { tennisRoundOrder } from './prematch';
import type { RatedResult } from './types';

/** Serve points played and won from a tennis side's stats (null when a count is missing). */
export function serveOf(st: Record<string, unknown> | undefined | null): { won: number; points: number } | null {
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
  const pts = n(st?.service_points);
  const w1 = n(st?.first_serve_points_won);
  const w2 = n(st?.second_serve_points_won);
  return pts !== null && w1 !== null && w2 !== null && pts > 0 && w1 + w2 <= pts ? { won: w1 + w2, points: pts } : null;
}

/** The fields naming a rated result, from an imported match of any sport (its source key is the id). */
function identity(m: ImportedMatch | ImportedSportMatch) {
  return {
    fixture_id: m.source_key,
    kickoff: m.kickoff,
    season: m.season,
    competition: m.competition,
    home: m.home_team,
    away: m.away_team,
  };
}

/**
 * An imported sport match as a rated result (winner from the recorded result; tennis: the round's
 * order within the tournament, the players' ranking points at the match from its stats and the
 * format's sets; a walkover is `finished: false`: no play, so it is predicted but never rated).
 * Used by the calibration and fit benches and the tests on the bundled files.
 */
export function ratedSport(m: ImportedSportMatch): RatedResult {
  const d = (m.result?.detail ?? {}) as {
    neutral?: boolean;
    tournament?: { surface?: string | null };
    best_of?: number | null;
    outcome?: string;
  };
  return {
    ...identity(m),
    neutral: Boolean(d.neutral),
    home_score: m.result?.home ?? 0,
    away_score: m.result?.away ?? 0,
    winner: m.result?.winner ?? null,
    surface: d.tournament?.surface ?? null,
    ...(m.sport === 'tennis'
      ? {
          order: tennisRoundOrder(m.round),
          home_rank_points: m.stats?.home.rank_points ?? null,
          away_rank_points: m.stats?.away.rank_points ?? null,
          best_of: d.best_of ?? null,
          home_serve: serveOf(m.stats?.home),
          away_serve: serveOf(m.stats?.away),
        }
      : {}),
    // A tennis walkover has no play: predicted like a scheduled match, never rated.
    finished: m.status === 'finished' && m.result !== null && !(m.sport === 'tennis' && d.outcome === 'walkover'),
  };
}

/**
 * An imported football match (lib/import: football-data.co.uk, openfootball) as a rated result:
 * the 90-minute result (the 1X2 the bookmakers price) and the shots on target where the file has them.
 * @param neutral whether the match is at a neutral venue (the tournaments' matches)
 */
export function ratedFootball(m: ImportedMatch, neutral: boolean): RatedResult {
  const r = m.result;
  return {
    ...identity(m),
    neutral,
    home_score: r?.ft[0] ?? 0,
    away_score: r?.ft[1] ?? 0,
    winner: r ? (r.ft[0] > r.ft[1] ? 'home' : r.ft[0] < r.ft[1] ? 'away' : null) : null,
    home_shots_on_target: m.stats?.home.shots_on_target ?? null,
    away_shots_on_target: m.stats?.away.shots_on_target ?? null,
    finished: m.status === 'finished' && r !== null,
  };
}
