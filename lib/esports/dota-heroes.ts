/**
 * Dota 2 hero names by OpenDota `hero_id`, from odota's dotaconstants `build/heroes.json`
 * (v10.9.0, MIT, © 2017 The OpenDota Project; a byte-for-byte copy with its LICENSE in
 * datasets/esports/dotaconstants/, datasets/README.md). Only that one file is copied: the npm
 * package exports nothing but an index that loads all 6 MB of its tables. Pure.
 */
import heroes from '@/datasets/esports/dotaconstants/heroes.json' with { type: 'json' };

const NAMES: ReadonlyMap<number, string> = new Map(
  Object.values(heroes as Record<string, { id: number; localized_name: string }>).map((h) => [h.id, h.localized_name]),
);

/**
 * The English name of Dota 2 hero `id` ("Terrorblade" for 109, "Nature's Prophet" for 53), or null
 * for null, a non-integer or an id the table does not know (a hero newer than the copy). Throws nothing.
 */
export function dotaHeroName(id: number | null | undefined): string | null {
  return typeof id === 'number' ? (NAMES.get(id) ?? null) : null;
}

/** How many heroes the table knows (127 in v10.9.0). */
export const DOTA_HERO_COUNT = NAMES.size;
