/**
 * bench/adapters.ts rows of the `mlb` and `nba` sources (bench/README.md "Source adapters"): the
 * recorded GUMBO feed of HOU 3 @ TOR 1 (744914) cut by plate appearances, and the recorded
 * play-by-play of GSW 99 @ BKN 125 (0022000001) cut by actions, each with its mapper and a local
 * upstream route at the upstream's real paths (the NBA scoreboard built from the recorded box
 * score's header: it was not recorded). Run through bench/adapters.ts:
 *
 *   node --import tsx bench/adapters.ts --adapters=mlb,nba
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mapGumboEvents } from '@/server/adapters/mlb/gumbo-events';
import { GumboFeedSchema } from '@/server/adapters/mlb/gumbo-schema';
import { mapPlayByPlay } from '@/server/adapters/nba/cdn-events';
import { gameInfoOfBox } from '@/server/adapters/nba/cdn-game';
import { NbaBoxScoreSchema } from '@/server/adapters/nba/cdn-schema';
import type { AdapterBench } from './adapters';

const upstreamFile = (p: string) => fileURLToPath(new URL(`../test/fixtures/upstream/${p}`, import.meta.url));
const readJson = (file: string): any => JSON.parse(fs.readFileSync(file, 'utf8'));
const LIVE = { abstractGameState: 'Live', codedGameState: 'I', detailedState: 'In Progress' };

/** mlb: the recorded GUMBO feed of HOU 3 @ TOR 1 (744914), cut by plate appearances; `metaData.wait` set to the interval. */
export const mlbBenchRow = (): AdapterBench => {
  const file = upstreamFile('mlb-statsapi/game_744914_feed_live.json');
  const feed = readJson(file);
  const schedule = readJson(upstreamFile('mlb-statsapi/schedule_sportId1_2024-07-01.json'));
  const plays: unknown[] = feed.liveData.plays.allPlays;
  let wait = 1;
  const at = (cut: number) => {
    if (cut >= plays.length) return { ...feed, metaData: { ...feed.metaData, wait } };
    return {
      ...feed,
      metaData: { ...feed.metaData, wait },
      gameData: { ...feed.gameData, status: LIVE },
      liveData: { ...feed.liveData, plays: { ...feed.liveData.plays, allPlays: plays.slice(0, cut) } },
    };
  };
  return {
    name: 'mlb',
    file,
    length: plays.length,
    at,
    map: (body) => mapGumboEvents(GumboFeedSchema.parse(body)).events.map((e) => e.event),
    route: (cut) => (path) => {
      if (path.startsWith('/api/v1/schedule')) return { body: { ...schedule, dates: [] } };
      if (path === '/api/v1.1/game/744914/feed/live') return { body: at(cut()) };
      return undefined;
    },
    env: (url, s) => {
      wait = s;
      return {
        SOURCES: 'mlb',
        MLB_STATSAPI_URL: url,
        MLB_GAME_PKS: '744914',
        MLB_INTERVAL_SECONDS: String(s),
        MLB_IDLE_INTERVAL_SECONDS: String(s),
        MLB_REQUESTS_PER_MINUTE: '600',
      };
    },
    channel: 'baseball.live',
  };
};

/** nba: the recorded play-by-play of GSW 99 @ BKN 125 (0022000001), cut by actions; a scoreboard built from the box score's header. */
export const nbaBenchRow = (): AdapterBench => {
  const file = upstreamFile('nba-cdn/playbyplay_0022000001.json');
  const pbp = readJson(file);
  const box = readJson(upstreamFile('nba-cdn/boxscore_0022000001.json'));
  const info = gameInfoOfBox(NbaBoxScoreSchema.parse(box));
  const actions: unknown[] = pbp.game.actions;
  const at = (cut: number) =>
    cut >= actions.length ? pbp : { ...pbp, game: { ...pbp.game, actions: actions.slice(0, cut) } };
  const team = (t: any) => ({
    teamId: t.teamId,
    teamName: t.teamName,
    teamCity: t.teamCity,
    teamTricode: t.teamTricode,
  });
  const board = (final: boolean) => ({
    scoreboard: {
      games: [
        {
          gameId: box.game.gameId,
          gameStatus: final ? 3 : 2,
          gameTimeUTC: box.game.gameTimeUTC,
          homeTeam: team(box.game.homeTeam),
          awayTeam: team(box.game.awayTeam),
        },
      ],
    },
  });
  return {
    name: 'nba',
    file,
    length: actions.length,
    at,
    map: (body) => mapPlayByPlay(body, info).events.map((e) => e.event),
    route: (cut) => (path) => {
      const final = cut() >= actions.length;
      if (path.endsWith('/todaysScoreboard_00.json')) return { body: board(final) };
      if (path.endsWith('/playbyplay_0022000001.json')) return { body: at(cut()) };
      if (path.endsWith('/boxscore_0022000001.json') && final) return { body: box };
      return undefined;
    },
    env: (url, s) => ({
      SOURCES: 'nba',
      NBA_CDN_URL: url,
      NBA_GAME_IDS: box.game.gameId,
      NBA_INTERVAL_SECONDS: String(s),
      NBA_IDLE_INTERVAL_SECONDS: String(s),
      NBA_REQUESTS_PER_MINUTE: '600',
    }),
    channel: 'basketball.live',
  };
};

/** The rows, by adapter name, for bench/adapters.ts's ADAPTERS. */
export const mlbNbaBenchRows = (): Record<string, () => AdapterBench> => ({ mlb: mlbBenchRow, nba: nbaBenchRow });
