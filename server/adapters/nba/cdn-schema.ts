/**
 * cdn.nba.com liveData / staticData resources the `nba` adapter reads (base
 * `https://cdn.nba.com/static/json`): `liveData/scoreboard/todaysScoreboard_00.json`,
 * `staticData/scheduleLeagueV2.json`, `liveData/playbyplay/playbyplay_{gameId}.json`,
 * `liveData/boxscore/boxscore_{gameId}.json` and `liveData/odds/odds_todaysGames.json`. No official
 * documentation exists; shapes are those of the recorded responses (test/fixtures/upstream/nba-cdn/)
 * and of open-source clients (swar/nba_api `nba_api/live/nba/endpoints/`, dblackrun/pbpstats).
 *
 * Lenient: unknown keys are stripped, unused fields optional; an action or player that fails its
 * schema is skipped and reported, the rest of the file is still used.
 */
import { z } from 'zod';

const Int = z.number().int();
/** Numbers the CDN sometimes writes as strings (`scoreHome: "12"`). */
const NumLike = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);

/** One play-by-play action (`game.actions[]`). */
export const NbaActionSchema = z.object({
  actionNumber: Int.positive(),
  orderNumber: Int.nullish(),
  clock: z.string().nullish(), // ISO 8601 duration remaining in the period, e.g. PT11M32.00S
  timeActual: z.string().nullish(),
  period: Int.min(1),
  periodType: z.string().nullish(), // REGULAR | OVERTIME
  teamId: Int.nullish(),
  teamTricode: z.string().nullish(),
  personId: Int.nullish(),
  playerName: z.string().nullish(),
  playerNameI: z.string().nullish(),
  actionType: z.string(),
  subType: z.string().nullish(),
  descriptor: z.string().nullish(),
  qualifiers: z.array(z.string()).nullish(),
  shotResult: z.string().nullish(), // Made | Missed
  isFieldGoal: Int.nullish(),
  scoreHome: NumLike.nullish(),
  scoreAway: NumLike.nullish(),
  assistPersonId: Int.nullish(),
  assistPlayerNameInitial: z.string().nullish(),
  description: z.string().nullish(),
  edited: z.string().nullish(),
});
export type NbaAction = z.infer<typeof NbaActionSchema>;

/** The play-by-play file: `{meta, game: {gameId, actions}}`; actions are checked one by one. */
export const NbaPlayByPlaySchema = z.object({
  game: z.object({ gameId: z.string(), actions: z.array(z.unknown()).default([]) }),
});

const Stats = z.object({
  points: Int.nullish(),
  reboundsTotal: Int.nullish(),
  assists: Int.nullish(),
  steals: Int.nullish(),
  blocks: Int.nullish(),
  turnovers: Int.nullish(),
  fieldGoalsMade: Int.nullish(),
  fieldGoalsAttempted: Int.nullish(),
  threePointersMade: Int.nullish(),
  threePointersAttempted: Int.nullish(),
  freeThrowsMade: Int.nullish(),
  freeThrowsAttempted: Int.nullish(),
  foulsPersonal: Int.nullish(),
  minutes: z.string().nullish(), // PT25M01.00S
});

const BoxPlayer = z.object({
  personId: Int,
  name: z.string().nullish(),
  nameI: z.string().nullish(),
  starter: z.string().nullish(),
  played: z.string().nullish(),
  statistics: Stats.nullish(),
});
export type NbaBoxPlayer = z.infer<typeof BoxPlayer>;

/** A team as the scoreboard, schedule and box score name it. */
export const NbaTeamSchema = z.object({
  teamId: Int,
  teamName: z.string().nullish(),
  teamCity: z.string().nullish(),
  teamTricode: z.string().nullish(),
  score: NumLike.nullish(),
});
export type NbaTeam = z.infer<typeof NbaTeamSchema>;

/** The box score file: `{meta, game: {gameId, gameStatus, period, homeTeam, awayTeam, arena, …}}`. */
export const NbaBoxScoreSchema = z.object({
  game: z.object({
    gameId: z.string(),
    gameTimeUTC: z.string().nullish(),
    gameStatus: Int.nullish(),
    gameStatusText: z.string().nullish(),
    period: Int.nullish(),
    arena: z.object({ arenaName: z.string().nullish() }).nullish(),
    homeTeam: NbaTeamSchema.extend({ players: z.array(z.unknown()).default([]) }),
    awayTeam: NbaTeamSchema.extend({ players: z.array(z.unknown()).default([]) }),
  }),
});
export type NbaBoxScore = z.infer<typeof NbaBoxScoreSchema>;
export { BoxPlayer as NbaBoxPlayerSchema };

/** One game of the scoreboard (`scoreboard.games[]`) or of the season schedule (`leagueSchedule.gameDates[].games[]`). */
export const NbaGameSchema = z.object({
  gameId: z.string().regex(/^\d{10}$/),
  gameStatus: Int.nullish(), // 1 scheduled, 2 live, 3 final
  gameStatusText: z.string().nullish(),
  gameTimeUTC: z.string().nullish(),
  gameDateTimeUTC: z.string().nullish(),
  arenaName: z.string().nullish(),
  postponedStatus: z.string().nullish(),
  homeTeam: NbaTeamSchema,
  awayTeam: NbaTeamSchema,
});
export type NbaGame = z.infer<typeof NbaGameSchema>;

/** `todaysScoreboard_00.json`: `{meta, scoreboard: {gameDate, games}}`. */
export const NbaScoreboardSchema = z.object({
  scoreboard: z.object({ gameDate: z.string().nullish(), games: z.array(z.unknown()).default([]) }),
});

/** `scheduleLeagueV2.json`: `{meta, leagueSchedule: {seasonYear, gameDates: [{gameDate, games}]}}`. */
export const NbaScheduleSchema = z.object({
  leagueSchedule: z.object({
    seasonYear: z.string().nullish(),
    gameDates: z
      .array(z.object({ gameDate: z.string().nullish(), games: z.array(z.unknown()).default([]) }))
      .default([]),
  }),
});

/**
 * `odds_todaysGames.json` as swar/nba_api's live odds endpoint documents it
 * (`nba_api/live/nba/endpoints/odds.py`, its test data `tests/unit/live/endpoints/test_live_odds.py`):
 * `{games: [{gameId, sr_id, srMatchId, homeTeamId, awayTeamId, markets: [{name: '2way' | 'spread'
 * | 'total' …, odds_type_id, group_name, books: [{id, name, outcomes: [{odds_field_id, type:
 * 'home' | 'away' | 'over' | 'under', odds: "1.870" (decimal, a string), opening_odds, odds_trend,
 * spread?: "-3.5", opening_spread?}], url, countryCode}]}]}]}`.
 */
export const NbaOddsSchema = z.object({
  games: z
    .array(
      z.object({
        gameId: z.string(),
        homeTeamId: z.union([z.string(), Int]).nullish(),
        awayTeamId: z.union([z.string(), Int]).nullish(),
        markets: z
          .array(
            z.object({
              name: z.string(),
              books: z
                .array(
                  z.object({
                    id: z.union([z.string(), Int]).nullish(),
                    name: z.string(),
                    outcomes: z
                      .array(
                        z.object({
                          type: z.string(),
                          odds: NumLike,
                          opening_odds: NumLike.nullish(),
                          spread: NumLike.nullish(),
                          total: NumLike.nullish(),
                        }),
                      )
                      .default([]),
                  }),
                )
                .default([]),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});
export type NbaOdds = z.infer<typeof NbaOddsSchema>;
