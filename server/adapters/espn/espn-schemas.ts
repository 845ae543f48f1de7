/**
 * The parts of ESPN's site API (`/apis/site/v2/sports/{sport}/{league}/scoreboard` and
 * `/summary?event=`) the adapter reads, as lenient zod schemas: every field optional, unknown keys
 * kept, so drift (a field gone, a new one) never fails a whole response. The API is undocumented;
 * the shapes are those of the recordings in test/fixtures/upstream/espn/ (README there).
 */
import { z } from 'zod';

const str = z.string().optional();
const num = z.number().optional();
const numOrStr = z.union([z.number(), z.string()]).optional();

/** `status` of an event or competition: state pre / in / post, period, clock (seconds) and its display. */
export const EspnStatusSchema = z.looseObject({
  clock: num,
  displayClock: str,
  period: num,
  summary: str,
  type: z
    .looseObject({
      id: str,
      name: str,
      state: z.string().optional(),
      completed: z.boolean().optional(),
      description: str,
      detail: str,
      shortDetail: str,
    })
    .optional(),
});
export type EspnStatus = z.infer<typeof EspnStatusSchema>;

/** A line score: a period's points, a golf round (with per-hole `linescores`), a tennis set (`tiebreak`), a cricket innings. */
export const EspnLineScoreSchema = z.looseObject({
  value: num,
  displayValue: str,
  tiebreak: num,
  runs: num,
  wickets: num,
  overs: num,
  isBatting: z.boolean().optional(),
  description: str,
  linescores: z.array(z.looseObject({ value: num })).optional(),
});

/** A team or an athlete taking part. `winner` is a boolean, or "true"/"false" in cricket. */
export const EspnCompetitorSchema = z.looseObject({
  id: str,
  type: str,
  order: num,
  homeAway: str,
  winner: z.union([z.boolean(), z.string()]).optional(),
  score: numOrStr,
  team: z.looseObject({ id: str, displayName: str, name: str, abbreviation: str }).optional(),
  athlete: z.looseObject({ displayName: str, fullName: str }).optional(),
  linescores: z.array(EspnLineScoreSchema).optional(),
});
export type EspnCompetitor = z.infer<typeof EspnCompetitorSchema>;

/** A scoreboard `details` entry (football goals and cards). */
export const EspnDetailSchema = z.looseObject({
  type: z.looseObject({ id: str, text: str }).optional(),
  clock: z.looseObject({ value: num, displayValue: str }).optional(),
  team: z.looseObject({ id: str }).optional(),
  scoringPlay: z.boolean().optional(),
  redCard: z.boolean().optional(),
  yellowCard: z.boolean().optional(),
  penaltyKick: z.boolean().optional(),
  ownGoal: z.boolean().optional(),
  shootout: z.boolean().optional(),
  athletesInvolved: z.array(z.looseObject({ id: str, displayName: str })).optional(),
});
export type EspnDetail = z.infer<typeof EspnDetailSchema>;

/** One side of an odds entry: ESPN's moneyline (American), spread odds, or a bookmaker's own `odds` (fractional + decimal). */
const TeamOdds = z.looseObject({
  moneyLine: num,
  spreadOdds: num,
  teamId: str,
  odds: z.looseObject({ summary: str, value: num, handicap: num }).optional(),
});
/** An open/close price of pickcenter's market blocks (`{odds: "+750", line: "o2.5"}`). */
const Price = z.looseObject({ odds: str, line: str });
const Move = z.looseObject({ open: Price.optional(), close: Price.optional() });

/** An entry of `competitions[].odds`, summary `pickcenter` or summary `odds`: one provider's lines. */
export const EspnOddsSchema = z.looseObject({
  provider: z.looseObject({ id: numOrStr, name: str }).optional(),
  details: str,
  overUnder: num,
  spread: num,
  overOdds: num,
  underOdds: num,
  homeTeamOdds: TeamOdds.optional(),
  awayTeamOdds: TeamOdds.optional(),
  drawOdds: z.looseObject({ moneyLine: num, summary: str, value: num }).optional(),
  moneyline: z.looseObject({ home: Move.optional(), away: Move.optional(), draw: Move.optional() }).optional(),
  pointSpread: z.looseObject({ home: Move.optional(), away: Move.optional() }).optional(),
  total: z.looseObject({ over: Move.optional(), under: Move.optional() }).optional(),
});
export type EspnOdds = z.infer<typeof EspnOddsSchema>;

