/**
 * cdn.nba.com games → Scoreline fixtures: league `nba` (as the bundled FiveThirtyEight seasons),
 * the season from the game id (`00` + type + season year: 0022000001 → regular season 2020-21),
 * teams by the bundled 2022-23 table's names where the tricode is one of them (BKN → Brooklyn
 * Nets), else "{teamCity} {teamName}". Pure.
 */
import { NBA_TEAMS_2022_23 } from '@/lib/basketball/teams';
import type { NbaBoxScore, NbaGame, NbaTeam } from './cdn-schema';

/** One followed game: its id, teams (home/away with the CDN team id) and fixture facts. */
export interface NbaGameInfo {
  gameId: string;
  home: { teamId: number; name: string };
  away: { teamId: number; name: string };
  kickoff: string | null;
  venue: string | null;
  /** 1 scheduled, 2 live, 3 final (null when unknown). */
  status: number | null;
  postponed: boolean;
}

/** A fixture in the shape of the adapter contract's sport fixture (server/adapters/types.ts). */
export interface NbaFixture {
  sport: 'basketball';
  source_key: string;
  competition: 'nba';
  competition_name: 'NBA';
  season: string;
  round: string | null;
  group: null;
  venue: string | null;
  kickoff: string;
  home_team: string;
  away_team: string;
}

/** The Scoreline source key of a game: `nba/<gameId>`. */
export const nbaSourceKey = (gameId: string): string => `nba/${gameId}`;

/** NBA tricodes that the bundled table (Basketball-Reference style) spells otherwise. */
const TRICODE_ALIASES: Readonly<Record<string, string>> = { BKN: 'BRK', CHA: 'CHO', PHX: 'PHO' };

/** A team's display name: the bundled table's for its tricode, else "{teamCity} {teamName}", else its tricode or id. */
export function nbaTeamName(t: NbaTeam): string {
  const code = t.teamTricode ?? '';
  const bundled = NBA_TEAMS_2022_23[TRICODE_ALIASES[code] ?? code];
  if (bundled) return bundled.name;
  const own = [t.teamCity, t.teamName].filter(Boolean).join(' ');
  return own || code || String(t.teamId);
}

/**
 * Game type (3rd digit of the id): 1 pre-season, 2 regular season, 3 All-Star, 4 playoffs,
 * 5 play-in, 6 NBA Cup final. The adapter follows 2, 4, 5 and 6.
 */
export function isFollowedGameId(gameId: string): boolean {
  return /^00[2456]\d{7}$/.test(gameId);
}

/** Season label of a game id: `0022000001` → `2020-21`. */
export function nbaSeasonOf(gameId: string): string {
  const y = 2000 + Number(gameId.slice(3, 5));
  return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
}

/** Round of a game id: playoffs `Playoffs`, play-in `Play-in` (both knockout rounds for the standings), else null. */
function roundOf(gameId: string): string | null {
  const type = gameId[2];
  return type === '4' ? 'Playoffs' : type === '5' ? 'Play-in' : type === '6' ? 'NBA Cup final (play-offs)' : null;
}

const iso = (t: string): string => new Date(t).toISOString().replace('.000Z', 'Z');

/** The game as the scoreboard or the season schedule lists it. */
export function gameInfoOf(g: NbaGame): NbaGameInfo {
  const t = g.gameDateTimeUTC ?? g.gameTimeUTC ?? null;
  return {
    gameId: g.gameId,
    home: { teamId: g.homeTeam.teamId, name: nbaTeamName(g.homeTeam) },
    away: { teamId: g.awayTeam.teamId, name: nbaTeamName(g.awayTeam) },
    kickoff: t ? iso(t) : null,
    venue: g.arenaName ?? null,
    status: g.gameStatus ?? null,
    postponed: /postpon|\bppd\b/i.test(`${g.postponedStatus === 'Y' ? 'postponed' : ''} ${g.gameStatusText ?? ''}`),
  };
}

/** The game as its box score describes it. */
export function gameInfoOfBox(b: NbaBoxScore): NbaGameInfo {
  const g = b.game;
  return {
    gameId: g.gameId,
    home: { teamId: g.homeTeam.teamId, name: nbaTeamName(g.homeTeam) },
    away: { teamId: g.awayTeam.teamId, name: nbaTeamName(g.awayTeam) },
    kickoff: g.gameTimeUTC ? iso(g.gameTimeUTC) : null,
    venue: g.arena?.arenaName ?? null,
    status: g.gameStatus ?? null,
    postponed: /postpon|\bppd\b/i.test(g.gameStatusText ?? ''),
  };
}

/**
 * The fixture of a game. `kickoff` falls back to `fallbackKickoff` (ISO UTC) when the CDN
 * gave none (a game followed by id before any scoreboard or box score named its time).
 */
export function fixtureOfGame(g: NbaGameInfo, fallbackKickoff: string): NbaFixture {
  return {
    sport: 'basketball',
    source_key: nbaSourceKey(g.gameId),
    competition: 'nba',
    competition_name: 'NBA',
    season: nbaSeasonOf(g.gameId),
    round: roundOf(g.gameId),
    group: null,
    venue: g.venue,
    kickoff: g.kickoff ?? fallbackKickoff,
    home_team: g.home.name,
    away_team: g.away.name,
  };
}
