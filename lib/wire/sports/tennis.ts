/**
 * Wire schema of tennis's live state: exactly `project(state).state` of lib/tennis/rules.ts
 * (fields documented in lib/tennis/types.ts). Strict: a field the rules do not document fails
 * validation. Tennis has no clock; `minute` is always 0; home = player 1, away = player 2.
 */
import { z } from 'zod';
import { FINAL_SET_RULES, TENNIS_OUTCOMES } from '../../tennis/types';

const count = z.number().int().nonnegative();
const side = z.enum(['home', 'away']).describe('home = player 1, away = player 2');

/** One count per player. */
const perSide = (what: string) =>
  z
    .strictObject({ home: count.describe(`${what}: player 1`), away: count.describe(`${what}: player 2`) })
    .describe(`${what} per player`);

const setGames = z
  .tuple([count.describe('Games of player 1'), count.describe('Games of player 2')])
  .describe('Games of one set [player 1, player 2]');
const tiebreaks = z
  .array(
    perSide('Tie-break points').nullable().describe('Tie-break points of the set; null when the set had no tie-break'),
  )
  .describe('Tie-break points per completed set');

const serveStats = (who: string) =>
  z
    .strictObject({
      aces: count.describe('Aces'),
      double_faults: count.describe('Double faults'),
      points_won: count.describe('Points won (on serve and return)'),
      service_points: count.describe('Points served'),
      service_points_won: count.describe('Points won on serve'),
      service_games: count.describe('Service games completed (tie-breaks excluded)'),
      service_games_won: count.describe('Service games held'),
      break_points_faced: count.describe('Points on serve where the returner was one point from the game'),
      break_points_saved: count.describe('Break points faced and won'),
    })
    .describe(`Serve statistics of ${who}`);

const pointCall = z.string().regex(/^(AD|\d+)$/);

/** Tennis's live state (lib/tennis/rules.ts `project().state`); docs/sports/tennis.md. */
export const tennisLiveStateSchema = z
  .strictObject({
    sets: z.array(setGames).describe('Games of every completed set, in order'),
    set_tiebreaks: tiebreaks,
    sets_won: perSide('Sets won'),
    games: perSide('Games in the current set'),
    points: z
      .strictObject({
        home: pointCall.describe("Player 1's points as shown"),
        away: pointCall.describe("Player 2's points as shown"),
      })
      .nullable()
      .describe(
        "Points as a scoreboard shows them: '0' '15' '30' '40' 'AD' in a game (deuce is 40-40), the plain count in a tie-break; null when the source gives games, not points (a score snapshot, e.g. ESPN)",
      ),
    server: side
      .nullable()
      .describe(
        'Player serving the next point; null before the match starts, once it is finished, and when the source does not name the server',
      ),
    tiebreak: z.boolean().describe('True while a tie-break is played'),
    best_of: z.union([z.literal(3), z.literal(5)]).describe('Best of 3 or 5 sets'),
    final_set: z
      .enum(FINAL_SET_RULES)
      .describe(
        "How the deciding set is decided: 'tiebreak' (at 6-6), 'advantage' (no tie-break), 'tiebreak_at_12', 'tiebreak_10' (10-point tie-break at 6-6)",
      ),
    stats: z
      .strictObject({ home: serveStats('player 1'), away: serveStats('player 2') })
      .describe('Serve statistics per player'),
    result: z
      .strictObject({
        winner: side.describe('Winner'),
        outcome: z.enum(TENNIS_OUTCOMES).describe('completed, retired, walkover or default'),
        sets: z.array(setGames).describe('Games of every set played (an unfinished set at a retirement included)'),
        set_tiebreaks: tiebreaks,
      })
      .nullable()
      .describe('Final result; null before it'),
  })
  .describe('Tennis live state (lib/tennis/rules.ts project): sets, games, points, server, serve statistics');

export type TennisLiveState = z.infer<typeof tennisLiveStateSchema>;
