/**
 * api-web.nhle.com responses the NHL adapter reads (undocumented public API; the fields as the
 * recorded play-by-play of test/fixtures/upstream/nhl-api-web/ holds them): `/v1/gamecenter/{id}/play-by-play`
 * and `/v1/score/{date}`. Lenient on fields Scoreline does not use (zod strips them), strict on
 * the ones it does; a play that fails is skipped and reported, never the whole game.
 */
import { z } from 'zod';

const Localised = z.object({ default: z.string() });

/** A team as both endpoints give it. */
export const NhlTeamSchema = z.object({
  id: z.number().int(),
  abbrev: z.string().min(2).max(4),
  commonName: Localised.optional(),
  placeName: Localised.optional(),
  name: Localised.optional(),
  score: z.number().int().min(0).optional(),
  sog: z.number().int().min(0).optional(),
});
export type NhlTeam = z.infer<typeof NhlTeamSchema>;

export const NhlPeriodSchema = z.object({
  number: z.number().int().min(1).max(20),
  periodType: z.enum(['REG', 'OT', 'SO']),
});

/** One play (`plays[]`); `details` holds the players and the running score. */
export const NhlPlaySchema = z.object({
  eventId: z.number().int(),
  sortOrder: z.number(),
  typeDescKey: z.string(),
  periodDescriptor: NhlPeriodSchema,
  timeInPeriod: z.string().regex(/^\d{1,2}:\d{2}$/),
  timeRemaining: z.string().regex(/^\d{1,2}:\d{2}$/),
  situationCode: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type NhlPlay = z.infer<typeof NhlPlaySchema>;

export const NhlRosterSpotSchema = z.object({
  teamId: z.number().int(),
  playerId: z.number().int(),
  firstName: Localised,
  lastName: Localised,
});

/** The play-by-play resource; `plays` is checked item by item (see nhl-mapping.ts). */
export const NhlPlayByPlaySchema = z.object({
  id: z.number().int(),
  season: z.number().int(),
  gameType: z.number().int(),
  startTimeUTC: z.iso.datetime({ offset: true }),
  gameState: z.string(),
  gameScheduleState: z.string().optional(),
  venue: Localised.optional(),
  homeTeam: NhlTeamSchema,
  awayTeam: NhlTeamSchema,
  gameOutcome: z.object({ lastPeriodType: z.enum(['REG', 'OT', 'SO']) }).optional(),
  plays: z.array(z.unknown()),
  rosterSpots: z.array(z.unknown()).default([]),
});
export type NhlPlayByPlay = z.infer<typeof NhlPlayByPlaySchema>;

/** `/v1/score/{date}`: the day's games (each checked one by one). */
export const NhlScoreSchema = z.object({ games: z.array(z.unknown()) });
export const NhlScoreGameSchema = z.object({
  id: z.number().int(),
  gameState: z.string(),
  gameScheduleState: z.string().optional(),
  homeTeam: NhlTeamSchema,
  awayTeam: NhlTeamSchema,
});
export type NhlScoreGame = z.infer<typeof NhlScoreGameSchema>;

/** Game states in progress (poll at the live interval) and over. */
export const NHL_LIVE_STATES = new Set(['LIVE', 'CRIT']);
export const NHL_OVER_STATES = new Set(['FINAL', 'OFF']);

/** `toi` as the box score writes it: minutes:seconds, minutes past 99 in a long overtime game. */
const Toi = z
  .string()
  .regex(/^\d{1,3}:\d{2}$/)
  .default('00:00');
const count = z.number().int().min(0).default(0);

/** A skater's line (`forwards[]`, `defense[]`): shots on goal are `sog` (older payloads: `shots`). */
export const NhlBoxSkaterSchema = z.object({
  playerId: z.number().int(),
  name: Localised,
  position: z.string(),
  goals: count,
  assists: count,
  points: count,
  pim: count,
  powerPlayGoals: count,
  sog: z.number().int().min(0).optional(),
  shots: z.number().int().min(0).optional(),
  toi: Toi,
});
export type NhlBoxSkater = z.infer<typeof NhlBoxSkaterSchema>;

/** A goalie's line (`goalies[]`): `saveShotsAgainst` "saves/shots" where the counts are absent. */
export const NhlBoxGoalieSchema = z.object({
  playerId: z.number().int(),
  name: Localised,
  position: z.string().default('G'),
  pim: count,
  toi: Toi,
  shotsAgainst: z.number().int().min(0).optional(),
  saves: z.number().int().min(0).optional(),
  goalsAgainst: z.number().int().min(0).optional(),
  saveShotsAgainst: z
    .string()
    .regex(/^\d+\/\d+$/)
    .optional(),
});
export type NhlBoxGoalie = z.infer<typeof NhlBoxGoalieSchema>;

const BoxTeamLines = z.object({
  forwards: z.array(z.unknown()).default([]),
  defense: z.array(z.unknown()).default([]),
  goalies: z.array(z.unknown()).default([]),
});

/**
 * `/v1/gamecenter/{id}/boxscore`: the game header and `playerByGameStats` per team (lines
 * checked one by one). Shape as the box score of game 2024020600 recorded in StefanOOE/mcp-nhl
 * (tests/fixtures/boxscore.json) holds it; no box score of the bundled recording's game exists.
 */
export const NhlBoxScoreSchema = z.object({
  id: z.number().int(),
  gameState: z.string(),
  periodDescriptor: NhlPeriodSchema.optional(),
  homeTeam: NhlTeamSchema,
  awayTeam: NhlTeamSchema,
  playerByGameStats: z.object({ homeTeam: BoxTeamLines, awayTeam: BoxTeamLines }),
});
export type NhlBoxScore = z.infer<typeof NhlBoxScoreSchema>;