/** A competition: a match, a bout, a tournament field. */
export const EspnCompetitionSchema = z.looseObject({
  id: str,
  date: str,
  type: z.looseObject({ id: str, abbreviation: str }).optional(),
  status: EspnStatusSchema.optional(),
  venue: z.looseObject({ fullName: str, address: z.looseObject({ summary: str }).optional() }).optional(),
  format: z.looseObject({ regulation: z.looseObject({ periods: num }).optional() }).optional(),
  competitors: z.array(z.unknown()).optional(),
  details: z.array(z.unknown()).optional(),
  odds: z.array(z.unknown()).nullable().optional(),
  /** Tennis: the round of the draw (`Semifinal`) in the grouped scoreboards. */
  round: z.looseObject({ displayName: str }).optional(),
  /** Tennis: `server.$ref` ends in `/athletes/{id}` of the player serving. */
  situation: z.looseObject({ server: z.looseObject({ $ref: str }).optional() }).optional(),
  /** Cricket: the match's description ("24th Match") and class ("Twenty20", "Test"). */
  description: str,
  class: z.looseObject({ generalClassCard: str, eventType: str }).optional(),
});
export type EspnCompetition = z.infer<typeof EspnCompetitionSchema>;

/** A scoreboard event. */
export const EspnEventSchema = z.looseObject({
  id: z.string(),
  uid: str,
  date: str,
  name: str,
  shortName: str,
  season: z.looseObject({ year: num, slug: str }).optional(),
  status: EspnStatusSchema.optional(),
  competitions: z.array(z.unknown()).optional(),
  /** Tennis (newer scoreboards): the draws (`womens-singles`, `mens-doubles`), each with its matches as competitions. */
  groupings: z
    .array(
      z.looseObject({
        grouping: z.looseObject({ slug: str, displayName: str }).optional(),
        competitions: z.array(z.unknown()).optional(),
      }),
    )
    .optional(),
});
export type EspnEvent = z.infer<typeof EspnEventSchema>;

/** `GET …/scoreboard`: the events (each parsed on its own by the mappers). */
export const EspnScoreboardSchema = z.looseObject({ events: z.array(z.unknown()) });

/** A summary `keyEvents` entry (football: kickoff, goals, cards, substitutions, period ends). */
export const EspnKeyEventSchema = z.looseObject({
  id: str,
  type: z.looseObject({ id: str, text: str, type: str }).optional(),
  text: str,
  period: z.looseObject({ number: num }).optional(),
  clock: z.looseObject({ value: num, displayValue: str }).optional(),
  team: z.looseObject({ id: str, displayName: str }).optional(),
  participants: z.array(z.looseObject({ athlete: z.looseObject({ id: str, displayName: str }).optional() })).optional(),
  wallclock: str,
});
export type EspnKeyEvent = z.infer<typeof EspnKeyEventSchema>;

/** `GET …/summary?event=`: the header (as a scoreboard event), key events and odds. */
export const EspnSummarySchema = z.looseObject({
  header: z.looseObject({ id: str, competitions: z.array(z.unknown()).optional() }).optional(),
  keyEvents: z.array(z.unknown()).optional(),
  pickcenter: z.array(z.unknown()).optional(),
  odds: z.array(z.unknown()).optional(),
});
export type EspnSummary = z.infer<typeof EspnSummarySchema>;

/** Parses `items` one by one with `schema`, keeping the index of each good one; bad ones are returned as skips. */
export function parseEach<T>(
  items: readonly unknown[] | null | undefined,
  schema: z.ZodType<T>,
): { ok: { value: T; index: number }[]; bad: number[] } {
  const ok: { value: T; index: number }[] = [];
  const bad: number[] = [];
  (items ?? []).forEach((x, index) => {
    const r = schema.safeParse(x);
    if (r.success) ok.push({ value: r.data, index });
    else bad.push(index);
  });
  return { ok, bad };
}
