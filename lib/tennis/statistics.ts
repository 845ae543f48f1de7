/**
 * Tennis serve statistics per player, summed over matches. Pure, no I/O.
 *
 * ─── docs-ready: tennis player statistics (docs/sports/tennis.md) ────────────────────────────
 * Sources: ATP results (`sackmann-atp` stats: w_/l_ ace, df, svpt, SvGms, bpSaved, bpFaced)
 * or point-by-point matches (`sackmann-pbp`, counted by lib/tennis/rules.ts).
 *   matches                    matches with serve statistics
 *   aces, double_faults        (point by point: null in matches whose `adf_flag` is 0 — those
 *                              matches are left out of these two sums)
 *   service_points             points served
 *   service_games              service games played (tie-breaks excluded)
 *   service_games_won          pbp: counted; ATP: service_games − (break_points_faced −
 *                              break_points_saved) — each break of serve is one break point
 *                              converted
 *   break_points_faced/saved   points where the returner could win the game / the server won them
 *   bp_saved_pct, service_games_won_pct   ratios, 3 decimals (null when the base is 0)
 * Order: aces, then name.
 * ─────────────────────────────────────────────────────────────────────────────────────────────
 */
import type { ImportedSportMatch, Side } from '../rules/contract';

export interface TennisPlayerStats {
  player: string;
  matches: number;
  aces: number;
  double_faults: number;
  service_points: number;
  service_games: number;
  service_games_won: number;
  break_points_faced: number;
  break_points_saved: number;
  bp_saved_pct: number | null;
  service_games_won_pct: number | null;
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null);

/**
 * Serve statistics per player over `matches` (tennis matches with `stats`; others skipped).
 * A match whose side lacks service_games or break point counts is skipped for that side.
 */
export function computeTennisPlayerStats(matches: readonly ImportedSportMatch[]): TennisPlayerStats[] {
  const rows = new Map<string, TennisPlayerStats>();
  for (const m of matches) {
    if (m.sport !== 'tennis' || !m.stats) continue;
    const sides: Side[] = ['home', 'away'];
    for (const s of sides) {
      const st = m.stats[s];
      const games = st.service_games;
      const faced = st.break_points_faced;
      const saved = st.break_points_saved;
      if (games == null || faced == null || saved == null) continue;
      const player = s === 'home' ? m.home_team : m.away_team;
      let r = rows.get(player);
      if (!r) {
        r = {
          player,
          matches: 0,
          aces: 0,
          double_faults: 0,
          service_points: 0,
          service_games: 0,
          service_games_won: 0,
          break_points_faced: 0,
          break_points_saved: 0,
          bp_saved_pct: null,
          service_games_won_pct: null,
        };
        rows.set(player, r);
      }
      r.matches += 1;
      r.aces += st.aces ?? 0;
      r.double_faults += st.double_faults ?? 0;
      r.service_points += st.service_points ?? 0;
      r.service_games += games;
      r.service_games_won += st.service_games_won ?? Math.max(0, games - (faced - saved));
      r.break_points_faced += faced;
      r.break_points_saved += saved;
    }
  }
  const out = [...rows.values()];
  for (const r of out) {
    r.bp_saved_pct = ratio(r.break_points_saved, r.break_points_faced);
    r.service_games_won_pct = ratio(r.service_games_won, r.service_games);
  }
  return out.sort((a, b) => b.aces - a.aces || a.player.localeCompare(b.player));
}
