/**
 * Operator ingest (docs/operators.md), operator keys only. Every item goes through the feed
 * engine's ingest path (idempotent by event_id / tick_id, gap-free seq, delivered over REST,
 * WebSocket and webhooks) and gets its own outcome: a malformed item is rejected with its error
 * and the rest of the request is still stored.
 *   POST /v1/ops/events                 — {events: [event]}
 *   POST /v1/ops/corrections            — one correction (amend / retract an earlier event)
 *   POST /v1/ops/fixtures/{id}/status   — one status change
 *   POST /v1/ops/odds                   — {ticks: [tick]}
 *   POST /v1/ops/batch                  — {items: [{op, …}]}
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { vocabularyError } from '@/lib/match/vocabulary';
import {
  BatchBody,
  CorrectionBody,
  EventsBody,
  IngestEventSchema,
  IngestTickSchema,
  type ItemResultSchema,
  OddsBody,
  StatusBody,
} from '@/lib/wire/ops';
import { CORRECTION_TYPE } from '@/lib/match/corrections';
import { OPERATOR_SOURCE } from '../../engine/operator-reference';
import type { FeedEvent } from '@/lib/match/state';
import type { IngestItem, OddsTickInput } from '../../engine/types';
import { MAX_OPS_BODY_BYTES, readJsonBody } from '../body';
import { isUnsafeString, UNSAFE_MESSAGE, unsafeStringPath } from '../safe-strings';
import { json, type Ctx } from '../handler';
import { ApiError } from '../problem';
import { idParam } from './ops-reference';

type ItemResult = z.infer<typeof ItemResultSchema>;
type Op = ItemResult['op'];
/** An item after validation: an event for the engine, a tick, or the reason it was refused. */
type Prepared = { index: number; op: Op; id: string | null } & (
  | { event: IngestItem }
  | { tick: OddsTickInput }
  | { error: string }
);

const issues = (e: z.ZodError) => e.issues.map((i) => `${i.path.join('.') || 'item'}: ${i.message}`).join('; ');

const blank = { side: null, player: null, minute: null, stoppage: null, period: null, clock_seconds: null } as const;

/** Validates one item of `op` (the batch's `op` key already removed). */
function prepare(index: number, op: Op, raw: unknown): Prepared {
  const rawId = (k: string) => {
    const v = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[k] : undefined;
    return typeof v === 'string' && !isUnsafeString(v) ? v : null;
  };
  const unsafe = unsafeStringPath(raw);
  if (unsafe)
    return {
      index,
      op,
      id: rawId(op === 'odds' ? 'tick_id' : 'event_id'),
      error: `${unsafe === 'body' ? 'item' : unsafe}: ${UNSAFE_MESSAGE}`,
    };
  if (op === 'odds') {
    const r = IngestTickSchema.safeParse(raw);
    if (!r.success) return { index, op, id: rawId('tick_id'), error: issues(r.error) };
    return { index, op, id: r.data.tick_id, tick: r.data };
  }
  if (op === 'correction') {
    const r = CorrectionBody.safeParse(raw);
    if (!r.success) return { index, op, id: rawId('event_id'), error: issues(r.error) };
    const c = r.data;
    const event_id = c.event_id ?? `${c.target_event_id}#${c.action}`;
    const detail = {
      action: c.action,
      target_event_id: c.target_event_id,
      ...(c.changes ? { changes: c.changes } : {}),
      ...(c.reason ? { reason: c.reason } : {}),
    };
    return {
      index,
      op,
      id: event_id,
      event: {
        fixture_id: c.fixture_id,
        occurred_at: c.occurred_at,
        event: { event_id, type: CORRECTION_TYPE, ...blank, detail },
      },
    };
  }
  if (op === 'status') {
    const r = StatusBody.extend({ fixture_id: IngestEventSchema.shape.fixture_id }).safeParse(raw);
    if (!r.success) return { index, op, id: rawId('event_id'), error: issues(r.error) };
    const event_id = r.data.event_id ?? `ops-status-${randomUUID()}`;
    return {
      index,
      op,
      id: event_id,
      event: {
        fixture_id: r.data.fixture_id,
        occurred_at: r.data.occurred_at,
        event: { event_id, type: 'status', ...blank, detail: { status: r.data.status } },
      },
    };
  }
  const r = IngestEventSchema.safeParse(raw);
  if (!r.success) return { index, op, id: rawId('event_id'), error: issues(r.error) };
  const { fixture_id, occurred_at, ...e } = r.data;
  if (e.type === CORRECTION_TYPE)
    return prepare(index, 'correction', { fixture_id, event_id: e.event_id, occurred_at, ...e.detail });
  return { index, op, id: e.event_id, event: { fixture_id, occurred_at, event: e as FeedEvent } };
}

/**
 * Stores prepared items: events (corrections and status changes included) in one engine call in
 * their order, ticks in another. Returns one result per item, by index, and the totals.
 */
