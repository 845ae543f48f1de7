/**
 * The store's schema: one drizzle `pgTable` schema for embedded PGlite and real PostgreSQL.
 * Migrations are generated from this file by `npm run db:generate` into drizzle/.
 *
 * The event log (`match_events`) is append-only with a global, gap-free `seq`; snapshots,
 * fixtures' status/score and standings are derived from it and can be rebuilt.
 */
import type { LineupPlayer } from '../../lib/football/types';
import type { MatchState } from '../../lib/match/state';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const competitions = pgTable(
  'competitions',
  {
    id: serial('id').primaryKey(),
    sport: text('sport').notNull(),
    slug: text('slug').notNull(),
    season: text('season').notNull(),
    name: text('name').notNull(),
    format: text('format').notNull(),
    timezone: text('timezone').notNull(),
    tieBreakers: jsonb('tie_breakers').$type<string[]>().notNull(),
    points: jsonb('points').$type<{ win: number; draw: number; loss: number }>().notNull(),
    pointsAdjustments: jsonb('points_adjustments')
      .$type<{ team: string; points: number; reason: string }[]>()
      .notNull(),
    isReplay: boolean('is_replay').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('competitions_sport_slug_season').on(t.sport, t.slug, t.season)],
);

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    sport: text('sport').notNull(),
    name: text('name').notNull(),
  },
  (t) => [unique('teams_sport_name').on(t.sport, t.name)],
);

export const teamAliases = pgTable(
  'team_aliases',
  {
    sport: text('sport').notNull(),
    aliasKey: text('alias_key').notNull(),
    alias: text('alias').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
  },
  (t) => [primaryKey({ columns: [t.sport, t.aliasKey] })],
);

export const fixtures = pgTable(
  'fixtures',
  {
    id: serial('id').primaryKey(),
    sport: text('sport').notNull(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => teams.id),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => teams.id),
    kickoff: ts('kickoff').notNull(),
    round: text('round'),
    groupName: text('group_name'),
    venue: text('venue'),
    /** Derived from the snapshot, kept here for indexed queries. */
    status: text('status').notNull().default('scheduled'),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    /** Replays: the recorded kickoff this fixture replays. */
    recordedKickoff: ts('recorded_kickoff'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('fixtures_sport_kickoff').on(t.sport, t.kickoff, t.id),
    index('fixtures_competition_status').on(t.competitionId, t.status),
    index('fixtures_status').on(t.status),
  ],
);

/** Every upstream key a fixture is known by (one fixture, several sources). */
export const fixtureSources = pgTable('fixture_sources', {
  sourceKey: text('source_key').primaryKey(),
  source: text('source').notNull(),
  fixtureId: integer('fixture_id')
    .notNull()
    .references(() => fixtures.id),
});

