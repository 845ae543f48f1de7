/**
 * The store's schema: one drizzle `pgTable` schema for embedded PGlite and real PostgreSQL.
 * Migrations are generated from this file by `npm run db:generate` into drizzle/.
 *
 * The event log (`match_events`) is append-only with a global, gap-free `seq`; snapshots,
 * fixtures' status/score and standings are derived from it and can be rebuilt.
 */
import type { LineupPlayer } from '../../lib/football/types';
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
    pointsAdjustments: jsonb('points_adjustments').$type<{ team: string; points: number; reason: string }[]>().notNull(),
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
    teamId: integer('team_id').notNull().references(() => teams.id),
  },
  (t) => [primaryKey({ columns: [t.sport, t.aliasKey] })],
);

export const fixtures = pgTable(
  'fixtures',
  {
    id: serial('id').primaryKey(),
    sport: text('sport').notNull(),
    competitionId: integer('competition_id').notNull().references(() => competitions.id),
    homeTeamId: integer('home_team_id').notNull().references(() => teams.id),
    awayTeamId: integer('away_team_id').notNull().references(() => teams.id),
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
  fixtureId: integer('fixture_id').notNull().references(() => fixtures.id),
});

export const matchEvents = pgTable(
  'match_events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull().unique(),
    fixtureId: integer('fixture_id').notNull().references(() => fixtures.id),
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
  fixtureId: integer('fixture_id').primaryKey().references(() => fixtures.id),
  sport: text('sport').notNull(),
  state: jsonb('state').$type<Record<string, unknown>>().notNull(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const lineups = pgTable(
  'lineups',
  {
    fixtureId: integer('fixture_id').notNull().references(() => fixtures.id),
    side: text('side').notNull(),
    team: text('team').notNull(),
    formation: text('formation'),
    players: jsonb('players').$type<LineupPlayer[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fixtureId, t.side] })],
);

export const matchStats = pgTable('match_stats', {
  fixtureId: integer('fixture_id').primaryKey().references(() => fixtures.id),
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
    fixtureId: integer('fixture_id').notNull().references(() => fixtures.id),
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
    competitionId: integer('competition_id').notNull().references(() => competitions.id),
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