async function run(ctx: Ctx, items: Prepared[]) {
  const { engine } = ctx.services;
  const results = new Map<number, ItemResult>();
  const events: (Prepared & { event: IngestItem })[] = [];
  for (const p of items) {
    if ('error' in p)
      results.set(p.index, { index: p.index, op: p.op, id: p.id, status: 'rejected', seq: null, error: p.error });
    else if ('tick' in p) continue;
    else {
      const info = await engine.fixtureInfo(p.event.fixture_id);
      const error = info && vocabularyError(info.sport, p.event.event);
      if (error) results.set(p.index, { index: p.index, op: p.op, id: p.id, status: 'rejected', seq: null, error });
      else events.push(p);
    }
  }
  if (events.length) {
    const outcomes = await engine.ingest(
      events.map((p) => p.event),
      OPERATOR_SOURCE,
    );
    outcomes.forEach((o, i) => {
      const p = events[i];
      results.set(
        p.index,
        o.status === 'rejected'
          ? { index: p.index, op: p.op, id: p.id, status: 'rejected', seq: null, error: o.error }
          : { index: p.index, op: p.op, id: p.id, status: o.status, seq: o.seq },
      );
    });
  }
  const ticks = items.filter((p): p is Prepared & { tick: OddsTickInput } => 'tick' in p);
  if (ticks.length) {
    const outcomes = await engine.ingestOdds(
      ticks.map((p) => p.tick),
      OPERATOR_SOURCE,
    );
    outcomes.forEach((o, i) => {
      const p = ticks[i];
      results.set(
        p.index,
        o.status === 'rejected'
          ? { index: p.index, op: p.op, id: p.id, status: 'rejected', seq: null, error: o.error }
          : { index: p.index, op: p.op, id: p.id, status: o.status, seq: o.status === 'stored' ? o.seq : null },
      );
    });
  }
  const list = items.map((p) => results.get(p.index)!);
  return {
    results: list,
    stored: list.filter((r) => r.status === 'stored').length,
    duplicates: list.filter((r) => r.status === 'duplicate').length,
    rejected: list.filter((r) => r.status === 'rejected').length,
  };
}

/** POST /v1/ops/events — one result per event, in order. Errors: 400 invalid_body when `events` is not a 1–1000 array. */
export async function postEvents(req: Request, ctx: Ctx): Promise<Response> {
  const body = await readJsonBody(req, EventsBody, MAX_OPS_BODY_BYTES, 'events');
  return json(
    await run(
      ctx,
      body.events.map((raw, i) => prepare(i, 'event', raw)),
    ),
    ctx,
  );
}

/** POST /v1/ops/odds — one result per tick, in order. */
export async function postOdds(req: Request, ctx: Ctx): Promise<Response> {
  const body = await readJsonBody(req, OddsBody, MAX_OPS_BODY_BYTES, 'ticks');
  return json(
    await run(
      ctx,
      body.ticks.map((raw, i) => prepare(i, 'odds', raw)),
    ),
    ctx,
  );
}

/** POST /v1/ops/batch — items `{op, …}` of any kind; one result per item, in order. */
export async function postBatch(req: Request, ctx: Ctx): Promise<Response> {
  const body = await readJsonBody(req, BatchBody, MAX_OPS_BODY_BYTES, 'items');
  const ops: readonly string[] = ['event', 'correction', 'status', 'odds'];
  const items = body.items.map((raw, i): Prepared => {
    const op = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).op : undefined;
    if (typeof op !== 'string' || !ops.includes(op))
      return { index: i, op: 'event', id: null, error: 'op: must be "event", "correction", "status" or "odds"' };
    const { op: _op, ...rest } = raw as Record<string, unknown>;
    return prepare(i, op as Op, rest);
  });
  return json(await run(ctx, items), ctx);
}

/**
 * The one result of a single-item request: 201 when stored, 200 for a duplicate or an item the
 * engine refused (status `rejected` with the rules' reason). Errors: 400 invalid_body when malformed.
 */
async function single(ctx: Ctx, p: Prepared): Promise<Response> {
  if ('error' in p) throw new ApiError('invalid_body', p.error);
  const r = await run(ctx, [p]);
  return json(r.results[0], ctx, r.results[0].status === 'stored' ? 201 : 200);
}

/** POST /v1/ops/corrections — 201 with the stored correction's result, 200 for a duplicate or a refused one (status `rejected`, with the reason). */
export async function postCorrection(req: Request, ctx: Ctx): Promise<Response> {
  const body = await readJsonBody(req, CorrectionBody);
  return single(ctx, prepare(0, 'correction', body));
}

/** POST /v1/ops/fixtures/{id}/status — a `status` event; answers like /v1/ops/corrections. */
export async function postStatus(req: Request, ctx: Ctx): Promise<Response> {
  const id = idParam(ctx);
  const body = await readJsonBody(req, StatusBody);
  return single(ctx, prepare(0, 'status', { ...body, fixture_id: id }));
}
