/**
 * GET /v1/{sport}/matches/{fixture_id}/win-probability (docs/odds.md "Win probability"): a match's
 * win-probability series from Scoreline's own model (lib/win-probability), recomputed from the
 * event log. Probabilities are fractions in (0, 1); instants ISO 8601 UTC.
 */
import { z } from 'zod';

const probability = z.number().gt(0).lt(1);

/** P(home), P(draw) (null where the sport or match has none: knockouts are two-way), P(away). */
export const WinProbabilityValuesSchema = z.object({
  home: probability,
  draw: probability.nullable(),
  away: probability,
});

const price = z.number().min(1.01);
/** Decimal prices of the main market; `draw` null for a moneyline. */
const LinePricesSchema = z.object({ home: price, draw: price.nullable(), away: price });

export const WinProbabilityPointSchema = WinProbabilityValuesSchema.extend({
  observed_at: z.string().describe('ISO 8601 UTC: when the event happened (kickoff for the pre-match point).'),
  clock: z.object({
    period: z.string(),
    minute: z.number().nullable().describe('Displayed minute where the sport has one, else null.'),
    label: z
      .string()
      .describe("The sport's clock as read: 67', q3 4:12, Top 7, 2 out, innings 2 14.3 ov, 6-4 3-2 30-15."),
  }),
  event: z
    .object({ event_id: z.string(), type: z.string(), side: z.enum(['home', 'away']).nullable() })
    .nullable()
    .describe('The event that moved it; null for the pre-match point.'),
});

export type WinProbabilityPoint = z.infer<typeof WinProbabilityPointSchema>;

export const WinProbabilityResponseSchema = z.object({
  fixture_id: z.number().int(),
  sport: z.string(),
  bookmaker: z.literal('scoreline-model'),
  is_model: z.literal(true),
  /** What the in-play series starts from: the pre-match rating (never bookmaker prices). */
  started_from: z.literal('rating'),
  knockout: z.boolean().describe('True when the match needs a winner (two-way: extra time, shoot-outs, playoffs).'),
  prematch: WinProbabilityValuesSchema.extend({
    home_rating: z.number().nullable(),
    away_rating: z.number().nullable(),
  }),
  points: z.array(WinProbabilityPointSchema),
  line: z
    .object({
      bookmaker: z.literal('scoreline-model'),
      market: z.enum(['1X2', 'moneyline']),
      is_model: z.literal(true),
      started_from: z.literal('rating'),
      margin: z.number().describe('The margin applied to the probabilities (0.05), before the price clamp.'),
      price_range: z.object({ min: z.number(), max: z.number() }),
      opening: LinePricesSchema,
      closing: LinePricesSchema,
      current: LinePricesSchema,
    })
    .describe(
      "The scoreline-model line of the sport's main market priced from this series (docs/odds.md): opening and closing = the pre-match rating line, current = the last point; decimal odds.",
    ),
});
export type WinProbabilityResponse = z.infer<typeof WinProbabilityResponseSchema>;
