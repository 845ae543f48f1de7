/**
 * Esports league tables from finished series (pure; no I/O).
 *
 * `/v1/esports/standings` serves one table per competition and season:
 *   played, wins, losses            series (a series cannot be drawn)
 *   maps_won, maps_lost, map_difference       from the series score (`result.home`/`away`)
 *   rounds_won, rounds_lost, round_difference from `result.detail.maps` (0 when the result
 *                                   has no maps, e.g. a forfeit)
 * Order: wins, map difference, round difference, maps won, team name (no head-to-head step).
 */
import type { ImportedSportMatch, Side } from '../rules/contract';
import { otherSide } from '../rules/sides';
import { compareNames } from '../rules/standings-groups';
import type { EsportsResultDetail } from './types';

/** One team's line in the table. */
export interface EsportsStandingRow {
  /** 1..n, no shared positions. */
  position: number;
  team: string;
  played: number;
  wins: number;
  losses: number;
  maps_won: number;
  maps_lost: number;
  map_difference: number;
  rounds_won: number;
  rounds_lost: number;
  round_difference: number;
}

/**
 * A league table from finished esports fixtures (`result` maps won, `result.detail` an
 * {@link EsportsResultDetail}); other sports and unfinished series are skipped.
 * @throws RangeError when a finished series has no winner or a level score
 */
export function computeEsportsStandings(matches: readonly ImportedSportMatch[]): EsportsStandingRow[] {
  const rows = new Map<string, EsportsStandingRow>();
  const line = (team: string) => {
    const r = rows.get(team) ?? {
      position: 0,
      team,
      played: 0,
      wins: 0,
      losses: 0,
      maps_won: 0,
      maps_lost: 0,
      map_difference: 0,
      rounds_won: 0,
      rounds_lost: 0,
      round_difference: 0,
    };
    rows.set(team, r);
    return r;
  };
  for (const m of matches) {
    if (m.sport !== 'esports' || m.status !== 'finished' || !m.result) continue;
    const { winner } = m.result;
    if (!winner || m.result.home === m.result.away)
      throw new RangeError(`${m.source_key}: a finished series needs a winner`);
    const maps = (m.result.detail as Partial<EsportsResultDetail>).maps ?? [];
    const team: Record<Side, EsportsStandingRow> = { home: line(m.home_team), away: line(m.away_team) };
    for (const side of ['home', 'away'] as const) {
      const r = team[side];
      const o = otherSide(side);
      r.played += 1;
      r[side === winner ? 'wins' : 'losses'] += 1;
      r.maps_won += m.result[side];
      r.maps_lost += m.result[o];
      r.map_difference = r.maps_won - r.maps_lost;
      for (const map of maps) {
        r.rounds_won += map[side];
        r.rounds_lost += map[o];
      }
      r.round_difference = r.rounds_won - r.rounds_lost;
    }
  }
  const table = [...rows.values()].sort(
    (a, b) =>
      b.wins - a.wins ||
      b.map_difference - a.map_difference ||
      b.round_difference - a.round_difference ||
      b.maps_won - a.maps_won ||
      compareNames(a.team, b.team),
  );
  table.forEach((r, i) => (r.position = i + 1));
  return table;
}
