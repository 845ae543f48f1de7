/**
 * The contract every sport's rules module follows (docs/sports/README.md; ARCHITECTURE.md): values,
 * a pure reducer `applyEvent(state, event) → state`, and the projection onto the spec 2.1 live
 * shape (`score`, `minute`, `period`, `status`) with the sport's own state beside it. All ten
 * sports follow it (lib/match/registry.ts); football through its adapter
 * (lib/football/match-rules.ts), which keeps its own state and reads its clock at wall time.
 *
 * Conventions for every sport:
 * - `side` 'home' | 'away': the first-named / home team (tennis: player 1 = home, player 2 = away).
 * - Times: `clock_seconds` is the sport's clock in seconds (counting up or down, see `clock`);
 *   null where the sport has no clock (tennis, baseball, cricket, golf).
 * - Every event has a stable `event_id` (idempotency key).
 */
import type { Sport } from '../sports';

export type Side = 'home' | 'away';

/** A match event of any sport, as a source produces it (before it is stored). */
export interface SportEvent {
  /** Stable idempotency key: the same event sent twice is stored once. */
  event_id: string;
  /** One of the sport's `eventTypes`. */
  type: string;
  side: Side | null;
  player: string | null;
  /** Displayed minute where the sport has one (football, rugby, ice hockey, basketball); else null. */
  minute: number | null;
  /** One of the sport's `periods`, or null when the event does not change or name it. */
  period: string | null;
  clock_seconds: number | null;
  /** Sport-specific facts (documented per event type in the sport's module). */
  detail: Record<string, unknown>;
  /**
   * ISO 8601 UTC wall time the event happened, set where the rules need it: the engine sets it
   * for a sport keeping its own state (`ownState`: football, whose match clock runs on wall
   * time; lib/match/state.ts). The other sports' rules ignore it.
   */
  occurred_at?: string;
}

/** The spec 2.1 fields every sport fills, plus the sport's own live state under `state`. */
export interface LiveProjection {
  score: { home: number; away: number };
  /** Displayed minute; 0 where the sport has no minute. */
  minute: number;
  period: string;
  status: string;
  /** Sport-specific live state (cricket overs/wickets/target, tennis sets/games/points/server, …). */
  state: Record<string, unknown>;
  /**
   * Spec 2.1 fields a sport shows at the top of the live match instead of in `state` (football,
   * docs/football.md); absent for the other sports, whose live match shows them as null. When
   * set, `state` is {} and the live match shows `state: null`.
   */
  top_level?: TopLevelExtras;
}

/** Football's spec 2.1 extras, top-level fields of its live match (docs/football.md). */
export interface TopLevelExtras {
  /** Added minutes shown after the period's regulation end (90+4' → 4), else null. */
  stoppage_time: number | null;
  /** The match clock: seconds since kickoff at `as_of` (ISO 8601 UTC wall time), running at `rate`. */
  clock: { running: boolean; clock_seconds: number; as_of: string; rate: number } | null;
  halftime_score: { home: number; away: number } | null;
  /** Shoot-out score, null without one. */
  penalties: { home: number; away: number } | null;
  red_cards: { home: number; away: number };
}

