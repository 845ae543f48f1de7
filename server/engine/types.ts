import type { PriceInput } from '@/lib/odds/convert';
import type { FeedEvent, MatchState } from './sport-rules';

/** What the wire layer needs to know about a fixture besides its state. */
export interface FixtureInfo {
  id: number;
  sport: string;
  competition: { id: number; slug: string; season: string; name: string; isReplay: boolean };
  home_team: string;
  away_team: string;
  /** The teams' ids (GET /v1/{sport}/teams/{id}), beside their names on the wire. */
  home_team_id: number;
  away_team_id: number;
  kickoff: string;
  round: string | null;
  group: string | null;
  venue: string | null;
}

/** An event as stored in the log: the source event plus its global `seq` and timestamps (ISO 8601 UTC). */
export interface StoredEvent extends FeedEvent {
  seq: number;
  fixture_id: number;
  sport: string;
  source: string;
  occurred_at: string;
  received_at: string;
}

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

export type OddsOutcome = { tick_id: string; status: 'stored'; seq: number } | { tick_id: string; status: 'duplicate' } | { tick_id: string; status: 'rejected'; error: string };
