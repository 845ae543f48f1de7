/**
 * Esports (Counter-Strike-style series) values and state for the SportRules contract
 * (lib/rules/contract.ts), clock 'none'.
 *
 * Conventions:
 * - A fixture is one series between two teams (home = first-named), best of 1, 3 or 5 maps
 *   (`map_start` of map 1, detail.best_of; default 3). The first team to win
 *   ceil(best_of / 2) maps wins the series.
 * - A map is played in rounds, Counter-Strike 2 format: regulation MR12 (the first team to 13
 *   rounds wins; 24 rounds at most), then at 12–12 overtimes of 6 rounds (MR3): the first to 4
 *   in the overtime wins the map, and another overtime follows at 3–3. Maps cannot end level.
 * - Headline `score`: maps won (the `result` event's score once it arrives).
 * - The series finishes only with the `result` event; `minute` is always 0.
 *
 * Dota 2 (`map_start` detail.game `dota2`, OpenDota): a fixture is one game (best of 1; a
 * series' games are fixtures of their own). The game's "rounds" are **kills** (`kill` events,
 * side = the team whose hero scored it), and the headline `score` is the kills throughout (the
 * result's kills once it arrives); towers, barracks and Roshan kills are counted per side
 * (`building_destroyed`, `roshan_killed`); the game ends with `map_end` detail.winner (the side
 * that destroyed the other's Ancient) — a team may win with fewer kills.
 */
import type { Side } from '../rules/contract';
import type { PerSide } from '../rules/sides';
import { PERIOD_SPORT_STATUSES } from '../rules/status';

/** `home` = the first-named team, `away` = the other. */
export type { Side };

/** Statuses in order: scheduled, in_play (a map), break (between maps), finished, then suspended, postponed, abandoned. */
export const ESPORTS_STATUSES = PERIOD_SPORT_STATUSES;
/** One of {@link ESPORTS_STATUSES}. */
export type EsportsStatus = (typeof ESPORTS_STATUSES)[number];

/** Series lengths: best of 1, 3 or 5 maps. */
export const ESPORTS_BEST_OF = [1, 3, 5] as const;
/** Series length in maps: 1, 3 or 5. */
export type BestOf = (typeof ESPORTS_BEST_OF)[number];

/** Rounds per half in regulation (MR12: 13 rounds win a map) and per overtime half (MR3). */
export const CS_FORMAT = { regulation_half: 12, overtime_half: 3 } as const;

/** Period values in order: `not_started`, `map_1`, `after_map_1`, …, `map_5`, `after_map_5`, `final`. */
export const ESPORTS_PERIODS: readonly string[] = [
  'not_started',
  ...[1, 2, 3, 4, 5].flatMap((k) => [`map_${k}`, `after_map_${k}`]),
  'final',
];

/**
 * Event types. Fields and detail shapes:
 * - `map_start`: period = the next map (or null); detail { map: map name, best_of?: 1 | 3 | 5
 *   (map 1 only; default 3) }.
 * - `round_won`: side = the round winner; detail { round?: the round's number on the map,
 *   checked against the rounds played (1-based) }.
 * - `map_end`: period = the map being played (or null); the map must be decided.
 * - `status`: detail { status } (lib/rules/status.ts).
 * - `result`: authoritative final; detail { home, away (maps won), best_of? (when no map was
 *   played) } — the winner has won ceil(best_of / 2) maps, the loser fewer. Dota 2: detail
 *   { winner: side, home, away (kills) }.
 * - Dota 2 only (a `dota2` game in play): `kill` (side = the killing team; detail { killer?,
 *   victim? hero names }), `building_destroyed` (side = the destroying team; detail { building:
 *   `tower` | `barracks` | `ancient` | another upstream name, key?: upstream unit name }),
 *   `roshan_killed` (side = the team that killed Roshan). `map_end` detail { winner: side }.
 *   A `kill` may carry detail.time (game seconds, 0–{@link DOTA_MAX_GAME_SECONDS}): the game clock.
 * - Dota 2 only: `gold_lead` (side null): detail { lead: home's net-worth lead in gold (negative:
 *   away ahead; |lead| ≤ {@link DOTA_MAX_GOLD_LEAD}), time: game seconds } — OpenDota's per-minute
 *   `radiant_gold_adv`; it sets the game's gold lead and clock, no effect on the score.
 * - Dota 2 only: `box_score` (side null): detail { players: {@link DotaPlayerLine}[] } — every
 *   player's line of the game as the source publishes it (OpenDota's `players[]` once the game
 *   is parsed); a later one replaces an earlier one. Read by the player statistics
 *   (lib/statistics/esports.ts), no effect on the score.
 */
