/**
 * The apply half of a poll of server/adapters/runner.ts: validates the fixtures and events an
 * adapter reported, upserts new or changed fixtures through `FeedEngine.importMatches`, maps each
 * event's upstream `source_key` to its fixture id and ingests the events through
 * `FeedEngine.ingest`. Malformed items are skipped, logged and counted. docs/adapters.md.
 */
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { getCompetition, normaliseSeason } from '@/lib/catalogue/competitions';
import { FOOTBALL_EVENT_TYPES, FOOTBALL_PERIODS } from '@/lib/football/types';
import type { ImportedMatch } from '@/lib/import/types';
import type { FeedEngine } from '../engine/engine';
import { ReferenceError as CatalogueReferenceError } from '../engine/reference';
import type { IngestItem } from '../engine/types';
import * as t from '../store/schema';
import type { AdapterStatus, PollReport } from './runner-status';
import type { AdapterFixture, SourceAdapter } from './types';

/** What applying a batch works with: the runner's engine, adapter, logger, counters and fixture cache. */
export interface ApplyContext {
  engine: FeedEngine;
  adapter: SourceAdapter;
  log: Logger;
  stats: AdapterStatus;
  /** source_key → fixture id and a hash of the last upsert sent (unchanged fixtures are not re-imported). */
  fixtures: Map<string, { id: number; hash: string }>;
}

/** An adapter fixture as the runner accepts it (the competition must be in the catalogue). */
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

/** An adapter event as the runner accepts it: a SourceEvent and its fixture's upstream key. */
const EventSchema = z.object({
  source_key: z.string().min(1),
  occurred_at: z.iso.datetime({ offset: true }).optional(),
  event: z.object({
    event_id: z.string().min(1).max(300),
    type: z.enum(FOOTBALL_EVENT_TYPES),
    side: z.enum(['home', 'away']).nullable(),
    player: z.string().nullable(),
    minute: z.number().int().min(0).max(200).nullable(),
    stoppage: z.number().int().min(0).max(60).nullable(),
    period: z.enum(FOOTBALL_PERIODS).nullable(),
    clock_seconds: z.number().min(0).nullable(),
    detail: z.record(z.string(), z.unknown()),
  }),
});

/** Counts a skipped upstream item in `report` and logs it. */
export function skipItem(log: Logger, report: PollReport, item: string, reason: string): void {
  report.skipped += 1;
  log.warn({ item, reason }, 'upstream item skipped');
}

/** Upserts new or changed fixtures; returns source_key → fixture id for this batch. */
export async function applyFixtures(
  ctx: ApplyContext,
  fixtures: unknown[],
  report: PollReport,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const todo: { key: string; hash: string; match: ImportedMatch }[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of fixtures.entries()) {
    const r = FixtureSchema.safeParse(raw);
    let problem = r.success ? null : r.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ');
    if (r.success) {
      try {
        normaliseSeason(getCompetition(r.data.competition)!, r.data.season);
      } catch (e) {
        problem = (e as Error).message;
      }
    }
    if (!r.success || problem) {
      skipItem(ctx.log, report, `fixture[${i}]`, problem ?? 'invalid');
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
export function toImported(source: string, f: AdapterFixture): ImportedMatch {
  return {
    // fixture_sources.source is free text; ImportedMatch names only the file importers.
    source: source as ImportedMatch['source'],
    source_key: f.source_key,
    competition: f.competition,
    season: f.season,
    round: f.round,
    group: f.group,
    venue: f.venue,
    kickoff: new Date(f.kickoff).toISOString(),
    home_team: f.home_team.trim(),
    away_team: f.away_team.trim(),
    status: 'scheduled',
    result: null,
    events: [],
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
  const unknown = [...new Set(valid.map((v) => v.parsed.source_key).filter((k) => !ids.has(k)))];
  for (const k of unknown) {
    const cached = ctx.fixtures.get(k);
    if (cached) ids.set(k, cached.id);
  }
  const missing = unknown.filter((k) => !ids.has(k));
  if (missing.length) {
    const rows = await ctx.engine.store.db
      .select({ key: t.fixtureSources.sourceKey, id: t.fixtureSources.fixtureId })
      .from(t.fixtureSources)
      .where(inArray(t.fixtureSources.sourceKey, missing));
    for (const r of rows) ids.set(r.key, r.id);
  }
  const items: IngestItem[] = [];
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
    items.push({
      fixture_id: fixtureId,
      event: parsed.event,
      ...(parsed.occurred_at ? { occurred_at: new Date(parsed.occurred_at).toISOString() } : {}),
    });
  }
  if (!items.length) return;
  const outcomes = await ctx.engine.ingest(items, ctx.adapter.name);
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
