/**
 * Wire schema of cricket's live state: exactly `project(state).state` of lib/cricket/rules.ts
 * (fields documented in lib/cricket/types.ts). Strict: a field the rules do not document fails
 * validation. Cricket has no clock; `minute` is always 0.
 */
import { z } from 'zod';
import { INNINGS_END_REASONS } from '../../cricket/types';

const count = z.number().int().nonnegative();
const side = z.enum(['home', 'away']);
/** An overs quota: whole overs in practice, but a rain-revised quota is kept as the source writes it. */
const oversQuota = z.number().nonnegative();

const extras = z
  .strictObject({
    wides: count.describe('Runs from wides'),
    noballs: count.describe('Runs from no-balls'),
    byes: count.describe('Byes'),
    legbyes: count.describe('Leg byes'),
    penalty: count.describe('Penalty runs'),
  })
  .describe('Extras of the innings by kind (runs)');

const innings = z
  .strictObject({
    number: z
      .number()
      .int()
      .positive()
      .describe('1-based innings number over the whole match (super overs continue the numbering)'),
    team: side.describe('Batting side'),
    super_over: z.boolean().describe('True for a super-over innings'),
    runs: count.describe('Runs scored'),
    wickets: count.describe('Wickets fallen (retired hurt / retired not out not counted)'),
    overs: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .describe(
        "Overs bowled as cricket writes them: completed overs, then '.' and the legal balls of the over in progress ('12.3', '19')",
      ),
    legal_balls: count.describe('Legal deliveries (wides and no-balls excluded)'),
    overs_limit: oversQuota
      .nullable()
      .describe(
        'Overs quota of the innings (20 T20, 50 ODI, 1 super over, a revised quota); null without a limit (Tests)',
      ),
    extras,
    closed: z.boolean().describe('True once the innings has ended'),
    end_reason: z.enum(INNINGS_END_REASONS).nullable().describe('Why the innings ended; null while it is open'),
  })
  .describe('One innings');

/** Cricket's live state (lib/cricket/rules.ts `project().state`); docs/sports/cricket.md. */
export const cricketLiveStateSchema = z
  .strictObject({
    innings: z.array(innings).describe('Every innings so far, in order'),
    batting: side.nullable().describe('Side batting in the current (or last) innings; null before the first'),
    bowling: side.nullable().describe('Side bowling in the current (or last) innings; null before the first'),
    target: z
      .strictObject({
        innings: z.number().int().positive().describe('The chasing innings (1-based)'),
        runs: z.number().int().describe('Runs to win'),
        overs: oversQuota.nullable().describe('Overs to score them in; null without a limit (Tests)'),
        revised: z
          .boolean()
          .describe('True when set by a rain rule (D/L, DLS, VJD) rather than first-innings runs + 1'),
        method: z.string().nullable().describe("Rain rule as the source writes it ('D/L'); null when not revised"),
      })
      .nullable()
      .describe('The chase target; null when no chase is set'),
    required_runs: count.nullable().describe('Runs still needed while a chase is open; null otherwise'),
    required_balls: z
      .number()
      .nonnegative()
      .nullable()
      .describe(
        'Balls left in the chase (target overs × 6 − legal balls) while a limited-overs chase is open; null otherwise',
      ),
    current_run_rate: z
      .number()
      .nullable()
      .describe('Runs per over of the current innings, 2 decimals; null before a ball or between innings'),
    required_run_rate: z
      .number()
      .nullable()
      .describe('Required runs per over, 2 decimals; null without an open limited-overs chase'),
    striker: z.string().nullable().describe('Batter on strike at the last delivery; null between innings'),
    non_striker: z.string().nullable().describe('Non-striker at the last delivery; null between innings'),
    bowler: z.string().nullable().describe('Bowler of the last delivery; null between innings'),
    this_over: z
      .strictObject({
        over: count.describe('0-based over number'),
        runs: count.describe('Runs in the over so far'),
        legal_balls: count.describe('Legal balls of the over so far'),
        wickets: count.describe('Wickets in the over so far'),
      })
      .nullable()
      .describe('The over being bowled; null between overs and innings'),
    powerplay: z
      .strictObject({
        number: z.number().int().positive().describe('1-based powerplay number in the innings'),
        from: z.string().describe("First ball, over.ball as Cricsheet writes it ('0.1')"),
        to: z.string().describe("Last ball, over.ball ('5.6')"),
        type: z.string().describe('mandatory, batting or fielding'),
      })
      .nullable()
      .describe('The powerplay running at the next ball; null outside powerplays'),
    toss: z
      .strictObject({
        winner: side.describe('Side that won the toss'),
        decision: z.enum(['bat', 'field']).describe('What the toss winner chose'),
      })
      .nullable()
      .describe('The toss; null before it'),
    result: z
      .strictObject({
        kind: z.enum(['win', 'tie', 'no_result', 'draw']).describe('Result kind'),
        winner: side
          .nullable()
          .describe('Winner (a tie: the super-over / bowl-out winner); null for a tie without one, no result or draw'),
        by: z
          .strictObject({
            runs: count.optional().describe('Won by runs (side batting first, or an innings win)'),
            wickets: count.optional().describe('Won by wickets (chasing side)'),
            innings: count.optional().describe('Won by an innings (multi-day)'),
          })
          .nullable()
          .describe('Margin; null when there is none'),
        method: z.string().nullable().describe("Rain rule that decided the target ('D/L'); null otherwise"),
        eliminator: side.nullable().describe('Side that won the super over / bowl-out of a tied match; null otherwise'),
        derived: z.boolean().describe('True when computed from the innings; false when a result event set it'),
      })
      .nullable()
      .describe('Final result; null before it'),
  })
  .describe('Cricket live state (lib/cricket/rules.ts project): innings, chase, batters and bowler, this over, result');

export type CricketLiveState = z.infer<typeof cricketLiveStateSchema>;
