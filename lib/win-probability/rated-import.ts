/** Imported matches (lib/import) as the ratings read them (types.ts RatedResult). */
import type { ImportedSportMatch } from '../rules/contract';
import { tennisRoundOrder } from './prematch';
import type { RatedResult } from './types';

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
    fixture_id: m.source_key,
    kickoff: m.kickoff,
    season: m.season,
    competition: m.competition,
    home: m.home_team,
    away: m.away_team,
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
        }
      : {}),
    // A tennis walkover has no play: predicted like a scheduled match, never rated.
    finished: m.status === 'finished' && m.result !== null && !(m.sport === 'tennis' && d.outcome === 'walkover'),
  };
}