export const ESPORTS_EVENT_TYPES = [
  'map_start',
  'round_won',
  'map_end',
  'status',
  'result',
  'kill',
  'building_destroyed',
  'roshan_killed',
  'box_score',
  'gold_lead',
] as const;

/** Longest Dota 2 game clock a `kill` / `gold_lead` may carry, seconds (4 h; the longest pro games run ~2.5 h). */
export const DOTA_MAX_GAME_SECONDS = 14_400;
/** Largest net-worth lead a `gold_lead` may carry, gold (a 50-minute stomp reaches ~60,000). */
export const DOTA_MAX_GOLD_LEAD = 500_000;

/** One player's line of a Dota 2 game in a `box_score` event (counts for the whole game; per minute as published). */
export interface DotaPlayerLine {
  side: Side;
  /** The player's name (pro name, else the account's persona name). */
  player: string;
  /** Dota 2 hero id (OpenDota's `hero_id`); null when not given. */
  hero_id: number | null;
  /** The hero's English name for `hero_id` (lib/esports/dota-heroes.ts, dotaconstants); null when unknown. */
  hero: string | null;
  kills: number;
  deaths: number;
  assists: number;
  /** Gold and experience per minute (GPM, XPM). */
  gold_per_min: number | null;
  xp_per_min: number | null;
  last_hits: number | null;
  denies: number | null;
}
/** One of {@link ESPORTS_EVENT_TYPES}. */
export type EsportsEventType = (typeof ESPORTS_EVENT_TYPES)[number];

/** Games the rules know: Counter-Strike (rounds, the default) and Dota 2 (kills, objectives). */
export const ESPORTS_GAMES = ['counter-strike', 'dota2'] as const;
/** One of {@link ESPORTS_GAMES}. */
export type EsportsGame = (typeof ESPORTS_GAMES)[number];

/** A Dota 2 game's objectives per side: buildings destroyed by each team and Roshan kills. */
export interface DotaObjectives {
  towers: PerSide<number>;
  barracks: PerSide<number>;
  roshans: PerSide<number>;
}

/** One map of the series: rounds won per team (Dota 2: kills) and, once decided and ended, its winner. */
export interface EsportsMap {
  /** 1-based position in the series. */
  number: number;
  map: string;
  home: number;
  away: number;
  /** Null while the map is being played. */
  winner: Side | null;
  /** Dota 2 games only. */
  objectives?: DotaObjectives;
  /** Dota 2: home's latest net-worth lead in gold (`gold_lead`; negative: away ahead), absent before one. */
  gold_lead?: number;
  /** Dota 2: the game's kills when the latest `gold_lead` came (the kills since are not in that lead yet). */
  gold_lead_kills?: PerSide<number>;
  /** Dota 2: the latest game clock a `kill` or `gold_lead` carried, seconds. */
  game_seconds?: number;
}

/** The final result (maps won). */
export interface EsportsResult extends PerSide<number> {
  winner: Side;
}

/**
 * `result.detail` of a finished ImportedSportMatch (`result.home`/`away` = maps won,
 * `result.winner` the series winner): the series length and every map played.
 */
export type EsportsResultDetail = {
  best_of: BestOf;
  maps: EsportsMap[];
};

/** The series state the reducer folds (lib/esports/rules.ts); `project` derives the wire state from it. */
export interface EsportsState {
  /** Set by map 1's `map_start` (detail.game; default counter-strike). Absent in states stored before Dota 2 support: counter-strike. */
  game?: EsportsGame;
  status: EsportsStatus;
  period: string;
  best_of: BestOf;
  /** Maps started, in order (the last one is being played while the period is `map_<n>`). */
  maps: EsportsMap[];
  interrupted_from: EsportsStatus | null;
  result: EsportsResult | null;
  events_applied: number;
}