export const matchEvents = pgTable(
  'match_events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull().unique(),
    fixtureId: integer('fixture_id')
      .notNull()
      .references(() => fixtures.id),
    sport: text('sport').notNull(),
    type: text('type').notNull(),
    side: text('side'),
    player: text('player'),
    minute: integer('minute'),
    stoppage: integer('stoppage'),
    period: text('period'),
    clockSeconds: doublePrecision('clock_seconds'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    source: text('source').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [index('match_events_fixture_seq').on(t.fixtureId, t.seq)],
);

/** Single-row counter that hands out the global, gap-free event sequence inside the writing transaction. */
export const feedSequence = pgTable('feed_sequence', {
  id: integer('id').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

export const matchSnapshots = pgTable('match_snapshots', {
  fixtureId: integer('fixture_id')
    .primaryKey()
    .references(() => fixtures.id),
  sport: text('sport').notNull(),
  /** The match state after `lastSeq` (lib/match/state.ts; football's own state or a wrapped sport state). */
  state: jsonb('state').$type<MatchState>().notNull(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const lineups = pgTable(
  'lineups',
  {
    fixtureId: integer('fixture_id')
      .notNull()
      .references(() => fixtures.id),
    side: text('side').notNull(),
    team: text('team').notNull(),
    formation: text('formation'),
    players: jsonb('players').$type<LineupPlayer[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fixtureId, t.side] })],
);

export const matchStats = pgTable('match_stats', {
  fixtureId: integer('fixture_id')
    .primaryKey()
    .references(() => fixtures.id),
  stats: jsonb('stats').$type<Record<string, unknown>>().notNull(),
});

/**
 * Every observed bookmaker price (decimal odds), one row per change: the line-movement history.
 * Opening = a line's first tick, current = its latest, closing = its latest at or before kickoff.
 * `tick_id` is the idempotency key. Live ticks (ingest API, replay model) carry a `seq` from the
 * global feed sequence and are published; imported history (football-data.co.uk opening and
 * closing prices) has no seq.
 */
export const oddsTicks = pgTable(
  'odds_ticks',
  {
    id: serial('id').primaryKey(),
    tickId: text('tick_id').notNull().unique(),
    seq: bigint('seq', { mode: 'number' }),
    fixtureId: integer('fixture_id')
      .notNull()
      .references(() => fixtures.id),
    bookmaker: text('bookmaker').notNull(),
    market: text('market').notNull(),
    selection: text('selection').notNull(),
    line: doublePrecision('line'),
    price: doublePrecision('price').notNull(),
    observedAt: ts('observed_at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    source: text('source').notNull(),
  },
  (t) => [index('odds_ticks_fixture_time').on(t.fixtureId, t.observedAt, t.id)],
);

export const standings = pgTable(
  'standings',
  {
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id),
    groupName: text('group_name').notNull(),
    rows: jsonb('rows').$type<unknown[]>().notNull(),
    computedAt: ts('computed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.groupName] })],
);

export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  keyHash: text('key_hash').notNull().unique(),
  prefix: text('prefix').notNull(),
  name: text('name').notNull(),
  plan: text('plan').notNull().default('free'),
  /** `data` keys read the feed; `operator` keys (`slo_…`) only feed it (/v1/ops, docs/operators.md). */
  role: text('role').notNull().default('data'),
  /**
   * The key's stable identity across rotations: the id of the first key of its rotation chain
   * (null for a key never rotated into: its own id). Rate limits and WebSocket caps count per it.
   */
  lineageId: integer('lineage_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
});

/** Replay channels: which cycle each plays and the wall time its schedule is anchored to. */
export const replayChannels = pgTable('replay_channels', {
  channel: text('channel').primaryKey(),
  cycle: integer('cycle').notNull(),
  anchorAt: ts('anchor_at').notNull(),
  speed: doublePrecision('speed').notNull(),
});

/**
 * Webhook endpoints (docs/webhooks.md), owned by the API key that registered them. An endpoint
 * receives the feed's messages with seq > `from_seq` (the feed's seq when it was registered)
 * that match its event-type patterns, sports and leagues ([] = all).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id),
    url: text('url').notNull(),
    description: text('description'),
    events: jsonb('events').$type<string[]>().notNull(),
    sports: jsonb('sports').$type<string[]>().notNull(),
    leagues: jsonb('leagues').$type<string[]>().notNull(),
    /** Standard Webhooks signing secret (`whsec_…`). */
    secret: text('secret').notNull(),
    status: text('status').notNull().default('enabled'),
    disabledReason: text('disabled_reason'),
    /** Start of the current run of failed attempts; null while deliveries succeed. */
    failingSince: ts('failing_since'),
    fromSeq: bigint('from_seq', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_key').on(t.keyId)],
);

/** One webhook message body, signed and sent as is to every endpoint it matched (`webhook-id` = id). */
export const webhookMessages = pgTable('webhook_messages', {
  id: text('id').primaryKey(),
  eventType: text('event_type').notNull(),
  /** The feed seq it carries; null for test messages. */
  seq: bigint('seq', { mode: 'number' }),
  payload: text('payload').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The durable outbox: one row per (endpoint, message), retried until delivered or out of attempts. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id')
      .notNull()
      .references(() => webhookMessages.id),
    /** pending → delivered | failed (attempts exhausted). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    /** A worker holds the row until then (crash-safe claim). */
    lockedUntil: ts('locked_until'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
    /** The message's feed seq (null for test messages): claims take due deliveries in (due time, seq) order. */
    seq: bigint('seq', { mode: 'number' }),
  },
  (t) => [
    unique('webhook_deliveries_endpoint_message').on(t.endpointId, t.messageId),
    // The claim query walks pending deliveries in (due time, seq) order — an endpoint's first attempts in
    // feed order: a partial index keeps that a short index scan.
    index('webhook_deliveries_pending_due_seq').on(t.nextAttemptAt, t.seq).where(sql`status = 'pending'`),
    index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt),
  ],
);

/** Every delivery attempt: when, HTTP status, latency, error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: ts('attempted_at').notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [index('webhook_attempts_delivery').on(t.deliveryId, t.id)],
);

/** Single row: the feed seq up to which messages have been turned into webhook deliveries. */
export const webhookCursor = pgTable('webhook_cursor', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});

/** Each upstream source adapter's committed state (server/adapters: its cursor / memory), by adapter name. */
export const adapterStates = pgTable('adapter_states', {
  name: text('name').primaryKey(),
  state: jsonb('state').$type<Record<string, unknown>>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Secrets every process of one deployment shares (docs/deploy.md), by name: `viewer_session`
 * signs the dashboard's viewer-session cookies when SESSION_SECRET is unset on PostgreSQL.
 */
export const clusterSecrets = pgTable('cluster_secrets', {
  name: text('name').primaryKey(),
  /** base64 of the secret's bytes. */
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
