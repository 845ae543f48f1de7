import { TEAM_ALIASES } from './team-aliases';
import { featuresOf } from '@/lib/sport-features';

/**
 * Words dropped from a team name when building its lookup key: legal-form/club-type affixes
 * (FC, AFC, CF, SC, SV, VfL, VfB, TSG, FSV, AC, AS, SSC, …). Numbers (founding years such as
 * 1846, club numbers such as 04/05, the "1." of "1. FC") are dropped separately.
 */
const AFFIXES = new Set([
  'fc',
  'afc',
  'cf',
  'sc',
  'sv',
  'ssv',
  'tsv',
  'vfl',
  'vfb',
  'tsg',
  'fsv',
  'bv',
  'ac',
  'as',
  'ssc',
  'us',
  'ud',
  'cd',
  'sd',
  'rc',
  'rcd',
  'ca',
  'club',
  'de',
]);

/**
 * Builds the alias lookup key of a team name: lowercase, diacritics stripped (NFD), `&` → `and`,
 * apostrophes removed (`Nott'm` → `nottm`), other punctuation → space, affix words and numeric
 * tokens removed, whitespace collapsed. If removing affixes would leave nothing, they are kept.
 * @param name team name in any spelling, e.g. `1. FC Heidenheim 1846`
 * @returns key, e.g. `heidenheim`; `Brighton & Hove Albion FC` → `brighton and hove albion`
 */
export function normalizeTeamKey(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const kept = words.filter((w) => !AFFIXES.has(w) && !/^\d+$/.test(w));
  return (kept.length > 0 ? kept : words).join(' ');
}

/**
 * The alias key of a team or player name in `sport`. Football reconciles club spellings
 * ({@link normalizeTeamKey}: affixes such as FC and numbers dropped); every other sport only folds
 * case, accents and punctuation, so "Sample Fighter 1" and "Sample Fighter 3" stay two names.
 */
export function teamKeyFor(sport: string, name: string): string {
  if (featuresOf(sport).catalogue) return normalizeTeamKey(name);
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function buildIndex(table: Readonly<Record<string, readonly string[]>>): Map<string, string> {
  const index = new Map<string, string>();
  for (const [canonical, aliases] of Object.entries(table)) {
    for (const spelling of [canonical, ...aliases]) {
      const key = normalizeTeamKey(spelling);
      const existing = index.get(key);
      if (existing !== undefined && existing !== canonical) {
        throw new Error(`team alias key "${key}" (${spelling}) maps to both ${existing} and ${canonical}`);
      }
      index.set(key, canonical);
    }
  }
  return index;
}

const INDEX = buildIndex(TEAM_ALIASES);

/**
 * Returns the one canonical display name of a football team, whatever source spelled it:
 * openfootball (`Manchester United FC`, `FC Bayern München`), football-data.co.uk
 * (`Man United`, `Bayern Munich`, `Nott'm Forest`, `M'gladbach`) or StatsBomb (`Barcelona`).
 * Lookup is by {@link normalizeTeamKey} in the alias table of lib/catalogue/team-aliases.ts.
 * Names not in the table (national teams, unlisted clubs) are returned trimmed but otherwise
 * unchanged. Never throws.
 * @param name source spelling
 * @returns canonical name, e.g. `Manchester United`, `Bayern Munich`, `Nottingham Forest`
 */
export function canonicalTeamName(name: string): string {
  return INDEX.get(normalizeTeamKey(name)) ?? name.trim();
}

/** Canonical names known to the alias table (for catalogue listings and tests). */
export function knownCanonicalTeams(): string[] {
  return Object.keys(TEAM_ALIASES);
}
