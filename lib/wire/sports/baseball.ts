/**
 * Wire schema of baseball's live state: exactly `project(state).state` of lib/baseball/rules.ts
 * (innings halves as periods, no clock). Strict: a field the rules do not document fails
 * validation. Baseball has no clock; `minute` is always 0.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();
const player = z.string().nullable();
/** An official scorer's decision: the pitcher credited, null when none. */
const decision = z
  .strictObject({ id: z.string().describe("The pitcher's source id"), name: z.string().describe('Display name') })
  .nullable()
  .optional();

/** One count per side. */
const perSide = (what: string) =>
  z
    .strictObject({ home: count.describe(`${what}: home`), away: count.describe(`${what}: away`) })
    .describe(`${what} per side`);

/** Baseball's live state (lib/baseball/rules.ts `project().state`); docs/sports/baseball.md. */
export const baseballLiveStateSchema = z
  .strictObject({
    inning: count.describe('Current (or last) inning, 1-based; 0 before the first pitch'),
    half: z
      .enum(['top', 'bottom'])
      .nullable()
      .describe('Half of the inning: top (away bats), bottom (home bats); null before the first pitch'),
    outs: z.number().int().min(0).max(3).describe('Outs in the current half (3 once it has ended)'),
    bases: z
      .strictObject({
        first: player.describe('Runner on first; null when empty'),
        second: player.describe('Runner on second; null when empty'),
        third: player.describe('Runner on third; null when empty'),
      })
      .describe('Runners on base, as the events name them'),
    line_score: z
      .strictObject({
        home: z.array(count).describe('Home runs per inning (an unplayed bottom half is absent)'),
        away: z.array(count).describe('Away runs per inning'),
      })
      .describe('Line score: runs per inning, index 0 = 1st inning'),
    hits: perSide('Hits'),
    errors: perSide('Errors committed by the team (charged while it fields)'),
    left_on_base: perSide('Runners left on base'),
    batter: player.describe('Batter of the last play; null between halves'),
    pitcher: player.describe("Fielding team's current pitcher; null between halves or when unknown"),
    pitchers: z
      .strictObject({
        home: player.describe('Home pitcher; null when unknown'),
        away: player.describe('Away pitcher; null when unknown'),
      })
      .describe('Current pitcher of each team'),
    result: z
      .strictObject({
        home: count.describe('Final runs of the home team'),
        away: count.describe('Final runs of the away team'),
        innings: z
          .number()
          .int()
          .positive()
          .optional()
          .describe('Innings played (the last one possibly incomplete); absent when unknown'),
        called: z
          .boolean()
          .optional()
          .describe('True when the game ended before regulation was complete (called game)'),
        winning_pitcher: decision.describe('Winning pitcher (official scorer); null when none; absent when unknown'),
        losing_pitcher: decision.describe('Losing pitcher (official scorer); null when none; absent when unknown'),
        save: decision.describe('Pitcher credited with the save; null when none; absent when unknown'),
        earned_runs: z
          .array(
            z.strictObject({
              pitcher_id: z.string().describe("The pitcher's source id"),
              pitcher: z.string().optional().describe("The pitcher's display name"),
              side: z.enum(['home', 'away']).optional().describe('The team he pitched for'),
              er: count.describe('Earned runs charged to him'),
            }),
          )
          .optional()
          .describe(
            "Earned runs per pitcher (the official scorer's: Retrosheet data,er, MLB box score); absent when the source has none",
          ),
      })
      .nullable()
      .describe('Final result once the game is over; null before'),
  })
  .describe('Baseball live state (lib/baseball/rules.ts project): inning, half, outs, bases, line score, pitchers');

export type BaseballLiveState = z.infer<typeof baseballLiveStateSchema>;
