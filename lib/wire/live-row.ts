/**
 * A row of GET /v1/{sport}/live (docs/api.md "Live"): the spec 2.1 live match plus its two win
 * probabilities from Scoreline's own model (docs/odds.md "Win probability") — the pre-match one
 * the fixtures and results rows carry, and the latest point of the match's in-play series.
 * Probabilities are fractions; instants ISO 8601 UTC.
 */
import { z } from 'zod';
import { GolfWinProbabilityPointSchema } from './golf-win-probability';
import { LiveMatchSchema, RowWinProbabilitySchema } from './schemas';
import { WinProbabilityPointSchema } from './win-probability';

const startedFrom = z
  .literal('rating')
  .describe('What the in-play series started from: the pre-match rating (never bookmaker prices).');

/**
 * The latest point of the match's in-play win-probability series: the last point of
 * GET /v1/{sport}/matches/{fixture_id}/win-probability once the match's latest event is folded
 * (home, draw where the sport has one, away; observed_at; the sport's clock; the event that moved
 * it) and the line it started from. Null while none is known. Golf's is {@link GolfInPlayWinProbabilitySchema}.
 */
export const InPlayWinProbabilitySchema = WinProbabilityPointSchema.extend({ started_from: startedFrom })
  .nullable()
  .describe(
    "Latest point of the match's in-play win-probability series (the win-probability endpoint's last point); null while none is known",
  );
export type InPlayWinProbability = z.infer<typeof InPlayWinProbabilitySchema>;

/**
 * A golf tournament's latest field point: the last point of GET /v1/golf/matches/{fixture_id}/win-probability
 * once its latest event is folded — the (at most 10) most likely winners and `others`, the same
 * shape as `golf.win-probability` messages — and the line it started from.
 */
export const GolfInPlayWinProbabilitySchema = GolfWinProbabilityPointSchema.extend({
  started_from: startedFrom,
}).describe("A golf tournament's latest field point (top 10 and others, as golf.win-probability messages)");
export type GolfInPlayWinProbability = z.infer<typeof GolfInPlayWinProbabilitySchema>;

/** A match in play as GET /v1/{sport}/live lists it. */
export const LiveRowSchema = LiveMatchSchema.extend({
  win_probability: RowWinProbabilitySchema,
  win_probability_in_play: z
    .union([InPlayWinProbabilitySchema, GolfInPlayWinProbabilitySchema])
    .describe(
      "Latest point of the match's in-play series: two-sided (home, draw, away) for every sport but golf, golf's field point (field, others) on golf rows; null while none is known",
    ),
});
export type LiveRow = z.infer<typeof LiveRowSchema>;
