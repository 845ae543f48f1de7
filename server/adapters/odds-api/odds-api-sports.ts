/**
 * The Odds API sport keys → Scoreline sports, and the league a sport key becomes when this source
 * owns it (ODDS_API_OWN_SPORTS: a league no other source follows). Pure. docs/adapters.md "odds-api".
 */
import type { Sport } from '@/lib/sports';

/** Sport-key prefix (the part before the first `_`, `rugbyunion` / `rugbyleague` whole) → Scoreline sport. */
export const SPORT_OF_PREFIX: Readonly<Record<string, Sport>> = {
  soccer: 'football',
  basketball: 'basketball',
  icehockey: 'ice-hockey',
  baseball: 'baseball',
  tennis: 'tennis',
  cricket: 'cricket',
  rugbyunion: 'rugby',
  rugbyleague: 'rugby',
  mma: 'mma',
};

/** Sports whose `/scores` this source turns into match events (an owned league's fixtures must be one of them). */
export const SCORED_SPORTS: readonly Sport[] = ['ice-hockey', 'basketball'];

/** The Scoreline sport of an Odds API sport key (`icehockey_nhl` → `ice-hockey`), or null for a sport Scoreline does not serve. */
export function sportOfKey(key: string): Sport | null {
  return SPORT_OF_PREFIX[key.split('_')[0]] ?? null;
}

/** The league of an owned sport key: slug from the key without its sport prefix (`icehockey_sweden_hockey_league` → `sweden-hockey-league`), name the API's title. */
export function ownLeague(key: string, title: string | undefined): { slug: string; name: string } {
  const slug = key.split('_').slice(1).join('-').slice(0, 64) || key.replace(/_/g, '-');
  return { slug, name: (title ?? slug).trim().slice(0, 120) || slug };
}

/**
 * The season label of a fixture kicking off at `kickoff` (ISO UTC): leagues that span the new year
 * (ice hockey, basketball) `2024-25` from July on, else the calendar year `2025`.
 */
export function seasonOf(sport: Sport, kickoff: string): string {
  const d = new Date(kickoff);
  const y = d.getUTCFullYear();
  if (sport !== 'ice-hockey' && sport !== 'basketball') return String(y);
  const start = d.getUTCMonth() >= 6 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
