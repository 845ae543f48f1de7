/**
 * GET /v1/golf/matches/{fixture_id}/win-probability (docs/odds.md "Golf"): a tournament's series
 * of each player's probability to win it (lib/win-probability/golf-series.ts), recomputed from
 * the event log. The golf variant of the win-probability answer, told apart from the two-sided
 * one (lib/wire/win-probability.ts) by `sport: 'golf'` and its `field` arrays. Probabilities are
 * fractions in [0, 1] (0 for a player out of contention, 1 for the winner once certain);
 * instants ISO 8601 UTC.
 */
import { z } from 'zod';
import { WinProbabilityPointSchema, WinProbabilityResponseSchema } from './win-probability';

const probability = z.number().min(0).max(1);

export const GolfFieldEntrySchema = z.object({
  player: z.string(),
  probability: probability.describe('P(this player wins the tournament).'),
  to_par: z.number().int().describe('Strokes relative to par over the regulation holes completed (−12 = 12 under).'),
  holes_left: z.number().int().min(0).describe('Regulation holes still to play (0 once finished or in a playoff).'),
});

const fieldOf = {
  field: z
    .array(GolfFieldEntrySchema)
    .describe('The (at most 10) most likely winners, probability descending, then name.'),
  others: probability.describe('P(a player not listed wins): 1 − the listed probabilities.'),
};

export const GolfWinProbabilityPointSchema = z.object({
  observed_at: z.string().describe('ISO 8601 UTC: when the event happened (first tee time for the pre-match point).'),
  clock: z.object({
    period: z.string().describe('not_started, round_1…round_4, after_round_<n>, playoff, final.'),
    minute: z.null(),
    label: z.string().describe('round 2: Scottie Scheffler thru 14, after round 2, playoff, final.'),
  }),
  event: z
    .object({ event_id: z.string(), type: z.string(), player: z.string().nullable() })
    .nullable()
    .describe(
      'The event that moved it (a hole, a scorecard, a cut, a withdrawal, the result); null for the pre-match point.',
    ),
  ...fieldOf,
});
export type GolfWinProbabilityPoint = z.infer<typeof GolfWinProbabilityPointSchema>;

export const GolfWinProbabilityResponseSchema = z.object({
  fixture_id: z.number().int(),
  sport: z.literal('golf'),
  bookmaker: z.literal('scoreline-model'),
  is_model: z.literal(true),
  started_from: z.literal('rating'),
  field_size: z.number().int().min(0).describe('Players the tournament started with.'),
  prematch: z.object({
    ...fieldOf,
    ratings: z
      .array(
        z.object({
          player: z.string(),
          scoring_average: z
            .number()
            .describe('Shrunk scoring average, strokes relative to par per round, over earlier tournaments.'),
          rounds: z.number().int().min(0).describe('Completed rounds before this tournament it is computed from.'),
        }),
      )
      .describe("The listed players' ratings (tour mean +0.7 for a player without earlier rounds: rounds 0)."),
  }),
  points: z.array(GolfWinProbabilityPointSchema),
});
export type GolfWinProbabilityResponse = z.infer<typeof GolfWinProbabilityResponseSchema>;

/** Either answer of the endpoint: golf's field, or the two-sided series of every other sport. */
export const AnyWinProbabilityResponseSchema = z.union([
  WinProbabilityResponseSchema,
  GolfWinProbabilityResponseSchema,
]);

/**
 * A live win-probability point (the WebSocket `win_probability` message, the webhook
 * `win_probability.updated`): golf's field point (`field`, `others`) on golf fixtures, the
 * two-sided point (`home`, `draw`, `away`) on every other sport's.
 */
export const AnyWinProbabilityPointSchema = z.union([WinProbabilityPointSchema, GolfWinProbabilityPointSchema]);
export type AnyWinProbabilityPoint = z.infer<typeof AnyWinProbabilityPointSchema>;

/** True for golf's field point. */
export const isGolfPoint = (p: AnyWinProbabilityPoint): p is GolfWinProbabilityPoint => 'field' in p;
