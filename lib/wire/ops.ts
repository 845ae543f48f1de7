/**
 * Wire shapes of the operator ingest API (/v1/ops, docs/operators.md): request bodies and answers.
 * Times are ISO 8601 UTC; odds prices are decimal odds or any format lib/odds/convert.ts reads.
 */
import { z } from 'zod';
import { SPORTS } from '../sports';
import { INSTANT_RANGE_MESSAGE, INT32_MAX, instantInRange } from './bounds';
import { isoUtc, MatchEventSchema } from './schemas';

const sport = z.enum(SPORTS);
const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/, 'must be 2–64 characters of a–z, 0–9 and -');
const name = z.string().trim().min(1).max(120);
const instant = z.iso
  .datetime({ offset: true })
  .refine((v) => instantInRange(Date.parse(v)), INSTANT_RANGE_MESSAGE)
  .transform((v) => new Date(v).toISOString());
/** A fixture id: a PostgreSQL integer. */
const fixtureId = z.number().int().positive().max(INT32_MAX);
const side = z.enum(['home', 'away']);

/** POST /v1/ops/competitions: upsert by sport + league + season. */
export const CompetitionBody = z
  .object({ sport, league: slug, season: z.string().trim().min(1).max(32), name })
  .strict();
/** PATCH /v1/ops/competitions/{id}. */
export const CompetitionPatch = z.object({ name }).strict();
export const OpsCompetitionSchema = z.object({
  id: z.number().int(),
  sport,
  league: z.string(),
  season: z.string(),
  name: z.string(),
});

/** POST /v1/ops/teams (upsert by sport + name); PATCH /v1/ops/teams/{id} takes `{name}`. */
export const TeamBody = z.object({ sport, name }).strict();
export const TeamPatch = z.object({ name }).strict();
export const OpsTeamSchema = z.object({ id: z.number().int(), sport, name: z.string() });

/** POST /v1/ops/fixtures: teams are created when new; `external_id` makes the call idempotent. */
export const FixtureBody = z
  .object({
    sport,
    league: slug,
    season: z.string().trim().min(1).max(32),
    home_team: name,
    away_team: name,
    kickoff: instant,
    round: z.string().max(80).nullish(),
    group: z.string().max(80).nullish(),
    venue: z.string().max(120).nullish(),
    external_id: z
      .string()
      .regex(/^[\x21-\x7e]{1,120}$/, 'must be 1–120 printable ASCII characters')
      .optional(),
  })
  .strict()
  .refine((f) => f.home_team.toLowerCase() !== f.away_team.toLowerCase(), {
    message: 'home_team and away_team must differ',
    path: ['away_team'],
  });
/** PATCH /v1/ops/fixtures/{id}: reschedule or relabel (status changes are events). */
export const FixturePatch = z
  .object({
    kickoff: instant,
    round: z.string().max(80).nullable(),
    group: z.string().max(80).nullable(),
    venue: z.string().max(120).nullable(),
  })
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, 'set at least one of kickoff, round, group, venue');
export const OpsFixtureSchema = z.object({
  id: z.number().int(),
  sport,
  league: z.string(),
  season: z.string(),
  home_team: z.string(),
  away_team: z.string(),
  kickoff: isoUtc,
  round: z.string().nullable(),
  group: z.string().nullable(),
  venue: z.string().nullable(),
  status: z.string(),
  score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
});
/** A competition-season as the operator API answers it (the console and the engine share it). */
export type OpsCompetition = z.infer<typeof OpsCompetitionSchema>;
/** A fixture as the operator API answers it. */
export type OpsFixture = z.infer<typeof OpsFixtureSchema>;

