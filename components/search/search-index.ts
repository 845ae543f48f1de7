/**
 * Search over the store's leagues and teams, every sport: a league matches on its name or slug,
 * a team on its name (case and accents ignored, every word must appear). Teams are read from the
 * leagues' standings tables of their two latest seasons (components/calendar loadLeagueTeams).
 * Server-only.
 */
import { loadLeagueTeams } from '@/components/calendar/load-calendar';
import { SPORTS } from '@/lib/sports';
import type { ReadDeps } from '@/server/read/deps';
import { listLeagues } from '@/server/read/list-leagues';
import { isReadFailure } from '@/server/read/result';

export interface SearchHit {
  kind: 'team' | 'league';
  sport: string;
  name: string;
  /** League slug (league hits) or the league a team was found in. */
  league: string;
  season: string;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether every word of `q` appears in `name` (case- and accent-insensitive). */
export function matches(name: string, q: string): boolean {
  const n = fold(name);
  return fold(q)
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => n.includes(w));
}

/** Leagues then teams matching `q` (≥ 2 characters), at most `limit` of each. Errors: store errors propagate. */
export async function search(
  deps: ReadDeps,
  q: string,
  limit = 30,
): Promise<{ leagues: SearchHit[]; teams: SearchHit[] }> {
  if (q.trim().length < 2) return { leagues: [], teams: [] };
  const leagues: SearchHit[] = [];
  const teams = new Map<string, SearchHit>();
  for (const sport of SPORTS) {
    const list = await listLeagues(deps, sport);
    for (const l of list) {
      if (matches(`${l.name} ${l.slug}`, q))
        leagues.push({ kind: 'league', sport, name: l.name, league: l.slug, season: l.seasons[0] ?? '' });
      if (teams.size >= limit) continue;
      const found = await loadLeagueTeams(
        deps,
        sport,
        l.slug,
        l.seasons.filter((s) => !s.includes('replay')).slice(0, 2),
      ).catch(() => []);
      const names = isReadFailure(found) ? [] : found;
      for (const t of names)
        if (matches(t, q) && !teams.has(`${sport}:${t}`))
          teams.set(`${sport}:${t}`, { kind: 'team', sport, name: t, league: l.slug, season: l.seasons[0] ?? '' });
    }
  }
  return { leagues: leagues.slice(0, limit), teams: [...teams.values()].slice(0, limit) };
}
