/**
 * Tennis "standings": a season win–loss table per player, from results. Pure, no I/O.
 *
 * ─── docs-ready: tennis standings (docs/sports/tennis.md) ────────────────────────────────────
 * Tennis has rankings (ATP points over a rolling 52 weeks), not league tables; Scoreline does
 * not compute ranking points. `/v1/tennis/standings` serves a season win–loss table instead:
 *   matches, wins, losses     matches played to a result; a walkover is not a match played
 *                             (ATP win–loss records exclude walkovers); a retirement or default
 *                             counts as a win and a loss
 *   win_pct                   wins / matches, 3 decimals (null with no match)
 *   sets_won, sets_lost       finished sets (an unfinished set at a retirement is not counted;
 *                             a match tie-break counts as a set)
 *   games_won, games_lost     every game in the score, unfinished sets included (a match
 *                             tie-break counts as one game, as the ATP counts it)
 *   titles                    finals won (round `F`), except in team events (United Cup, ATP Cup,
 *                             Laver Cup, Davis Cup, Hopman Cup), whose final is a tie between
 *                             teams, not a title (the Olympic final counts, as the ATP counts it)
 * Order: wins, then win %, then fewer losses, then name.
 * ─────────────────────────────────────────────────────────────────────────────────────────────
 */
import type { ImportedSportMatch, Side } from '../rules/contract';

export interface TennisStandingRow {
  position: number;
  player: string;
  matches: number;
  wins: number;
  losses: number;
  win_pct: number | null;
  sets_won: number;
  sets_lost: number;
  games_won: number;
  games_lost: number;
  titles: number;
}

/** Team competitions whose final is not a title. */
const TEAM_EVENTS = /United Cup|ATP Cup|Laver Cup|Davis ?Cup|Hopman ?Cup/i;

/**
 * Win–loss table from finished tennis matches (lib/import/sackmann.ts result.detail shape:
 * {sets: [[h,a]…], set_tiebreaks, outcome}). Other sports and unfinished matches are skipped.
 */
export function computeTennisStandings(matches: readonly ImportedSportMatch[]): TennisStandingRow[] {
  const rows = new Map<string, TennisStandingRow>();
  const row = (player: string) => {
    let r = rows.get(player);
    if (!r) {
      r = {
        position: 0,
        player,
        matches: 0,
        wins: 0,
        losses: 0,
        win_pct: null,
        sets_won: 0,
        sets_lost: 0,
        games_won: 0,
        games_lost: 0,
        titles: 0,
      };
      rows.set(player, r);
    }
    return r;
  };
  for (const m of matches) {
    if (m.sport !== 'tennis' || m.status !== 'finished' || !m.result?.winner) continue;
    const d = m.result.detail as { sets?: [number, number][]; outcome?: string };
    if (d.outcome === 'walkover') continue;
    const name: Record<Side, string> = { home: m.home_team, away: m.away_team };
    const w = m.result.winner;
    const l: Side = w === 'home' ? 'away' : 'home';
    row(name[w]).matches += 1;
    row(name[l]).matches += 1;
    row(name[w]).wins += 1;
    row(name[l]).losses += 1;
    const t = (d as { tournament?: unknown }).tournament;
    const tournament =
      typeof t === 'string' ? t : t && typeof t === 'object' ? String((t as { name?: unknown }).name ?? '') : '';
    if (m.round === 'F' && m.competition !== 'davis-cup' && !TEAM_EVENTS.test(tournament)) row(name[w]).titles += 1;
    const sides: Side[] = ['home', 'away'];
    for (const s of sides) {
      const r = row(name[s]);
      r.sets_won += m.result[s];
      r.sets_lost += m.result[s === 'home' ? 'away' : 'home'];
    }
    (d.sets ?? []).forEach((g) => {
      row(name.home).games_won += g[0];
      row(name.home).games_lost += g[1];
      row(name.away).games_won += g[1];
      row(name.away).games_lost += g[0];
    });
  }
  const out = [...rows.values()];
  for (const r of out) r.win_pct = r.matches > 0 ? Math.round((r.wins / r.matches) * 1000) / 1000 : null;
  out.sort(
    (a, b) =>
      b.wins - a.wins || (b.win_pct ?? 0) - (a.win_pct ?? 0) || a.losses - b.losses || a.player.localeCompare(b.player),
  );
  out.forEach((r, i) => (r.position = i + 1));
  return out;
}
