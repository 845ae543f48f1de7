/**
 * The wire shape of golf's live state: `project(state).state` of lib/golf/rules.ts, served beside
 * the spec 2.1 fields (score is always 0–0, minute 0). Strict: an undocumented field fails.
 * Field meanings: docs/sports/golf.md. Imports no server code.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();

/** One leaderboard line (lib/golf/types.ts GolfLeaderboardEntry). */
export const golfLeaderboardEntrySchema = z
  .strictObject({
    position: z
      .string()
      .regex(/^(T?[1-9]\d*|CUT|WD)$/)
      .describe('Place: "1", "T3" when shared, "CUT" or "WD"'),
    player: z.string().min(1).describe('Player name'),
    status: z.enum(['active', 'cut', 'withdrawn']).describe('Whether the player is still in the tournament'),
    to_par: z.number().int().describe('Strokes minus par over every regulation hole completed (negative = under par)'),
    strokes: count.describe('Strokes over the regulation rounds played'),
    rounds: z.array(count).describe('Strokes per round, index 0 = round 1 (the current round is partial)'),
    thru: z.number().int().min(0).max(18).describe('Holes completed in the latest round started (18 = round done)'),
    playoff_strokes: count.nullable().describe('Strokes in the playoff; null when not in it'),
  })
  .describe('A leaderboard line');

/** `project().state` of a golf tournament. */
export const golfLiveStateSchema = z
  .strictObject({
    round: z
      .number()
      .int()
      .min(1)
      .max(4)
      .nullable()
      .describe('Latest regulation round started (1–4); null before round 1'),
    cut_line: z.number().int().nullable().describe('Cut line to par of the latest cut made by line; null otherwise'),
    playoff: z.array(z.string()).nullable().describe('Players in the playoff; null when there is none'),
    leaderboard: z
      .array(golfLeaderboardEntrySchema)
      .describe('Active players by to_par (winner first among those level), then CUT, then WD'),
    result: z
      .strictObject({
        winner: z.string().min(1).describe('Winner name'),
        to_par: z.number().int().nullable().describe('Winner score to par (regulation rounds); null when unknown'),
        total_strokes: count.nullable().describe('Winner strokes over the regulation rounds; null when unknown'),
      })
      .nullable()
      .describe('Final result; null until the result event'),
  })
  .describe('Golf live state: leaderboard of a stroke-play tournament');

/** The parsed golf live state. */
export type GolfLiveState = z.infer<typeof golfLiveStateSchema>;
