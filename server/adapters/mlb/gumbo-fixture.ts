/**
 * MLB Stats API games → Scoreline fixtures (the adapter contract's sport fixture, league `mlb`
 * as the bundled Retrosheet seasons, season = the MLB season year, teams by their full names as
 * lib/import/retrosheet-teams.ts names them), and the schedule's games to follow. Pure.
 */
import type { ScheduleGame, GumboFeed } from './gumbo-schema';
import { ScheduleGameSchema, ScheduleSchema } from './gumbo-schema';
import { mlbSourceKey } from './gumbo-events';

/** A fixture in the shape of the adapter contract's sport fixture (server/adapters/types.ts). */
export interface MlbFixture {
  sport: 'baseball';
  source_key: string;
  competition: 'mlb';
  competition_name: 'Major League Baseball';
  season: string;
  round: string | null;
  group: null;
  venue: string | null;
  kickoff: string;
  home_team: string;
  away_team: string;
}

/** MLB `gameType` → round: regular season (R) null; postseason rounds named so lib/match/playoff-round.ts keeps them out of the standings. */
const ROUNDS: Readonly<Record<string, string>> = {
  F: 'Wild Card Series (play-offs)',
  D: 'Division Series (play-offs)',
  L: 'League Championship Series (play-offs)',
  W: 'World Series (play-offs)',
};

/** True for the game types the adapter follows: regular season (R) and postseason (F, D, L, W); not spring training, exhibitions or the All-Star Game. */
export function isFollowedGameType(type: string | null | undefined): boolean {
  return (type ?? 'R') === 'R' || type! in ROUNDS;
}

/** The game's schedule state: 'live' (abstractGameState Live), 'final', 'postponed', 'scheduled'. */
export type MlbGameState = 'scheduled' | 'live' | 'final' | 'postponed';

/** Reads a status object of the schedule or the feed. */
export function gameState(status: { abstractGameState: string; detailedState?: string | null }): MlbGameState {
  if (/^(Postponed|Cancelled)/.test(status.detailedState ?? '')) return 'postponed';
  if (status.abstractGameState === 'Live') return 'live';
  if (status.abstractGameState === 'Final') return 'final';
  return 'scheduled';
}

const iso = (t: string): string => new Date(t).toISOString().replace('.000Z', 'Z');

/** The fixture of a live feed: kickoff `gameData.datetime.dateTime` (UTC), venue, teams, season. */
export function fixtureOfFeed(feed: GumboFeed): MlbFixture {
  const g = feed.gameData;
  return {
    sport: 'baseball',
    source_key: mlbSourceKey(feed.gamePk),
    competition: 'mlb',
    competition_name: 'Major League Baseball',
    season: g.game.season,
    round: ROUNDS[g.game.type ?? 'R'] ?? null,
    group: null,
    venue: g.venue?.name ?? null,
    kickoff: iso(g.datetime.dateTime),
    home_team: g.teams.home.name,
    away_team: g.teams.away.name,
  };
}

/** The fixture of a schedule game (before its feed is read). */
export function fixtureOfScheduleGame(g: ScheduleGame): MlbFixture {
  return {
    sport: 'baseball',
    source_key: mlbSourceKey(g.gamePk),
    competition: 'mlb',
    competition_name: 'Major League Baseball',
    season: g.season ?? g.gameDate.slice(0, 4),
    round: ROUNDS[g.gameType ?? 'R'] ?? null,
    group: null,
    venue: g.venue?.name ?? null,
    kickoff: iso(g.gameDate),
    home_team: g.teams.home.team.name,
    away_team: g.teams.away.team.name,
  };
}

/**
 * The games of a schedule response (every date), each checked on its own.
 * @returns the usable games and the skipped items with their reason
 * @throws ZodError when the body is not a schedule at all (no usable `dates`)
 */
export function scheduleGames(body: unknown): { games: ScheduleGame[]; skipped: { item: string; reason: string }[] } {
  const s = ScheduleSchema.parse(body);
  const games: ScheduleGame[] = [];
  const skipped: { item: string; reason: string }[] = [];
  s.dates.forEach((d, i) =>
    d.games.forEach((raw, j) => {
      const g = ScheduleGameSchema.safeParse(raw);
      if (g.success) games.push(g.data);
      else
        skipped.push({ item: `schedule dates[${i}].games[${j}]`, reason: g.error.issues[0]?.message ?? 'malformed' });
    }),
  );
  return { games, skipped };
}
