/**
 * Console session plumbing: event ids, the ingest bodies, and Undo (docs/operators.md
 * "Corrections": undo = a retraction of the latest event that is not a correction and not
 * already retracted).
 */
import type { EventDraft } from './types';

/** Six random characters of [a-z0-9] (Math.random: ids need to be unique, not secret). */
export function randomSuffix(): string {
  let s = '';
  while (s.length < 6) s += Math.floor(Math.random() * 36).toString(36);
  return s;
}

/**
 * Event ids of one console session on one fixture: `console-<fixtureId>-<counter>-<random6>`,
 * counter from 1. The same session never repeats an id; two sessions differ by their suffix.
 * @param suffix the session's six characters (default random)
 */
export function eventIds(fixtureId: number, suffix = randomSuffix()): () => string {
  let n = 0;
  return () => `console-${fixtureId}-${++n}-${suffix}`;
}

/** The body item of `POST /v1/ops/events` for a drafted event. `occurredAt` ISO 8601 UTC. */
export function opsEvent(
  fixtureId: number,
  eventId: string,
  d: EventDraft,
  occurredAt: string,
): EventDraft & { fixture_id: number; event_id: string; occurred_at: string } {
  return { fixture_id: fixtureId, event_id: eventId, ...d, occurred_at: occurredAt };
}

/** A stored log entry as `GET /v1/ops/fixtures/{id}` lists it (the fields the console reads). */
export interface LogEntry {
  seq: number;
  event_id: string;
  type: string;
  side: 'home' | 'away' | null;
  player: string | null;
  minute: number | null;
  period: string | null;
  detail: Record<string, unknown>;
  retracted: boolean;
  amended?: boolean;
}

/** The event Undo retracts: the latest (by `seq`) that is not a correction and not retracted; null when none. */
export function undoTarget(log: readonly LogEntry[]): LogEntry | null {
  let best: LogEntry | null = null;
  for (const e of log) if (e.type !== 'correction' && !e.retracted && (!best || e.seq > best.seq)) best = e;
  return best;
}

/** The body of `POST /v1/ops/corrections` that retracts `target`. */
export function undoCorrection(
  fixtureId: number,
  eventId: string,
  target: LogEntry,
): { fixture_id: number; event_id: string; target_event_id: string; action: 'retract'; reason: string } {
  return {
    fixture_id: fixtureId,
    event_id: eventId,
    target_event_id: target.event_id,
    action: 'retract',
    reason: 'Undo in the live scoring console',
  };
}
