/** Stable player ids on the served player tables (GET /v1/{sport}/statistics/players). */
import { playerId } from '../ids';
import type { PlayerRow, PlayerStatistics } from './types';

/** The player tables with each line's stable player id (lib/ids.ts) right after the name. Pure. */
export function withPlayerIds(stats: PlayerStatistics): PlayerStatistics {
  const { sport } = stats;
  return {
    ...stats,
    categories: stats.categories.map((c) => ({
      ...c,
      rows: c.rows.map(
        ({ rank, player, ...rest }) => ({ rank, player, player_id: playerId(sport, player), ...rest }) as PlayerRow,
      ),
    })),
  };
}
