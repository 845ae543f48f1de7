/**
 * The apply half of a poll of server/adapters/runner.ts: validates the fixtures, events and odds
 * ticks an adapter reported, upserts new or changed fixtures through `FeedEngine.importMatches`,
 * maps each item's upstream `source_key` to its fixture id, and ingests the events (any sport,
 * corrections included) through `FeedEngine.ingest` — after the checks of POST /v1/ops/events:
 * the same event schema (lib/wire/ops.ts) and the fixture sport's vocabulary
 * (lib/match/vocabulary.ts) — and the ticks through `FeedEngine.ingestOdds`. Malformed items are
 * skipped, logged and counted. docs/adapters.md.
 */
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { getCompetition, normaliseSeason } from '@/lib/catalogue/competitions';
import type { AnyImportedMatch, ImportedMatch } from '@/lib/import/types';
import { SPORTS } from '@/lib/sports';
import { CORRECTION_TYPE } from '@/lib/match/corrections';
import type { FeedEvent } from '@/lib/match/state';
import { vocabularyError } from '@/lib/match/vocabulary';
import { IngestEventSchema } from '@/lib/wire/ops';
import type { FeedEngine } from '../engine/engine';
import { ReferenceError as CatalogueReferenceError } from '../engine/reference';
import type { IngestItem, OddsTickInput } from '../engine/types';
import * as t from '../store/schema';
import type { AdapterStatus, PollReport } from './runner-status';
import type { AdapterFixture, AdapterSportFixture, AdapterTick, SourceAdapter } from './types';

/** What applying a batch works with: the runner's engine, adapter, logger, counters and fixture cache. */
export interface ApplyContext {
  engine: FeedEngine;
  adapter: SourceAdapter;
  log: Logger;
  stats: AdapterStatus;
  /** source_key → fixture id and a hash of the last upsert sent (unchanged fixtures are not re-imported). */
  fixtures: Map<string, { id: number; hash: string }>;
}

/** A football adapter fixture as the runner accepts it (the competition must be in the catalogue). */
const FixtureSchema = z.object({
  source_key: z.string().min(1).max(500),
  competition: z.string().refine((s) => getCompetition(s) != null, 'unknown competition slug'),
  season: z.string().min(4),
  round: z.string().nullable(),
  group: z.string().nullable(),
  venue: z.string().nullable(),
  kickoff: z.iso.datetime({ offset: true }),
  home_team: z.string().trim().min(1),
  away_team: z.string().trim().min(1),
  lineups: z.array(z.unknown()).nullish(),
  odds: z.array(z.unknown()).optional(),
  stats: z.unknown().optional(),
});

/** Any other sport's adapter fixture as the runner accepts it (lib/rules/contract.ts ImportedSportMatch). */
const SportFixtureSchema = z.object({
  sport: z.enum(SPORTS).refine((s) => s !== 'football', 'football fixtures name a catalogue competition'),
  source_key: z.string().min(1).max(500),
  competition: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a competition slug (a–z, 0–9, -)'),
  competition_name: z.string().trim().min(1).max(120),
  season: z.string().regex(/^\d{4}(-\d{2})?$/, 'must be a season label such as 2024 or 2024-25'),
  round: z.string().max(120).nullable(),
  group: z.string().max(120).nullable(),
  venue: z.string().max(200).nullable(),
  kickoff: z.iso.datetime({ offset: true }),
  home_team: z.string().trim().min(1).max(120),
  away_team: z.string().trim().min(1).max(120),
  stats: z
    .object({
      home: z.record(z.string(), z.number().nullable()),
      away: z.record(z.string(), z.number().nullable()),
    })
    .nullish(),
});

/** True for a fixture of a sport other than football. */
function isSportFixture(f: AdapterFixture): f is AdapterSportFixture {
  return f.sport !== undefined && f.sport !== 'football';
}

