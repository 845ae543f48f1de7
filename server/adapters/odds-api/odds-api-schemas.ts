/**
 * The Odds API v4 response shapes the adapter reads (the-odds-api.com/liveapi/guides/v4/; format
 * reference: shared/data/live-feeds/odds-api/, not bundled — it has no licence). Lenient: unknown
 * keys pass, every list item is checked on its own so one bad event never hides the others.
 */
import { z } from 'zod';

/** `GET /v4/sports`: one sport (league) key. Free of quota. */
export const OddsApiSportSchema = z.looseObject({
  key: z.string().min(1),
  group: z.string().optional(),
  title: z.string().min(1),
  description: z.string().optional(),
  active: z.boolean().optional(),
  has_outrights: z.boolean().optional(),
});
export type OddsApiSport = z.infer<typeof OddsApiSportSchema>;

/** One priced outcome: `name` a team, `Draw`, `Over` / `Under`; `point` the spread or total line. */
export const OddsApiOutcomeSchema = z.looseObject({
  name: z.string().min(1),
  price: z.number(),
  point: z.number().optional(),
});

/** A bookmaker's market: `h2h`, `spreads`, `totals` (others ignored). */
export const OddsApiMarketSchema = z.looseObject({
  key: z.string(),
  last_update: z.string().optional(),
  outcomes: z.array(z.unknown()),
});

export const OddsApiBookmakerSchema = z.looseObject({
  key: z.string().min(1),
  title: z.string().optional(),
  last_update: z.string().optional(),
  markets: z.array(z.unknown()),
});

/** `GET /v4/sports/{sport}/odds`: one event with every bookmaker's markets. */
export const OddsApiEventSchema = z.looseObject({
  id: z.string().min(1),
  sport_key: z.string().min(1),
  sport_title: z.string().optional(),
  commence_time: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a time'),
  home_team: z.string().trim().min(1),
  away_team: z.string().trim().min(1),
  bookmakers: z.array(z.unknown()).default([]),
});
export type OddsApiEvent = z.infer<typeof OddsApiEventSchema>;

/** `GET /v4/sports/{sport}/scores`: one event's state; `scores` null before the start, scores as strings. */
export const OddsApiScoreEventSchema = z.looseObject({
  id: z.string().min(1),
  sport_key: z.string().min(1),
  commence_time: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a time'),
  completed: z.boolean(),
  home_team: z.string().trim().min(1),
  away_team: z.string().trim().min(1),
  scores: z
    .array(z.looseObject({ name: z.string(), score: z.union([z.string(), z.number()]) }))
    .nullable()
    .optional(),
  last_update: z.string().nullable().optional(),
});
export type OddsApiScoreEvent = z.infer<typeof OddsApiScoreEventSchema>;

/** The API's error body (e.g. 401 `OUT_OF_USAGE_CREDITS`, 429 `EXCEEDED_FREQ_LIMIT`). */
export const OddsApiErrorSchema = z.looseObject({
  message: z.string().optional(),
  error_code: z.string().optional(),
  details_url: z.string().optional(),
});

/** Each item of `raw` parsed with `schema`: the good ones (with their index) and the indexes of the bad. */
export function parseItems<T>(raw: unknown, schema: z.ZodType<T>): { ok: { i: number; value: T }[]; bad: number[] } {
  const ok: { i: number; value: T }[] = [];
  const bad: number[] = [];
  if (!Array.isArray(raw)) return { ok, bad };
  raw.forEach((x, i) => {
    const r = schema.safeParse(x);
    if (r.success) ok.push({ i, value: r.data });
    else bad.push(i);
  });
  return { ok, bad };
}