/** One match event pushed by an operator (docs/operators.md "Match events"). */
export const IngestEventSchema = z
  .object({
    fixture_id: fixtureId,
    event_id: z.string().regex(/^[\x21-\x7e]{1,200}$/, 'must be 1–200 printable ASCII characters'),
    type: z.string().regex(/^[a-z_]{2,32}$/, 'must be an event type (a–z and _)'),
    side: side.nullable().default(null),
    player: z.string().trim().max(120).nullable().default(null),
    minute: z.number().int().min(0).max(1000).nullable().default(null),
    stoppage: z.number().int().min(0).max(100).nullable().default(null),
    period: z.string().max(40).nullable().default(null),
    clock_seconds: z.number().int().min(0).max(100_000).nullable().default(null),
    detail: z.record(z.string(), z.unknown()).default({}),
    occurred_at: instant.optional(),
  })
  .strict();
export type IngestEventInput = z.infer<typeof IngestEventSchema>;

/** A correction (docs/operators.md "Corrections"); `event_id` defaults to `<target_event_id>#<action>`. */
export const CorrectionBody = z
  .object({
    fixture_id: fixtureId,
    event_id: z
      .string()
      .regex(/^[\x21-\x7e]{1,200}$/)
      .optional(),
    target_event_id: z.string().min(1).max(200),
    action: z.enum(['retract', 'amend']),
    changes: z.record(z.string(), z.unknown()).optional(),
    reason: z.string().max(500).optional(),
    occurred_at: instant.optional(),
  })
  .strict();

/** A status change (`status` event), e.g. postponed, suspended, abandoned, resumed. */
export const StatusBody = z
  .object({
    status: z.string().regex(/^[a-z_]{2,32}$/),
    event_id: z
      .string()
      .regex(/^[\x21-\x7e]{1,200}$/)
      .optional(),
    occurred_at: instant.optional(),
  })
  .strict();

/** One odds tick pushed by an operator (decimal odds or a format docs/odds.md reads). */
export const IngestTickSchema = z
  .object({
    tick_id: z.string().regex(/^[\x21-\x7e]{1,200}$/),
    fixture_id: fixtureId,
    bookmaker: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/),
    market: z.string().min(1).max(40),
    selection: z.string().min(1).max(40),
    line: z.number().finite().nullable().default(null),
    price: z.union([
      z.number(),
      z.string().max(20),
      z.object({
        format: z.enum(['decimal', 'american', 'fractional', 'implied']),
        value: z.union([z.number(), z.string()]),
      }),
    ]),
    observed_at: instant.optional(),
  })
  .strict();

export const MAX_BATCH_ITEMS = 1000;
/** POST /v1/ops/events. Items are validated one by one (a bad one is rejected, the rest go on). */
export const EventsBody = z.object({ events: z.array(z.unknown()).min(1).max(MAX_BATCH_ITEMS) }).strict();
/** POST /v1/ops/odds. */
export const OddsBody = z.object({ ticks: z.array(z.unknown()).min(1).max(MAX_BATCH_ITEMS) }).strict();
/** POST /v1/ops/batch: items `{op: 'event' | 'correction' | 'status' | 'odds', …}`. */
export const BatchBody = z.object({ items: z.array(z.unknown()).min(1).max(MAX_BATCH_ITEMS) }).strict();

/** One item's outcome. `id` is its event_id / tick_id (null when the item was too malformed to have one). */
export const ItemResultSchema = z.object({
  index: z.number().int(),
  op: z.enum(['event', 'correction', 'status', 'odds']),
  id: z.string().nullable(),
  status: z.enum(['stored', 'duplicate', 'rejected']),
  seq: z.number().int().nullable(),
  error: z.string().optional(),
});
/** One item's outcome in an ingest answer. */
export type ItemResult = z.infer<typeof ItemResultSchema>;
export const IngestResultSchema = z.object({
  results: z.array(ItemResultSchema),
  stored: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
});

/** GET /v1/ops/fixtures/{id}: the fixture, its live match (spec 2.1 shape) and its whole log with correction flags. */
export const OpsFixtureDetailSchema = z.object({
  fixture: OpsFixtureSchema,
  match: z.record(z.string(), z.unknown()).nullable(),
  events: z.array(MatchEventSchema.extend({ source: z.string(), retracted: z.boolean(), amended: z.boolean() })),
});
