/**
 * MLB Stats API (statsapi.mlb.com) resources the `mlb` adapter reads: the day's schedule
 * (`/api/v1/schedule?sportId=1&date=`) and the GUMBO live feed (`/api/v1.1/game/{gamePk}/feed/live`).
 * No official documentation is published; the shapes are those of the recorded responses
 * (test/fixtures/upstream/mlb-statsapi/) and of open-source clients (toddrob99/MLB-StatsAPI,
 * DarkSideOfTheMat/mlb-statsapi-pydantic).
 *
 * Lenient: unknown keys are stripped, fields we do not need are optional, and any field may be
 * missing or null in some game state (Preview, Live, Final). Strict only where the mapping needs
 * the value: a play without an `about.atBatIndex` is unusable.
 */
import { z } from 'zod';

const Int = z.number().int();
const Person = z.object({ id: Int, fullName: z.string().nullish() });
const Base = z.string().nullish(); // '1B' | '2B' | '3B' | 'score' | null

/** `status` of a game: abstractGameState Preview | Live | Final; detailedState e.g. "In Progress", "Postponed", "Delayed: Rain". */
export const GumboStatusSchema = z.object({
  abstractGameState: z.string(),
  codedGameState: z.string().nullish(),
  detailedState: z.string().nullish(),
});

const Credit = z.object({ player: z.object({ id: Int }).nullish(), credit: z.string() });

/** One runner movement of a play (`liveData.plays.allPlays[].runners[]`). */
const RunnerSchema = z.object({
  movement: z.object({
    originBase: Base,
    start: Base,
    end: Base,
    outBase: Base,
    isOut: z.boolean().nullish(),
  }),
  details: z.object({
    eventType: z.string().nullish(),
    runner: Person,
    responsiblePitcher: z.object({ id: Int }).nullish(),
    isScoringEvent: z.boolean().nullish(),
    rbi: z.boolean().nullish(),
    earned: z.boolean().nullish(),
    playIndex: Int,
  }),
  credits: z.array(Credit).nullish(),
});
export type GumboRunner = z.infer<typeof RunnerSchema>;

/** One event inside a plate appearance: a pitch, or an action (stolen base, substitution, …). */
const PlayEventSchema = z.object({
  index: Int,
  type: z.string().nullish(), // 'pitch' | 'action' | 'pickoff' | 'no_pitch' | 'stepoff'
  isPitch: z.boolean().nullish(),
  startTime: z.string().nullish(),
  endTime: z.string().nullish(),
  details: z
    .object({
      eventType: z.string().nullish(),
      event: z.string().nullish(),
      description: z.string().nullish(),
    })
    .nullish(),
  player: z.object({ id: Int }).nullish(),
  position: z.object({ code: z.string().nullish(), abbreviation: z.string().nullish() }).nullish(),
  battingOrder: z.string().nullish(),
});
export type GumboPlayEvent = z.infer<typeof PlayEventSchema>;

/** One plate appearance (`liveData.plays.allPlays[]`), complete or in progress. */
export const GumboPlaySchema = z.object({
  result: z.object({
    type: z.string().nullish(),
    event: z.string().nullish(),
    eventType: z.string().nullish(),
    description: z.string().nullish(),
    rbi: Int.nullish(),
    awayScore: Int.nullish(),
    homeScore: Int.nullish(),
  }),
  about: z.object({
    atBatIndex: Int.min(0),
    halfInning: z.enum(['top', 'bottom']),
    inning: Int.min(1),
    isComplete: z.boolean().nullish(),
    isScoringPlay: z.boolean().nullish(),
    startTime: z.string().nullish(),
    endTime: z.string().nullish(),
  }),
  count: z.object({ outs: Int.nullish() }).nullish(),
  matchup: z.object({ batter: Person, pitcher: Person }),
  runners: z.array(RunnerSchema).default([]),
  playEvents: z.array(PlayEventSchema).default([]),
  playEndTime: z.string().nullish(),
});
export type GumboPlay = z.infer<typeof GumboPlaySchema>;

const BoxPlayer = z.object({
  person: Person,
  battingOrder: z.string().nullish(),
  allPositions: z.array(z.object({ code: z.string() })).nullish(),
  position: z.object({ code: z.string().nullish() }).nullish(),
  stats: z
    .object({
      pitching: z.looseObject({ earnedRuns: Int.nullish(), outs: Int.nullish() }).nullish(),
      batting: z.looseObject({}).nullish(),
    })
    .nullish(),
});
export type GumboBoxPlayer = z.infer<typeof BoxPlayer>;

/** One team of a box score (`liveData.boxscore.teams.{away,home}`, or `/api/v1/game/{pk}/boxscore`). */
export const GumboBoxTeamSchema = z.object({
  team: z.object({ id: Int, name: z.string().nullish() }).nullish(),
  players: z.record(z.string(), BoxPlayer).default({}),
  pitchers: z.array(Int).default([]),
  battingOrder: z.array(Int).default([]),
});
export type GumboBoxTeam = z.infer<typeof GumboBoxTeamSchema>;

const Team = z.object({ id: Int, name: z.string(), abbreviation: z.string().nullish() });
const Decision = Person.nullish();

/** The GUMBO live feed (`/api/v1.1/game/{gamePk}/feed/live`). */
export const GumboFeedSchema = z.object({
  gamePk: Int.positive(),
  metaData: z.object({ wait: z.number().nullish(), timeStamp: z.string().nullish() }).nullish(),
  gameData: z.object({
    game: z.object({ pk: Int.nullish(), type: z.string().nullish(), season: z.string() }),
    datetime: z.object({ dateTime: z.string(), officialDate: z.string().nullish() }),
    status: GumboStatusSchema,
    teams: z.object({ away: Team, home: Team }),
    venue: z.object({ name: z.string().nullish() }).nullish(),
    players: z.record(z.string(), z.object({ id: Int, fullName: z.string() })).default({}),
  }),
  liveData: z.object({
    plays: z.object({ allPlays: z.array(z.unknown()).default([]) }).default({ allPlays: [] }),
    linescore: z.looseObject({ scheduledInnings: Int.nullish() }).nullish(),
    boxscore: z.object({ teams: z.object({ away: GumboBoxTeamSchema, home: GumboBoxTeamSchema }) }).nullish(),
    decisions: z.object({ winner: Decision, loser: Decision, save: Decision }).nullish(),
  }),
});
export type GumboFeed = z.infer<typeof GumboFeedSchema>;

/** One game of the schedule (`dates[].games[]`). */
export const ScheduleGameSchema = z.object({
  gamePk: Int.positive(),
  gameType: z.string().nullish(),
  season: z.string().nullish(),
  gameDate: z.string(),
  status: GumboStatusSchema,
  teams: z.object({
    away: z.object({ team: z.object({ id: Int, name: z.string() }), score: Int.nullish() }),
    home: z.object({ team: z.object({ id: Int, name: z.string() }), score: Int.nullish() }),
  }),
  venue: z.object({ name: z.string().nullish() }).nullish(),
});
export type ScheduleGame = z.infer<typeof ScheduleGameSchema>;

/** The schedule (`/api/v1/schedule?sportId=1&date=MM/DD/YYYY`): games grouped by date; items are checked one by one. */
export const ScheduleSchema = z.object({
  dates: z.array(z.object({ date: z.string().nullish(), games: z.array(z.unknown()).default([]) })).default([]),
});
