/** The engine's inputs, outcomes and bus messages (a fixture's facts and stored events: lib/match/types.ts). */
import type { PriceInput } from '@/lib/odds/convert';
import type { FeedEvent, MatchState } from '@/lib/match/state';
import type { FixtureInfo, StoredEvent } from '@/lib/match/types';

/** Published on the bus after the transaction that stored `event` committed. */
export interface FeedMessage {
  seq: number;
  event: StoredEvent;
  fixture: FixtureInfo;
  state: MatchState;
}

/** One event offered to the engine. `occurred_at` defaults to the time of receipt. */
export interface IngestItem {
  fixture_id: number;
  event: FeedEvent;
  occurred_at?: string;
}

export type IngestOutcome =
  | { event_id: string; status: 'stored'; seq: number }
  | { event_id: string; status: 'duplicate'; seq: number | null }
  | { event_id: string; status: 'rejected'; error: string };

/** One price offered to the engine (decimal odds); `tick_id` is its idempotency key. */
export interface OddsTickInput {
  tick_id: string;
  fixture_id: number;
  bookmaker: string;
  market: string;
  selection: string;
  line: number | null;
  /**
   * The price: decimal odds as a number, or any format lib/odds/convert.ts reads — a string
   * ("2.50", "+150", "-120", "5/2", "evs", "40%") or `{format, value}` — converted to decimal
   * by its one rule (docs/odds.md).
   */
  price: PriceInput;
  /** ISO 8601 UTC; defaults to the time of receipt. */
  observed_at?: string;
}

/** A stored live tick: the wire shape (lib/wire/schemas.ts OddsTickSchema) plus its identity. */
export interface StoredTick {
  tick_id: string;
  fixture_id: number;
  seq: number;
  bookmaker: string;
  market: string;
  selection: string;
  line: number | null;
  price: number;
  observed_at: string;
  received_at: string;
}

/** Published on the bus after the transaction that stored a fixture's ticks committed. */
export interface OddsMessage {
  /** The last tick's seq. */
  seq: number;
  fixture: FixtureInfo;
  ticks: StoredTick[];
}

export type OddsOutcome =
  | { tick_id: string; status: 'stored'; seq: number }
  | { tick_id: string; status: 'duplicate' }
  | { tick_id: string; status: 'rejected'; error: string };
