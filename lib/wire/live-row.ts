/**
 * A row of GET /v1/{sport}/live (docs/api.md "Live"): the spec 2.1 live match plus its two win
 * probabilities from Scoreline's own model (docs/odds.md "Win probability") — the pre-match one
 * the fixtures and results rows carry, and the latest point of the match's in-play series.
 * Probabilities are fractions; instants ISO 8601 UTC.
 */
import { z } from 'zod';
import { LiveMatchSchema, RowWinProbabilitySchema } from './schemas';
import { WinProbabilityPointSchema } from './win-probability';

/**
 * The latest point of the match's in-play win-probability series: the last point of
 * GET /v1/{sport}/matches/{fixture_id}/win-probability once the match's latest event is folded
 * (home, draw where the sport has one, away; observed_at; the sport's clock; the event that moved
 * it) and the line it started from. Null for golf (a field, not two sides) and while none is known.
 */
export const InPlayWinProbabilitySchema = WinProbabilityPointSchema.extend({
  started_from: z
    .literal('rating')
    .describe('What the in-play series started from: the pre-match rating (never bookmaker prices).'),
})
  .nullable()
  .describe(
    "Latest point of the match's in-play win-probability series (the win-probability endpoint's last point); null for golf or while none is known",
  );
export type InPlayWinProbability = z.infer<typeof InPlayWinProbabilitySchema>;

/** A match in play as GET /v1/{sport}/live lists it. */
export const LiveRowSchema = LiveMatchSchema.extend({
  win_probability: RowWinProbabilitySchema,
  win_probability_in_play: InPlayWinProbabilitySchema,
});
export type LiveRow = z.infer<typeof LiveRowSchema>;
