/**
 * `ESPN_LEAGUES`: which ESPN `{sport}/{league}` paths to follow, each mapped to a Scoreline sport
 * and league (created on first sight). Football leagues take the catalogue's slug and name
 * (lib/catalogue/competitions.ts) — a soccer path the catalogue does not hold is refused, as the
 * football tables need a competition's points and tie-breakers; the other sports' leagues are
 * created plain with the slug and name below (docs/adapters.md "ESPN"). Pure.
 */
import { getCompetition } from '@/lib/catalogue/competitions';
import type { EspnLeague } from './espn-common';

/** ESPN sport segment → Scoreline sport. */
const SPORTS: Record<string, EspnLeague['sport']> = {
  soccer: 'football',
  golf: 'golf',
  mma: 'mma',
  tennis: 'tennis',
  cricket: 'cricket',
  rugby: 'rugby',
};

/** ESPN soccer league ids the catalogue holds → catalogue slug. */
export const ESPN_SOCCER: Readonly<Record<string, string>> = {
  'eng.1': 'premier-league',
  'ger.1': 'bundesliga',
  'esp.1': 'laliga',
  'ita.1': 'serie-a',
  'fra.1': 'ligue-1',
  'fifa.world': 'world-cup',
  'uefa.euro': 'euro',
};

/** Known non-football ESPN leagues → Scoreline slug and name (others: `espn-<sport>-<league>`). */
const NAMES: Readonly<Record<string, [string, string]>> = {
  'golf/pga': ['pga-tour', 'PGA Tour'],
  'golf/lpga': ['lpga-tour', 'LPGA Tour'],
  'golf/eur': ['dp-world-tour', 'DP World Tour'],
  'mma/ufc': ['ufc', 'UFC'],
  'tennis/atp': ['atp-tour', 'ATP Tour'],
  'tennis/wta': ['wta-tour', 'WTA Tour'],
  // ESPN's league id of the Big Bash League (its events' `$ref`s: …/cricket/leagues/8044/…); the slug Cricsheet's importer gives it.
  'cricket/8044': ['big-bash-league', 'Big Bash League'],
};

/** A path such as `soccer/eng.1`, `golf/pga`, `cricket/8044`. */
export const ESPN_LEAGUE_PATH = /^(soccer|golf|mma|tennis|cricket|rugby)\/[a-z0-9][a-z0-9._-]{0,40}$/;

/**
 * The league an ESPN path feeds. Errors: Error for a path outside {@link ESPN_LEAGUE_PATH} or a
 * soccer league the catalogue does not hold (config.ts validates ESPN_LEAGUES with this first).
 */
export function espnLeague(path: string): EspnLeague {
  if (!ESPN_LEAGUE_PATH.test(path)) throw new Error(`${path}: not an ESPN {sport}/{league} path this adapter maps`);
  const [sport, id] = path.split('/');
  if (sport === 'soccer') {
    const def = ESPN_SOCCER[id] ? getCompetition(ESPN_SOCCER[id]) : undefined;
    if (!def) throw new Error(`${path}: no catalogue competition (${Object.keys(ESPN_SOCCER).join(', ')})`);
    return { path, sport: 'football', competition: def.slug, competition_name: def.name };
  }
  const [slug, name] = NAMES[path] ?? [`espn-${sport}-${id.replace(/[^a-z0-9]+/g, '-')}`, `ESPN ${sport} ${id}`];
  return { path, sport: SPORTS[sport], competition: slug, competition_name: name };
}

/** Why `path` cannot be followed, or null. */
export function espnLeagueProblem(path: string): string | null {
  try {
    espnLeague(path);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}
