import { getCompetition } from '@/lib/catalogue/competitions';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db';
import * as t from '../schema';
import { listSeasons } from './get-seasons';

export interface LeagueSeasons {
  slug: string;
  name: string;
  /** Seasons, current first (lib/seasons/stage.ts orderSeasons: real seasons newest first, then replays). */
  seasons: string[];
}

/**
 * The leagues of a sport with their seasons (for the dashboard's league and season pickers),
 * ordered by name. Seasons are in the API's order, the current one first (archived replay cycles
 * are left out).
 */
export async function listLeagues(tx: Tx, sport: string): Promise<LeagueSeasons[]> {
  const rows = await listSeasons(tx, sport);
  const bySlug = new Map<string, LeagueSeasons>();
  for (const r of rows) {
    const l = bySlug.get(r.slug) ?? { slug: r.slug, name: baseLeagueName(r.slug, r.name), seasons: [] };
    l.seasons.push(r.season);
    bySlug.set(r.slug, l);
  }
  return [...bySlug.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A league's name without a season: the catalogue's name, else a season's name without its year
 * and replay mark ("FIFA World Cup 2022 (replay)" → "FIFA World Cup").
 */
export function baseLeagueName(slug: string, seasonName: string): string {
  return getCompetition(slug)?.name ?? seasonName.replace(/\s+\(replay\)$/, '').replace(/\s+\d{4}([/-]\d{2,4})?$/, '');
}

/** The display name of league `slug` of `sport` (its slug when it has no season). */
export async function leagueName(tx: Tx, sport: string, slug: string): Promise<string> {
  const [r] = await tx
    .select({ name: t.competitions.name })
    .from(t.competitions)
    .where(and(eq(t.competitions.sport, sport), eq(t.competitions.slug, slug)))
    .limit(1);
  return r ? baseLeagueName(slug, r.name) : slug;
}

/** The sports that have at least one competition in the store (others need no queries). */
export async function listSportsWithLeagues(tx: Tx): Promise<string[]> {
  const rows = await tx.selectDistinct({ sport: t.competitions.sport }).from(t.competitions);
  return rows.map((r) => r.sport);
}
