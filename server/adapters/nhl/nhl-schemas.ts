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