/** Why a fixture cannot be upserted, or null. */
function fixtureProblem(raw: unknown): string | null {
  const sport = (raw as { sport?: unknown } | null)?.sport;
  const issues = (e: z.ZodError) => e.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ');
  if (sport !== undefined && sport !== 'football') {
    const r = SportFixtureSchema.safeParse(raw);
    return r.success ? null : issues(r.error);
  }
  const r = FixtureSchema.safeParse(raw);
  if (!r.success) return issues(r.error);
  try {
    normaliseSeason(getCompetition(r.data.competition)!, r.data.season);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** An adapter event as the runner accepts it: an event of POST /v1/ops/events (any sport) and its fixture's upstream key. */
const EventSchema = z.object({
  source_key: z.string().min(1),
  occurred_at: z.iso.datetime({ offset: true }).optional(),
  event: IngestEventSchema.omit({ fixture_id: true, occurred_at: true }),
});

/** An adapter tick as the runner accepts it (the engine validates price, market and selection). */
const TickSchema = z.object({
  source_key: z.string().min(1),
  fixture_id: z.number().int().positive().optional(),
  tick: z.looseObject({ tick_id: z.string().min(1).max(300) }),
});

/** Counts a skipped upstream item in `report` and logs it. */
export function skipItem(log: Logger, report: PollReport, item: string, reason: string): void {
  report.skipped += 1;
  report.lastSkip = `${item}: ${reason}`.slice(0, 300);
  log.warn({ item, reason }, 'upstream item skipped');
}

/** Upserts new or changed fixtures; returns source_key → fixture id for this batch. */
export async function applyFixtures(
  ctx: ApplyContext,
  fixtures: unknown[],
  report: PollReport,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const todo: { key: string; hash: string; match: AnyImportedMatch }[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of fixtures.entries()) {
    const problem = fixtureProblem(raw);
    if (problem) {
      skipItem(ctx.log, report, `fixture[${i}]`, problem);
      continue;
    }
    const f = raw as AdapterFixture;
    if (seen.has(f.source_key)) continue;
    seen.add(f.source_key);
    const hash = createHash('sha1').update(JSON.stringify(f)).digest('hex');
    const cached = ctx.fixtures.get(f.source_key);
    if (cached && cached.hash === hash) {
      ids.set(f.source_key, cached.id);
      continue;
    }
    todo.push({ key: f.source_key, hash, match: toImported(ctx.adapter.name, f) });
  }
  if (!todo.length) return ids;
  const remember = (items: typeof todo, fixtureIds: number[]) =>
    items.forEach((it, i) => {
      ids.set(it.key, fixtureIds[i]);
      ctx.fixtures.set(it.key, { id: fixtureIds[i], hash: it.hash });
    });
  try {
    const summary = await ctx.engine.importMatches(
      todo.map((x) => x.match),
      { source: ctx.adapter.name },
    );
    remember(todo, summary.fixture_ids);
    report.fixtures += todo.length;
  } catch (err) {
    if (todo.length === 1 && !(err instanceof CatalogueReferenceError)) throw err;
    // Isolate the fixture(s) the catalogue refuses; anything else is a store failure.
    for (const it of todo) {
      try {
        const summary = await ctx.engine.importMatches([it.match], { source: ctx.adapter.name });
        remember([it], summary.fixture_ids);
        report.fixtures += 1;
      } catch (e) {
        if (!(e instanceof CatalogueReferenceError)) throw e;
        skipItem(ctx.log, report, it.key, e.message);
      }
    }
  }
  ctx.stats.fixtures_upserted += report.fixtures;
  return ids;
}

/** The importMatches item of an adapter fixture: a scheduled match without result or events. */
export function toImported(source: string, f: AdapterFixture): AnyImportedMatch {
  const common = {
    source_key: f.source_key,
    competition: f.competition,
    season: f.season,
    round: f.round,
    group: f.group,
    venue: f.venue,
    kickoff: new Date(f.kickoff).toISOString(),
    home_team: f.home_team.trim(),
    away_team: f.away_team.trim(),
    status: 'scheduled' as const,
    result: null,
    events: [],
  };
  if (isSportFixture(f))
    return { ...common, sport: f.sport, source, competition_name: f.competition_name.trim(), stats: f.stats ?? null };
  return {
    ...common,
    // fixture_sources.source is free text; ImportedMatch names only the file importers.
    source: source as ImportedMatch['source'],
    lineups: f.lineups ?? null,
    odds: f.odds ?? [],
    stats: f.stats ?? null,
  };
}

/** Validates events, resolves their fixtures and ingests them in one batch. */
export async function applyEvents(
  ctx: ApplyContext,
  events: unknown[],
  ids: Map<string, number>,
  report: PollReport,
): Promise<void> {
  const valid: { parsed: z.infer<typeof EventSchema>; i: number }[] = [];
  for (const [i, raw] of events.entries()) {
    const r = EventSchema.safeParse(raw);
    if (r.success) valid.push({ parsed: r.data, i });
    else
      skipItem(
        ctx.log,
        report,
        `event[${i}] ${(raw as { event?: { event_id?: unknown } } | null)?.event?.event_id ?? ''}`.trim(),
        r.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; '),
      );
  }
  await resolveFixtures(
    ctx,
    valid.map((v) => v.parsed.source_key),
    ids,
  );
  const items: IngestItem[] = [];
  const sports = new Map<number, string | null>();
  for (const { parsed, i } of valid) {
    const fixtureId = ids.get(parsed.source_key);
    if (fixtureId == null) {
      skipItem(
        ctx.log,
        report,
        `event[${i}] ${parsed.event.event_id}`,
        `no fixture for source key ${parsed.source_key}`,
      );
      continue;
    }
    if (!sports.has(fixtureId)) sports.set(fixtureId, (await ctx.engine.fixtureInfo(fixtureId))?.sport ?? null);
    const sport = sports.get(fixtureId);
    const wrong = sport ? vocabularyError(sport, parsed.event) : null;
    if (wrong) {
      skipItem(ctx.log, report, `event[${i}] ${parsed.event.event_id}`, wrong);
      continue;
    }
    items.push({
      fixture_id: fixtureId,
      event: parsed.event as FeedEvent,
      ...(parsed.occurred_at ? { occurred_at: new Date(parsed.occurred_at).toISOString() } : {}),
    });
  }
  if (!items.length) return;
  const outcomes = await ctx.engine.ingest(items, ctx.adapter.name);
  const ingestedAt = Date.now();
  outcomes.forEach((o, k) => {
    if (o.status !== 'stored') return;
    if (items[k].event.type === CORRECTION_TYPE) ctx.stats.corrections_ingested += 1;
    const at = items[k].occurred_at;
    if (at) {
      const lag = Math.max(0, ingestedAt - Date.parse(at));
      ctx.stats.last_lag_ms = lag;
      ctx.stats.max_lag_ms = Math.max(ctx.stats.max_lag_ms ?? 0, lag);
    }
  });
  for (const o of outcomes) {
    if (o.status === 'stored') report.stored += 1;
    else if (o.status === 'duplicate') report.duplicates += 1;
    else {
      report.rejected += 1;
      ctx.log.warn({ event_id: o.event_id, error: o.error }, 'event rejected by the engine');
    }
  }
  ctx.stats.events_ingested += report.stored;
  ctx.stats.events_duplicate += report.duplicates;
  ctx.stats.events_rejected += report.rejected;
}

/** Validates ticks, resolves their fixtures (from this batch or earlier ones) and stores them in one batch. */
export async function applyOdds(
  ctx: ApplyContext,
  ticks: unknown[],
  ids: Map<string, number>,
  report: PollReport,
): Promise<void> {
  const items: OddsTickInput[] = [];
  await resolveFixtures(
    ctx,
    ticks.map((x) => String((x as { source_key?: unknown } | null)?.source_key ?? '')),
    ids,
  );
  for (const [i, raw] of ticks.entries()) {
    const r = TickSchema.safeParse(raw);
    if (!r.success) {
      skipItem(
        ctx.log,
        report,
        `tick[${i}]`,
        r.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; '),
      );
      continue;
    }
    const { fixture_id: own, ...t } = raw as AdapterTick;
    const fixtureId = own ?? ids.get(t.source_key);
    if (fixtureId == null) {
      skipItem(ctx.log, report, `tick[${i}] ${t.tick.tick_id}`, `no fixture for source key ${t.source_key}`);
      continue;
    }
    items.push({ ...t.tick, fixture_id: fixtureId });
  }
  if (!items.length) return;
  const outcomes = await ctx.engine.ingestOdds(items, ctx.adapter.name);
  for (const o of outcomes) {
    if (o.status === 'stored') report.ticks += 1;
    else if (o.status === 'rejected') {
      report.rejected += 1;
      ctx.log.warn({ tick_id: o.tick_id, error: o.error }, 'odds tick rejected by the engine');
    }
  }
  ctx.stats.ticks_ingested += report.ticks;
}

/** Adds to `ids` the fixture ids of `keys` it lacks: from the runner's cache, else from fixture_sources. */
async function resolveFixtures(ctx: ApplyContext, keys: string[], ids: Map<string, number>): Promise<void> {
  const unknown = [...new Set(keys.filter((k) => k && !ids.has(k)))];
  for (const k of unknown) {
    const cached = ctx.fixtures.get(k);
    if (cached) ids.set(k, cached.id);
  }
  const missing = unknown.filter((k) => !ids.has(k));
  if (!missing.length) return;
  const rows = await ctx.engine.store.db
    .select({ key: t.fixtureSources.sourceKey, id: t.fixtureSources.fixtureId })
    .from(t.fixtureSources)
    .where(inArray(t.fixtureSources.sourceKey, missing));
  for (const r of rows) ids.set(r.key, r.id);
}
