/**
 * The team-name mapping table of The Odds API, per Scoreline sport: every name is compared by its
 * normalised key (case, accents, punctuation folded: lib/catalogue/teams.ts — football also drops
 * FC/AFC/… and goes through the club alias table lib/catalogue/team-aliases.ts), after the Odds
 * API's own spellings below are turned into the name Scoreline stores. Pure. docs/adapters.md
 * "odds-api" mapping.
 */
import { canonicalTeamName, normalizeTeamKey, teamKeyFor } from '@/lib/catalogue/teams';
import type { Sport } from '@/lib/sports';

/**
 * Per sport: Scoreline's name → the Odds API's other spellings (only where the normalised keys
 * differ). Football's club names are in lib/catalogue/team-aliases.ts already (`Brighton and Hove
 * Albion`, `Wolverhampton Wanderers`, …); the ones listed here are Odds API spellings it lacks.
 */
export const ODDS_API_TEAM_ALIASES: Readonly<Partial<Record<Sport, Readonly<Record<string, readonly string[]>>>>> = {
  football: {
    'Paris Saint-Germain': ['Paris Saint Germain', 'PSG'],
    'Inter Milan': ['Inter', 'Internazionale'],
    'Atlético Madrid': ['Atletico Madrid', 'Atlético de Madrid'],
    'Athletic Club': ['Athletic Bilbao'],
    'AC Milan': ['Milan'],
  },
  basketball: {
    'Los Angeles Clippers': ['LA Clippers'],
  },
  'ice-hockey': {
    'Utah Hockey Club': ['Utah HC', 'Utah Mammoth'],
    'Montreal Canadiens': ['Montréal Canadiens'],
  },
};

const keyOf = (sport: Sport, name: string) =>
  sport === 'football' ? normalizeTeamKey(canonicalTeamName(name)) : teamKeyFor(sport, name);

const INDEX = new Map<Sport, Map<string, string>>();
for (const [sport, table] of Object.entries(ODDS_API_TEAM_ALIASES) as [Sport, Record<string, readonly string[]>][]) {
  const m = new Map<string, string>();
  for (const [name, aliases] of Object.entries(table))
    for (const a of [name, ...aliases]) m.set(keyOf(sport, a), keyOf(sport, name));
  INDEX.set(sport, m);
}

/**
 * The key a team name of `sport` is compared by, whichever side spelled it (the Odds API or a
 * stored fixture): `Brighton and Hove Albion` and `Brighton` → one key; `LA Clippers` and `Los
 * Angeles Clippers` → one key. Never throws.
 */
export function teamMatchKey(sport: Sport, name: string): string {
  const memo = `${sport}|${name}`;
  const hit = SEEN.get(memo);
  if (hit !== undefined) return hit;
  const k = keyOf(sport, name);
  const key = INDEX.get(sport)?.get(k) ?? k;
  if (SEEN.size >= 10_000) SEEN.clear();
  SEEN.set(memo, key);
  return key;
}

/** Keys already computed (a poll asks for the same few hundred names again and again); cleared past 10,000. */
const SEEN = new Map<string, string>();
