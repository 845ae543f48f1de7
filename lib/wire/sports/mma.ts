/**
 * The wire shape of MMA's live state: `project(state).state` of lib/mma/rules.ts, served beside
 * the spec 2.1 fields (score = rounds won on the judges' cards, minute = fight minute). Strict:
 * an undocumented field fails. Field meanings: docs/sports/mma.md. Imports no server code.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();
const side = z.enum(['home', 'away']);
const method = z.enum(['KO', 'TKO', 'SUB', 'UD', 'SD', 'MD', 'DRAW', 'NC', 'DQ']);
const perSide = (what: string) =>
  z.strictObject({ home: count, away: count }).describe(`${what} per corner (home = red, away = blue)`);

/** `project().state` of an MMA bout. */
export const mmaLiveStateSchema = z
  .strictObject({
    card: z
      .strictObject({
        name: z.string().min(1).nullable().describe("The fight card's (event's) name; also the fixture's `round`"),
        order: z
          .number()
          .int()
          .min(1)
          .nullable()
          .describe('1-based place in the order the card is fought (the main event last); null when unknown'),
        bouts: z.number().int().min(1).nullable().describe('Bouts on the card; null when unknown'),
      })
      .nullable()
      .describe('Where the bout sits on its fight card; null until the source names it'),
    weight_class: z.string().min(1).nullable().describe('Weight class, e.g. "Bantamweight"; null when not given'),
    scheduled_rounds: z.union([z.literal(3), z.literal(5)]).describe('Rounds the bout is scheduled for'),
    round: z.number().int().min(1).max(5).nullable().describe('Latest round started; null before round 1'),
    clock_seconds: z
      .number()
      .min(0)
      .max(300)
      .nullable()
      .describe('Seconds left in the round (counts down from 300); null before round 1'),
    clock_running: z.boolean().describe('Whether the round clock is running'),
    knockdowns: perSide('Knockdowns scored'),
    significant_strikes: perSide('Significant strikes landed'),
    takedowns: perSide('Takedowns landed'),
    point_deductions: perSide('Points deducted (all rounds)'),
    rounds: z
      .array(
        z.strictObject({
          round: z.number().int().min(1).max(5).describe('Round number'),
          judges: count.describe('Judges who have scored the round'),
          deductions: perSide('Points deducted in the round'),
          winner: side
            .nullable()
            .describe(
              'Corner a majority of those judges had ahead after deductions; null when split, even or unscored',
            ),
        }),
      )
      .describe('Every round started, in order'),
    scorecards: z
      .array(
        z.strictObject({
          judge: z.string().min(1).describe('Judge name'),
          rounds: z
            .array(
              z.strictObject({ round: z.number().int().min(1).max(5), home: z.number().int(), away: z.number().int() }),
            )
            .describe('Rounds this judge scored, 10-point must after deductions'),
          total: z.strictObject({ home: z.number().int(), away: z.number().int() }).describe('Sum of the rounds above'),
        }),
      )
      .describe('One card per judge, by judge name'),
    method: method
      .nullable()
      .describe('Method of the result; null until the result, or when the source names the winner but not the method'),
    result: z
      .strictObject({
        winner: side.nullable().describe('Winning corner; null for DRAW and NC'),
        method: method.nullable().describe('Method of victory; null when the source does not name it'),
        round: z.number().int().min(1).max(5).describe('Round the bout ended in'),
        time_seconds: z.number().int().min(0).max(300).describe('Seconds elapsed in that round'),
      })
      .nullable()
      .describe('Final result; null until the result event'),
  })
  .describe('MMA live state: one bout');

/** The parsed MMA live state. */
export type MmaLiveState = z.infer<typeof mmaLiveStateSchema>;
