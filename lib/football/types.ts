/**
 * Football domain types shared by importers, the rules reducer, the feed engine and the wire layer.
 *
 * Conventions (see docs/football.md):
 * - `minute` is the *displayed* match minute (1-based, as a fan reads it), capped at the
 *   regulation end of its period (45, 90, 105, 120); added time is carried in `stoppage`.
 *   So "90+4'" is `{ minute: 90, stoppage: 4 }` and a StatsBomb 15:30 is minute 16.
 * - `clock_seconds` is the match clock in seconds since kickoff as the sources count it
 *   (2nd half starts at 45*60, extra time 1 at 90*60, extra time 2 at 105*60), stoppage included.
 * - `side` is the team the event belongs to; for a goal it is the team *credited* with the goal
 *   (an own goal is credited to the opponent of the player who scored it).
 */
import { HALVES_WITH_EXTRA_TIME } from '../rules/periods';

export type Side = 'home' | 'away';

/** Match status values (spec 3 leaves them open; documented in docs/football.md). */
export const FOOTBALL_STATUSES = [
  'scheduled',
  'in_play',
  'break',
  'finished',
  'postponed',
  'suspended',
  'abandoned',
] as const;
export type FootballStatus = (typeof FOOTBALL_STATUSES)[number];

/** Period values: playing periods plus the breaks between them. */
export const FOOTBALL_PERIODS = [...HALVES_WITH_EXTRA_TIME, 'before_penalties', 'penalties', 'full_time'] as const;
export type FootballPeriod = (typeof FOOTBALL_PERIODS)[number];

/** Playing periods, with the displayed minute their clock starts from and their regulation length. */
export const PLAYING_PERIODS = {
  '1st_half': { startMinute: 0, length: 45 },
  '2nd_half': { startMinute: 45, length: 45 },
  extra_time_1st: { startMinute: 90, length: 15 },
  extra_time_2nd: { startMinute: 105, length: 15 },
} as const;
export type PlayingPeriod = keyof typeof PLAYING_PERIODS;

/** Event kinds (spec 2.5: goals, cards, substitutions, corners, penalties, period changes, clock changes). */
export const FOOTBALL_EVENT_TYPES = [
  'period_start', // detail: {} ; `period` = the playing period that starts (or 'penalties')
  'period_end', // `period` = the playing period that ends
  'goal', // detail: { penalty?: true, own_goal?: true }
  'card', // detail: { card: 'yellow' | 'second_yellow' | 'red' }
  'substitution', // player = leaving; detail: { replacement: string, reason?: 'tactical' | 'injury' }
  'corner',
  'penalty_awarded',
  'penalty_missed',
  'shootout', // detail: { home: number, away: number } final shoot-out score (no per-kick data upstream)
  'status', // detail: { status: 'postponed' | 'suspended' | 'abandoned' | 'resumed' | 'scheduled' }
  'clock', // detail: { clock_seconds: number, running: boolean } explicit clock correction
  'full_time', // final whistle
  'result', // authoritative final result from a results-only source; detail: MatchResult
] as const;
export type FootballEventType = (typeof FOOTBALL_EVENT_TYPES)[number];

/** Final result as the sources record it: [home, away] pairs; `et` is the score after extra time. */
export interface MatchResult {
  ht: [number, number] | null;
  ft: [number, number];
  et: [number, number] | null;
  p: [number, number] | null;
}

export interface LineupPlayer {
  name: string;
  nickname: string | null;
  jersey_number: number | null;
  position: string | null;
  starter: boolean;
}
export interface Lineup {
  side: Side;
  team: string;
  formation: string | null;
  players: LineupPlayer[];
}

/** One bookmaker price as imported (decimal odds). `kind` opening = the early pre-match price, closing = last before kickoff. */
export interface OddsQuote {
  bookmaker: string; // slug, e.g. 'bet365', 'pinnacle', 'market-average'
  market: '1X2' | 'over_under' | 'asian_handicap';
  selection: 'home' | 'draw' | 'away' | 'over' | 'under';
  line: number | null; // goals line (2.5) or handicap for the home side
  price: number; // decimal odds > 1
  kind: 'opening' | 'closing';
}

export interface TeamMatchStats {
  shots: number | null;
  shots_on_target: number | null;
  fouls: number | null;
  corners: number | null;
  yellow_cards: number | null;
  red_cards: number | null;
}
