/**
 * Esports player categories (GET /v1/esports/statistics/players, docs/statistics.md): the generic
 * events per player (lib/statistics/event-players.ts), then `players` — Dota 2 lines from each
 * finished game's latest `box_score` event (lib/esports/types.ts DotaPlayerLine; the OpenDota
 * adapter sends one per game once it is over). Pure, no I/O.
 */
import { dotaHeroName } from '../esports/dota-heroes';
import type { DotaPlayerLine } from '../esports/types';
import { PLAYER_CATEGORIES } from './categories';
import { genericPlayerCategories } from './event-players';
import { teamOf } from './adapt';
import { byName, ratio, toCategory } from './rows';
import type { PlayerCategory, StatsMatch } from './types';

/** The latest `box_score` lines of a match, or null when it has none. */
function latestLines(m: StatsMatch): DotaPlayerLine[] | null {
  for (let i = m.events.length - 1; i >= 0; i--) {
    const e = m.events[i];
    if (e.type === 'box_score' && Array.isArray(e.detail.players)) return e.detail.players as DotaPlayerLine[];
  }
  return null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

/**
 * `events` (generic) and `players` (Dota 2 box scores) over finished matches. A line is per
 * (player, team): team = the name of the line's side in that game. `kda` = (kills + assists) /
 * max(deaths, 1); GPM and XPM are means over the games that give them; last hits and denies
 * sums (null when no game gives them); `heroes` the hero ids, `hero_names` their names
 * (lib/esports/dota-heroes.ts; an id the table lacks stays a number). Order: kills desc, KDA desc,
 * name. Throws nothing.
 */
export function esportsPlayerCategories(matches: readonly StatsMatch[]): PlayerCategory[] {
  type Acc = {
    player: string;
    team: string | null;
    games: number;
    kills: number;
    deaths: number;
    assists: number;
    gpm: number[];
    xpm: number[];
    last_hits: number | null;
    denies: number | null;
    heroes: number[];
  };
  const lines = new Map<string, Acc>();
  for (const m of matches) {
    for (const p of latestLines(m) ?? []) {
      if (typeof p?.player !== 'string' || (p.side !== 'home' && p.side !== 'away')) continue;
      const team = teamOf(m, p.side);
      const key = `${team ?? ''}\u0000${p.player}`;
      let l = lines.get(key);
      if (!l)
        lines.set(
          key,
          (l = {
            player: p.player,
            team,
            games: 0,
            kills: 0,
            deaths: 0,
            assists: 0,
            gpm: [],
            xpm: [],
            last_hits: null,
            denies: null,
            heroes: [],
          }),
        );
      l.games += 1;
      l.kills += num(p.kills) ?? 0;
      l.deaths += num(p.deaths) ?? 0;
      l.assists += num(p.assists) ?? 0;
      const g = num(p.gold_per_min);
      const x = num(p.xp_per_min);
      if (g !== null) l.gpm.push(g);
      if (x !== null) l.xpm.push(x);
      const lh = num(p.last_hits);
      const dn = num(p.denies);
      if (lh !== null) l.last_hits = (l.last_hits ?? 0) + lh;
      if (dn !== null) l.denies = (l.denies ?? 0) + dn;
      if (Number.isInteger(p.hero_id) && !l.heroes.includes(p.hero_id as number)) l.heroes.push(p.hero_id as number);
    }
  }
  const mean = (xs: number[]) =>
    xs.length
      ? ratio(
          xs.reduce((a, b) => a + b, 0),
          xs.length,
          1,
        )
      : null;
  const rows = [...lines.values()]
    .map((l) => ({
      player: l.player,
      team: l.team,
      games: l.games,
      kills: l.kills,
      deaths: l.deaths,
      assists: l.assists,
      kda: ratio(l.kills + l.assists, Math.max(l.deaths, 1), 2),
      gold_per_min: mean(l.gpm),
      xp_per_min: mean(l.xpm),
      last_hits: l.last_hits,
      denies: l.denies,
      heroes: l.heroes.join(','),
      hero_names: l.heroes.map((h) => dotaHeroName(h) ?? String(h)).join(','),
    }))
    .sort((a, b) => b.kills - a.kills || (b.kda ?? 0) - (a.kda ?? 0) || byName(a, b));
  return [...genericPlayerCategories(matches), toCategory(PLAYER_CATEGORIES.esports[1], rows)];
}