/** A sport's rules: pure, no I/O. `S` is the sport's match state. */
export interface SportRules<S> {
  sport: Sport;
  /** Status values, in the order a match passes them (plus postponed/abandoned/…). */
  statuses: readonly string[];
  /** Period values (playing periods and breaks). */
  periods: readonly string[];
  eventTypes: readonly string[];
  /** How the clock runs: counting up (football), down (basketball, ice hockey), or none. */
  clock: 'up' | 'down' | 'none';
  /**
   * True when the sport's state is the match state itself, carrying `status`, `score`,
   * `last_event` and `updated_at` at the top (football). Otherwise the engine wraps the state with
   * those beside it (lib/match/state.ts SportMatchState). Stored snapshots keep either shape.
   */
  ownState?: boolean;
  /** State before the first event. */
  initialState(): S;
  /**
   * Applies one event. Pure: returns a new state, never mutates `state`.
   * A sport whose clock runs on wall time (football) reads `event.occurred_at`.
   * Errors: throws RuleError when the event is impossible in this state (e.g. a point after the
   * match ended); callers reject that event and keep the state.
   */
  applyEvent(state: S, event: SportEvent): S;
  /**
   * Optional: applies one event to `state` itself (no copy), for a caller that owns the state
   * and folds a whole log (lib/rules/owned-fold.ts: the win-probability series). The same
   * result as {@link applyEvent} on a copy; it keeps no reference to the event's own objects.
   * Errors: as `applyEvent`; after a refusal the state may be half-changed (the caller restores
   * its copy).
   */
  applyEventInPlace?(state: S, event: SportEvent): void;
  /**
   * The spec 2.1 projection of a state. `atMs` (ms since epoch) is the wall time a clock that
   * runs on wall time is read at (football); the other sports' clocks move with their events
   * and ignore it.
   */
  project(state: S, atMs?: number): LiveProjection;
  /**
   * For a sport whose projection moves with wall time and no event (football's running match
   * clock): the first wall time (ms since epoch) after `atMs` at which `project(state, ·)` may
   * read differently, Infinity when nothing runs. Absent for sports whose projection changes
   * only with events (cached live reads of those never expire on time alone).
   */
  nextChangeAt?(state: S, atMs: number): number;
}

/** An event the rules refuse (the reason is for humans; `code` is stable). */
export class RuleError extends Error {
  constructor(
    readonly code: 'invalid_event' | 'match_over' | 'invalid_state',
    message: string,
  ) {
    super(message);
  }
}

/**
 * One bookmaker price of an imported match (decimal odds > 1): market `moneyline` (home/away),
 * `over_under` (over/under, `line` = total) or `spread` (`line` = the home side's handicap);
 * kind `opening` is taken as observed a day before the start, `closing` at the start (docs/odds.md).
 */
export interface ImportedSportOdds {
  bookmaker: string;
  market: 'moneyline' | 'over_under' | 'spread';
  selection: 'home' | 'away' | 'over' | 'under';
  line: number | null;
  price: number;
  kind: 'opening' | 'closing';
}

/** A match read by a non-football importer: normalised, not yet stored. */
export interface ImportedSportMatch {
  sport: Sport;
  /** Importer format name, e.g. 'cricsheet'. */
  source: string;
  /** Stable natural key inside the source, e.g. `cricsheet/1298179`. */
  source_key: string;
  /** Competition slug (e.g. `t20-world-cup`, `nba`, `nhl`, `atp-tour`, `super-rugby`) and display name. */
  competition: string;
  competition_name: string;
  /** Season label as the sport writes it: `2022`, `2022-23`. */
  season: string;
  round: string | null;
  group: string | null;
  venue: string | null;
  /** Start time, ISO 8601 UTC with Z (a documented default hour when the source has only a date). */
  kickoff: string;
  home_team: string;
  away_team: string;
  status: 'scheduled' | 'finished' | 'postponed' | 'abandoned';
  /**
   * Final result; null when not played. `home`/`away` are the sport's headline score (goals,
   * runs, points, sets won); `detail` holds the rest (cricket innings totals and margin, tennis
   * set scores, OT/SO, tries and bonus points).
   */
  result: { home: number; away: number; winner: Side | null; detail: Record<string, unknown> } | null;
  /** The event timeline when the source has one (cricsheet, retrosheet, point by point); else []. */
  events: SportEvent[];
  /** Per-side statistics the source records (e.g. tennis aces), else null. */
  stats: { home: Record<string, number | null>; away: Record<string, number | null> } | null;
  /** Bookmaker prices the source records (tennis: the tennis-data.co.uk workbook), else absent. */
  odds?: ImportedSportOdds[];
  /** The source of `odds` when it is not `source` (e.g. `tennis-data` on a `sackmann-atp` match). */
  odds_source?: string;
}
