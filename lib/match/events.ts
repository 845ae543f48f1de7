/**
 * The event shapes every layer shares: a source's event before it is stored ({@link SourceEvent},
 * what importers, the replay, adapters and the ingest API produce) and the latest incident a
 * match shows ({@link LastEvent}, spec 2.1 `last_event`). Pure types.
 */
import type { FootballEventType, FootballPeriod } from '@/lib/football/types';
import type { Side } from '@/lib/rules/contract';

/** A match event as produced by a source (importer, replay, ingest API), before it is stored. */
export interface SourceEvent {
  /** Stable idempotency key: the same event sent twice is stored once. */
  event_id: string;
  type: FootballEventType;
  side: Side | null;
  player: string | null;
  minute: number | null;
  stoppage: number | null;
  period: FootballPeriod | null;
  clock_seconds: number | null;
  detail: Record<string, unknown>;
}

/** Latest match incident (an event with a team: goal, card, substitution, corner, penalty) — spec 2.1 `last_event`, sides not yet mapped to names. */
export interface LastEvent {
  event_id: string;
  type: string;
  side: Side | null;
  player: string | null;
  minute: number | null;
  stoppage: number | null;
  /** ISO 8601 UTC wall time of the event. */
  occurred_at: string;
}
