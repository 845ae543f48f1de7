/**
 * A fixture and its stored events as every layer sees them: the store reads and writes them, the
 * engine publishes them, the wire serializes them. Pure types.
 */
import type { FeedEvent } from './state';

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

/**
 * A stored fixture as the standings helpers read it (lib/match/football-tables.ts,
 * lib/match/sport-tables.ts); the store's joined row (server/store/fixture-info.ts `FixtureRow`)
 * is one. `kickoff` is the stored timestamp (UTC; ISO 8601 or PostgreSQL's text form, read with
 * lib/match/iso-utc.ts); scores are null before the match has one.
 */
export interface FixtureRecord {
  id: number;
  sport: string;
  /** Competition slug, name and season. */
  slug: string;
  league: string;
  season: string;
  round: string | null;
  group: string | null;
  venue: string | null;
  kickoff: string;
  status: string;
  homeTeam: string;
  awayTeam: string;
  homeScore: number | null;
  awayScore: number | null;
}
