/**
 * Wire schema of basketball's live state: exactly `project(state).state` of lib/basketball/rules.ts
 * (NBA timing, clock counting down). Strict: a field the rules do not document fails validation.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();
const clockSeconds = z.number().nonnegative();

/** One count per side. */
const perSide = (what: string) =>
  z
    .strictObject({ home: count.describe(`${what}: home`), away: count.describe(`${what}: away`) })
    .describe(`${what} per side`);

const shooting = (who: string) =>
  z
    .strictObject({
      fgm: count.describe('Field goals made (three-pointers included)'),
      fga: count.describe('Field goals attempted (three-pointers included)'),
      tpm: count.describe('Three-pointers made'),
      tpa: count.describe('Three-pointers attempted'),
      ftm: count.describe('Free throws made'),
      fta: count.describe('Free throws attempted'),
    })
    .describe(`Shooting of the ${who} team`);

/** Points per period per side: index 0 = q1, overtimes follow; one entry per period started. */
export const basketballLineScoreSchema = z
  .strictObject({
    home: z.array(count).describe('Home points per period (q1, q2, q3, q4, ot1, …)'),
    away: z.array(count).describe('Away points per period (q1, q2, q3, q4, ot1, …)'),
  })
  .describe('Line score: points per period, one entry per period started');

/** Basketball's live state (lib/basketball/rules.ts `project().state`); docs/sports/basketball.md. */
export const basketballLiveStateSchema = z
  .strictObject({
    clock_seconds: clockSeconds
      .nullable()
      .describe(
        'Game clock: seconds REMAINING in the period (720 at the start of a quarter, 300 of an overtime); null before the tip-off',
      ),
    clock_running: z.boolean().describe('Whether the game clock is running'),
    line_score: basketballLineScoreSchema,
    team_fouls: perSide('Team fouls in the current period (offensive and technical fouls not counted)'),
    in_penalty: z
      .strictObject({
        home: z.boolean().describe('Home shoots free throws on every defensive foul (away over the limit)'),
        away: z.boolean().describe('Away shoots free throws on every defensive foul (home over the limit)'),
      })
      .describe('Penalty situation: the opponent has reached 5 team fouls in a quarter (4 in an overtime)'),
    timeouts_remaining: perSide('Timeouts left (7 per game; 2 per overtime)'),
    fouled_out: z.array(z.string()).describe('Players disqualified with 6 personal fouls, in order'),
    shooting: z.strictObject({ home: shooting('home'), away: shooting('away') }).describe('Shooting per side'),
    result: z
      .strictObject({
        home: count.describe('Final points of the home team'),
        away: count.describe('Final points of the away team'),
        overtimes: count.describe('Overtimes played (0 = decided in regulation)'),
      })
      .nullable()
      .describe('Final result once the game is over; null before'),
  })
  .describe('Basketball live state (lib/basketball/rules.ts project): clock, line score, fouls, timeouts, shooting');

export type BasketballLiveState = z.infer<typeof basketballLiveStateSchema>;
