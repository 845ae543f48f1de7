/**
 * What an adapter has delivered, and the corrections a new poll implies (docs/adapters.md "The
 * kit"). Every adapter maps a poll to the full list of events the upstream shows *now* for a game
 * (deterministic ids from upstream identity); {@link diffDelivered} compares that list with the
 * ledger of what was delivered before and returns only what the feed needs:
 *
 * - an event not delivered yet → the event itself;
 * - a delivered event whose fields changed upstream (scorer re-credited, assist added, strength
 *   fixed) → an `amend` correction (lib/match/corrections.ts) with the changed fields;
 * - a delivered event the upstream no longer lists (a goal taken back, an NBA action deleted) →
 *   a `retract` correction — only when the poll saw the game's complete list (`complete`);
 * - a delivered event whose type changed → retract, then the new one under a fresh id
 *   (`<id>~<n>`), as after a retraction the same upstream item comes back.
 *
 * Never a silent rewrite: a change of the past is an explicit correction on every channel. Pure;
 * the ledger is JSON (kept in the adapter state).
 */
import { createHash } from 'node:crypto';
import { AmendableFields, CORRECTION_TYPE } from '@/lib/match/corrections';
import type { FeedEvent } from '@/lib/match/state';

/** base event id (upstream identity) → [delivered event id, fingerprint, type]; `gen`: base id → retractions so far. */
export interface Ledger {
  sent: Record<string, [string, string, string]>;
  gen?: Record<string, number>;
}

/** What {@link diffDelivered} returns: the events to send (corrections first) and the new ledger. */
export interface LedgerDiff {
  events: FeedEvent[];
  ledger: Ledger;
  added: number;
  amended: number;
  retracted: number;
}

const AMENDABLE = ['side', 'player', 'minute', 'stoppage', 'period', 'clock_seconds', 'detail'] as const;

/** A short stable fingerprint of an event's content (type and amendable fields; keys sorted). */
export function fingerprint(e: FeedEvent): string {
  const o: Record<string, unknown> = { type: e.type };
  for (const k of AMENDABLE) o[k] = e[k];
  return createHash('sha1').update(stableJson(o)).digest('base64').slice(0, 12);
}

function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

/** Reads a ledger leniently: anything unreadable is an empty ledger ("nothing delivered yet"). */
export function readLedger(raw: unknown): Ledger {
  const sent: Ledger['sent'] = {};
  const gen: Record<string, number> = {};
  if (raw && typeof raw === 'object') {
    const r = raw as { sent?: unknown; gen?: unknown };
    if (r.sent && typeof r.sent === 'object')
      for (const [k, v] of Object.entries(r.sent))
        if (Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === 'string'))
          sent[k] = [v[0], v[1], v[2]] as [string, string, string];
    if (r.gen && typeof r.gen === 'object')
      for (const [k, v] of Object.entries(r.gen)) if (Number.isInteger(v) && (v as number) > 0) gen[k] = v as number;
  }
  return Object.keys(gen).length ? { sent, gen } : { sent };
}

const blank = { side: null, player: null, minute: null, stoppage: null, period: null, clock_seconds: null } as const;

/** An event of `type` with every field empty (null, `detail` {}) but `fields`: what mappers start from. */
export function feedEvent(event_id: string, type: string, fields: Partial<FeedEvent> = {}): FeedEvent {
  return { event_id, type, ...blank, detail: {}, ...fields };
}

/** A retract correction of `target`. Its id is `<target>#retract`. */
export function retraction(target: string, reason: string): FeedEvent {
  return {
    event_id: `${target}#retract`,
    type: CORRECTION_TYPE,
    ...blank,
    detail: { action: 'retract', target_event_id: target, reason },
  };
}

/** An amend correction of `target` with `changes`; its id carries the new content's fingerprint. */
export function amendment(target: string, changes: Record<string, unknown>, fp: string, reason: string): FeedEvent {
  return {
    event_id: `${target}#amend:${fp}`,
    type: CORRECTION_TYPE,
    ...blank,
    detail: { action: 'amend', target_event_id: target, changes, reason },
  };
}

/**
 * Diffs the events the upstream shows now for one game (`current`, in application order, ids =
 * upstream identity) against `ledger` (see the module comment). `complete`: the poll saw the
 * game's whole list, so a missing delivered event was removed upstream (false: missing events
 * are left alone). `reason` goes into every correction (e.g. `changed upstream (nhl)`).
 * The returned events carry their delivered ids (a re-delivered item gets `<id>~<n>`).
 */
export function diffDelivered(
  ledger: Ledger,
  current: readonly FeedEvent[],
  opts: { complete: boolean; source: string },
): LedgerDiff {
  const sent: Ledger['sent'] = { ...ledger.sent };
  const gen: Record<string, number> = { ...ledger.gen };
  const corrections: FeedEvent[] = [];
  const fresh: FeedEvent[] = [];
  let amended = 0;
  let retracted = 0;
  const seen = new Set<string>();
  const deliveredId = (base: string) => (gen[base] ? `${base}~${gen[base]}` : base);
  const retract = (base: string, why: string) => {
    corrections.push(retraction(sent[base][0], why));
    delete sent[base];
    gen[base] = (gen[base] ?? 0) + 1;
    retracted += 1;
  };
  for (const e of current) {
    const base = e.event_id;
    if (seen.has(base)) continue;
    seen.add(base);
    const fp = fingerprint(e);
    const before = sent[base];
    if (before && before[1] === fp) continue;
    if (before) {
      const changes = amendableChanges(e);
      if (changes && before[2] === e.type) {
        corrections.push(amendment(before[0], changes, fp, `changed upstream (${opts.source})`));
        sent[base] = [before[0], fp, e.type];
        amended += 1;
        continue;
      }
      retract(base, `changed type upstream (${opts.source})`);
    }
    const id = deliveredId(base);
    fresh.push({ ...e, event_id: id });
    sent[base] = [id, fp, e.type];
  }
  if (opts.complete)
    for (const base of Object.keys(ledger.sent))
      if (!seen.has(base)) retract(base, `removed upstream (${opts.source})`);
  const out: Ledger = Object.keys(gen).length ? { sent, gen } : { sent };
  return { events: [...corrections, ...fresh], ledger: out, added: fresh.length, amended, retracted };
}

/** The amendable fields of `e` as an amend's `changes` (every field: the target becomes `e`), or null when they do not validate. */
function amendableChanges(e: FeedEvent): Record<string, unknown> | null {
  const changes: Record<string, unknown> = {};
  for (const k of AMENDABLE) changes[k] = e[k];
  return AmendableFields.safeParse(changes).success ? changes : null;
}
