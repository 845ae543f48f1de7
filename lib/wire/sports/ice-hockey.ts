/**
 * Wire schema of ice hockey's live state: exactly `project(state).state` of
 * lib/ice-hockey/rules.ts (NHL, clock counting down; regular season and playoff formats).
 * Strict: a field the rules do not document fails validation.
 */
import { z } from 'zod';
import { GOAL_STRENGTHS, PENALTY_MINUTES, type PenaltyKind } from '../../ice-hockey/types';

const count = z.number().int().nonnegative();
const side = z.enum(['home', 'away']);

/** One count per side. */
const perSide = (what: string) =>
  z
    .strictObject({ home: count.describe(`${what}: home`), away: count.describe(`${what}: away`) })
    .describe(`${what} per side`);

const PENALTY_KINDS = Object.keys(PENALTY_MINUTES) as [PenaltyKind, ...PenaltyKind[]];

const strengths = (who: string) =>
  z
    .strictObject({
      even: count.describe('Goals at even strength'),
      power_play: count.describe('Power-play goals'),
      short_handed: count.describe('Short-handed goals'),
      empty_net: count.describe('Empty-net goals'),
    })
    .describe(`Goals of the ${who} team by strength (${GOAL_STRENGTHS.join(', ')}); shootout not included`);

const powerPlays = (who: string) =>
  z
    .strictObject({
      opportunities: count.describe('Power plays the team has had'),
      goals: count.describe('Goals scored on them'),
    })
    .describe(`Power-play record of the ${who} team`);

const shootoutSide = (who: string) =>
  z
    .strictObject({ attempts: count.describe('Shootout attempts'), goals: count.describe('Shootout goals') })
    .describe(`Shootout of the ${who} team`);

const skaters = z.number().int().min(3).max(5);

/** Ice hockey's live state (lib/ice-hockey/rules.ts `project().state`); docs/sports/ice-hockey.md. */
export const iceHockeyLiveStateSchema = z
  .strictObject({
    format: z
      .enum(['regular_season', 'playoff'])
      .describe(
        'regular_season: one 5-minute 3-on-3 overtime, then a shootout; playoff: 20-minute sudden-death overtimes',
      ),
    clock_seconds: z
      .number()
      .nonnegative()
      .nullable()
      .describe(
        'Game clock: seconds REMAINING in the period (1200 at the start of a period); null before the face-off and during a shootout',
      ),
    clock_running: z.boolean().describe('Whether the game clock is running'),
    line_score: z
      .strictObject({
        home: z.array(count).describe('Home goals per period (p1, p2, p3, ot1, …)'),
        away: z.array(count).describe('Away goals per period (p1, p2, p3, ot1, …)'),
      })
      .describe('Goals per period, one entry per period started; shootout not included'),
    shots: perSide('Shots on goal'),
    penalty_minutes: perSide('Penalty minutes'),
    power_play: z
      .strictObject({
        advantage: side.nullable().describe('Team with the man advantage; null at equal strength'),
        skaters: z
          .strictObject({
            home: skaters.describe('Home skaters on the ice'),
            away: skaters.describe('Away skaters on the ice'),
          })
          .describe('Skaters on the ice per side, goalies not counted (3–5)'),
        penalties: z
          .array(
            z
              .strictObject({
                side: side.describe('Penalised team'),
                player: z.string().nullable().describe('Penalised player; null when the source names none'),
                kind: z
                  .enum(PENALTY_KINDS)
                  .describe(
                    'Penalty kind (minor 2, double_minor 4, major 5, misconduct 10, game_misconduct 10, match 5 minutes)',
                  ),
                remaining_seconds: z.number().describe('Seconds of game time left to serve'),
              })
              .describe('A running penalty'),
          )
          .describe('Running penalties'),
      })
      .describe('Current strength situation'),
    power_plays: z
      .strictObject({ home: powerPlays('home'), away: powerPlays('away') })
      .describe('Power-play opportunities and goals per side'),
    goalie_pulled: z
      .strictObject({ home: z.boolean().describe('Home net empty'), away: z.boolean().describe('Away net empty') })
      .describe('Whether each team has pulled its goalie'),
    goals_by_strength: z
      .strictObject({ home: strengths('home'), away: strengths('away') })
      .describe('Goals per side by strength'),
    shootout: z
      .strictObject({ home: shootoutSide('home'), away: shootoutSide('away') })
      .nullable()
      .describe('Shootout attempts and goals once a shootout starts; null before'),
    result: z
      .strictObject({
        home: count.describe('Final goals of the home team (a shootout winner is credited one goal)'),
        away: count.describe('Final goals of the away team'),
        decision: z.enum(['REG', 'OT', 'SO']).describe('Decided in regulation, overtime or the shootout'),
        overtimes: count.describe('Overtime periods played'),
      })
      .nullable()
      .describe('Final result once the game is over; null before'),
  })
  .describe('Ice hockey live state (lib/ice-hockey/rules.ts project): clock, shots, penalties, power play, shootout');

export type IceHockeyLiveState = z.infer<typeof iceHockeyLiveStateSchema>;
