/**
 * Esports series rules (Counter-Strike style) as a pure reducer (lib/rules/contract.ts), clock
 * 'none'. Values, event details and conventions: lib/esports/types.ts.
 *
 * Status machine: scheduled → in_play (map) ⇄ break (between maps) → finished (`result`);
 * in_play | break → suspended → (resumed) previous; any → postponed | abandoned.
 * Period machine: not_started → map_1 → after_map_1 → … until a team has won the series;
 * `result` → final from any period.
 */
import type { LiveProjection, Side, SportEvent, SportRules } from '../rules/contract';
import { assertNotFinished, failEvent as fail, needDecisiveScore, needSide } from '../rules/events';
import { liveProjection } from '../rules/projection';
import { countingReducer } from '../rules/reducer';
import { applyStatusEvent, periodSportStatusRules } from '../rules/status';
import {
  CS_FORMAT,
  DOTA_MAX_GAME_SECONDS,
  DOTA_MAX_GOLD_LEAD,
  ESPORTS_BEST_OF,
  ESPORTS_EVENT_TYPES,
  ESPORTS_GAMES,
  ESPORTS_PERIODS,
  ESPORTS_STATUSES,
  type BestOf,
  type EsportsEventType,
  type EsportsGame,
  type EsportsMap,
  type EsportsState,
} from './types';

const STATUS_RULES = periodSportStatusRules('match');

/** Maps a team needs to win a best-of-`bestOf` series: 1, 2 or 3. */
export function mapsToWin(bestOf: BestOf): number {
  return Math.ceil(bestOf / 2);
}

/**
 * True when a map at `home`–`away` rounds is over (CS2: 13 in regulation; from 12–12, 4 of
 * the 6 rounds of an overtime — see lib/esports/types.ts).
 */
export function mapDecided(home: number, away: number): boolean {
  const { regulation_half: h, overtime_half: o } = CS_FORMAT;
  const hi = Math.max(home, away);
  const lo = Math.min(home, away);
  if (hi <= h) return false;
  if (lo < h) return hi === h + 1;
  return hi === h + o + 1 + o * Math.floor((lo - h) / o);
}

/** State before the first map: best of 3 until map 1 says otherwise. */
export function initialState(): EsportsState {
  return {
    status: 'scheduled',
    period: 'not_started',
    best_of: 3,
    maps: [],
    interrupted_from: null,
    result: null,
    events_applied: 0,
  };
}

/** Maps won per team (ended maps only). */
function mapsWon(s: EsportsState): { home: number; away: number } {
  return {
    home: s.maps.filter((m) => m.winner === 'home').length,
    away: s.maps.filter((m) => m.winner === 'away').length,
  };
}

function needBestOf(e: SportEvent, v: unknown): BestOf {
  if (!ESPORTS_BEST_OF.includes(v as BestOf)) fail(e, 'detail.best_of must be 1, 3 or 5');
  return v as BestOf;
}

/** The map being played. */
function playing(s: EsportsState, e: SportEvent): EsportsMap {
  assertNotFinished(s.status, e, 'match');
  const m = s.maps.at(-1);
  if (!m || s.period !== `map_${m.number}`) fail(e, `no map is being played (period ${s.period})`, 'invalid_state');
  return m;
}

function mapStart(s: EsportsState, e: SportEvent): void {
  assertNotFinished(s.status, e, 'match');
  const number = s.maps.length + 1;
  if (s.period !== (number === 1 ? 'not_started' : `after_map_${number - 1}`))
    fail(e, `map ${number} cannot start during ${s.period}`, 'invalid_state');
  if (e.period !== null && e.period !== `map_${number}`) fail(e, `expected map_${number}`, 'invalid_state');
  if (typeof e.detail.map !== 'string' || e.detail.map.trim() === '') fail(e, 'detail.map must be a map name');
  if (number === 1) {
    const game = e.detail.game ?? 'counter-strike';
    if (!ESPORTS_GAMES.includes(game as EsportsGame)) fail(e, `detail.game must be one of ${ESPORTS_GAMES.join(', ')}`);
    s.game = game as EsportsGame;
    s.best_of = e.detail.best_of === undefined ? (s.game === 'dota2' ? 1 : 3) : needBestOf(e, e.detail.best_of);
  } else if (e.detail.game !== undefined && e.detail.game !== gameOf(s))
    fail(e, `the series is ${gameOf(s)}`, 'invalid_state');
  else if (e.detail.best_of !== undefined && e.detail.best_of !== s.best_of)
    fail(e, `the series is best of ${s.best_of}`, 'invalid_state');
  const won = mapsWon(s);
  if (Math.max(won.home, won.away) >= mapsToWin(s.best_of)) fail(e, 'the series is already decided', 'invalid_state');
  s.maps.push({
    number,
    map: e.detail.map,
    home: 0,
    away: 0,
    winner: null,
    ...(gameOf(s) === 'dota2' ? { objectives: noObjectives() } : {}),
  });
  s.period = `map_${number}`;
  s.status = 'in_play';
}

/** The series' game (states stored before Dota 2 support have none: counter-strike). */
export function gameOf(s: EsportsState): EsportsGame {
  return s.game ?? 'counter-strike';
}

function noObjectives() {
  const zero = () => ({ home: 0, away: 0 });
  return { towers: zero(), barracks: zero(), roshans: zero() };
}

/** The Dota 2 game in play (a `kill`, `building_destroyed` or `roshan_killed` needs one). */
function dotaGame(s: EsportsState, e: SportEvent): EsportsMap & { objectives: NonNullable<EsportsMap['objectives']> } {
  if (gameOf(s) !== 'dota2') fail(e, `${e.type} is a Dota 2 event; this series is ${gameOf(s)}`, 'invalid_state');
  const m = playing(s, e);
  m.objectives ??= noObjectives();
  return m as EsportsMap & { objectives: NonNullable<EsportsMap['objectives']> };
}

/** detail.time of a Dota 2 event: game seconds in [0, DOTA_MAX_GAME_SECONDS], or undefined when absent. */
function gameTime(e: SportEvent, required: boolean): number | undefined {
  const t = e.detail.time;
  if (t === undefined && !required) return undefined;
  if (typeof t !== 'number' || !Number.isFinite(t) || t < 0 || t > DOTA_MAX_GAME_SECONDS)
    fail(e, `detail.time must be game seconds in [0, ${DOTA_MAX_GAME_SECONDS}]`);
  return t as number;
}

/** Moves the game clock forward (never back: a late-listed kill keeps the clock where it is). */
function advanceClock(m: EsportsMap, t: number | undefined): void {
  if (t !== undefined) m.game_seconds = Math.max(m.game_seconds ?? 0, t);
}

function kill(s: EsportsState, e: SportEvent): void {
  const side = needSide(e);
  const t = gameTime(e, false);
  const m = dotaGame(s, e);
  m[side] += 1;
  advanceClock(m, t);
}

/** `gold_lead`: home's net-worth lead at detail.time (validated: an integer within ±DOTA_MAX_GOLD_LEAD). */
function goldLead(s: EsportsState, e: SportEvent): void {
  const lead = e.detail.lead;
  if (!Number.isInteger(lead) || Math.abs(lead as number) > DOTA_MAX_GOLD_LEAD)
    fail(e, `detail.lead must be an integer gold lead within ±${DOTA_MAX_GOLD_LEAD}`);
  const t = gameTime(e, true);
  const m = dotaGame(s, e);
  m.gold_lead = lead as number;
  m.gold_lead_kills = { home: m.home, away: m.away };
  advanceClock(m, t);
}

function buildingDestroyed(s: EsportsState, e: SportEvent): void {
  const side = needSide(e);
  const m = dotaGame(s, e);
  const building = e.detail.building;
  if (typeof building !== 'string' || building === '') fail(e, 'detail.building must name the building');
  if (building === 'tower') m.objectives.towers[side] += 1;
  else if (building === 'barracks') m.objectives.barracks[side] += 1;
}

function roshanKilled(s: EsportsState, e: SportEvent): void {
  const side = needSide(e);
  dotaGame(s, e).objectives.roshans[side] += 1;
}

/** `box_score`: a Dota 2 game's player lines (read by the statistics; the state keeps nothing of it). */
function boxScore(s: EsportsState, e: SportEvent): void {
  if (gameOf(s) !== 'dota2') fail(e, `box_score is a Dota 2 event; this series is ${gameOf(s)}`, 'invalid_state');
  const players = e.detail.players;
  if (!Array.isArray(players) || !players.every((p) => p && typeof p === 'object' && typeof p.player === 'string'))
    fail(e, 'detail.players must be a list of player lines, each with a player name');
}

function roundWon(s: EsportsState, e: SportEvent): void {
  const side = needSide(e);
  if (gameOf(s) === 'dota2') fail(e, 'a Dota 2 game has no rounds (kill events score it)', 'invalid_state');
  const m = playing(s, e);
  if (mapDecided(m.home, m.away)) fail(e, `map ${m.number} is decided at ${m.home}–${m.away}`, 'invalid_state');
  const round = e.detail.round;
  if (round !== undefined && (!Number.isInteger(round) || (round as number) < 1))
    fail(e, 'detail.round must be an integer ≥ 1');
  if (round !== undefined && round !== m.home + m.away + 1)
    fail(e, `round ${String(round)} is not next (${m.home + m.away} played)`, 'invalid_state');
  m[side] += 1;
}

function result(s: EsportsState, e: SportEvent): void {
  assertNotFinished(s.status, e, 'match');
  if (gameOf(s) === 'dota2') return dotaResult(s, e);
  const r = needDecisiveScore<{ home: number; away: number; best_of?: unknown }>(e, 'a series cannot end level');
  if (r.best_of !== undefined && s.maps.length === 0) s.best_of = needBestOf(e, r.best_of);
  const need = mapsToWin(s.best_of);
  if (Math.max(r.home, r.away) !== need) fail(e, `the winner of a best of ${s.best_of} wins ${need} maps`);
  const winner: Side = r.home > r.away ? 'home' : 'away';
  s.result = { home: r.home, away: r.away, winner };
  s.status = 'finished';
  s.period = 'final';
}

/** Dota 2's result: detail { winner, home, away (kills) }; the game's kills become the recorded ones. */
function dotaResult(s: EsportsState, e: SportEvent): void {
  const winner = e.detail.winner;
  if (winner !== 'home' && winner !== 'away') fail(e, 'detail.winner must be home or away');
  const kills = (v: unknown) =>
    Number.isInteger(v) && (v as number) >= 0 ? (v as number) : fail(e, 'detail.home/away must be kills ≥ 0');
  const m = s.maps.at(-1);
  const home = e.detail.home === undefined ? (m?.home ?? 0) : kills(e.detail.home);
  const away = e.detail.away === undefined ? (m?.away ?? 0) : kills(e.detail.away);
  if (m) {
    if (m.winner !== null && m.winner !== winner) fail(e, `the game was won by ${m.winner}`, 'invalid_state');
    Object.assign(m, { home, away, winner });
  }
  s.result = { home, away, winner };
  s.status = 'finished';
  s.period = 'final';
}

function mapEnd(s: EsportsState, e: SportEvent): void {
  const m = playing(s, e);
  if (e.period !== null && e.period !== s.period) fail(e, `period ${e.period} is not being played`, 'invalid_state');
  if (gameOf(s) === 'dota2') {
    const winner = e.detail.winner;
    if (winner !== 'home' && winner !== 'away') fail(e, 'detail.winner must be home or away (the Ancient destroyed)');
    m.winner = winner;
  } else {
    if (!mapDecided(m.home, m.away)) fail(e, `map ${m.number} is not decided at ${m.home}–${m.away}`, 'invalid_state');
    m.winner = m.home > m.away ? 'home' : 'away';
  }
  s.period = `after_map_${m.number}`;
  s.status = 'break';
}

/** In-place handler per event type (the reducer below passes each a copy of the state). */
const HANDLERS: Record<EsportsEventType, (s: EsportsState, e: SportEvent) => void> = {
  map_start: mapStart,
  round_won: roundWon,
  map_end: mapEnd,
  status: (s, e) => applyStatusEvent(s, e, STATUS_RULES),
  result,
  kill,
  building_destroyed: buildingDestroyed,
  roshan_killed: roshanKilled,
  box_score: boxScore,
  gold_lead: goldLead,
};

/**
 * Returns the state after one esports event; `prev` stays as it was.
 * Errors: RuleError `match_over` after the result; `invalid_state` for rounds outside a map or
 * after it is decided, a map ended undecided, maps out of order or after the series is decided,
 * a round number out of sequence; `invalid_event` for unknown types, missing sides or map names,
 * best_of other than 1/3/5, a level or impossible series score.
 */
export const applyEvent: (prev: EsportsState, e: SportEvent) => EsportsState = countingReducer((s, e) => {
  if (!Object.hasOwn(HANDLERS, e.type)) fail(e, 'unknown esports event type');
  HANDLERS[e.type as EsportsEventType](s, e);
});

/** The state after `events`, applied in order to a fresh {@link initialState} (replay of a stored log). */
export function replayEvents(events: readonly SportEvent[]): EsportsState {
  return events.reduce(applyEvent, initialState());
}

/**
 * The spec 2.1 projection: score = maps won (the result's once it arrives; Dota 2: the game's
 * kills), minute 0; state { game, best_of, maps_to_win, map_number, map, rounds (Dota 2: kills),
 * overtime, objectives, gold_lead, gold_lead_kills, game_seconds (Dota 2, else null), maps, result } (docs/sports/esports.md).
 */
export function project(s: EsportsState): LiveProjection {
  const current = s.maps.at(-1) ?? null;
  const dota = gameOf(s) === 'dota2';
  const score = s.result
    ? { home: s.result.home, away: s.result.away }
    : dota
      ? { home: current?.home ?? 0, away: current?.away ?? 0 }
      : mapsWon(s);
  const h = CS_FORMAT.regulation_half;
  return liveProjection(s, score, 0, {
    game: gameOf(s),
    best_of: s.best_of,
    maps_to_win: mapsToWin(s.best_of),
    map_number: current?.number ?? null,
    map: current?.map ?? null,
    rounds: current ? { home: current.home, away: current.away } : { home: 0, away: 0 },
    overtime: !dota && current !== null && current.home >= h && current.away >= h,
    objectives: dota ? structuredClone(current?.objectives ?? noObjectives()) : null,
    gold_lead: dota ? (current?.gold_lead ?? null) : null,
    gold_lead_kills: dota && current?.gold_lead_kills ? { ...current.gold_lead_kills } : null,
    game_seconds: dota ? (current?.game_seconds ?? null) : null,
    maps: s.maps
      .filter((m) => m.winner !== null)
      .map(({ objectives: _o, gold_lead: _g, gold_lead_kills: _k, game_seconds: _t, ...m }) => ({ ...m })),
    result: s.result ? { ...s.result } : null,
  });
}

/** Esports' {@link SportRules} (slug 'esports', clock 'none'). */
export const esportsRules: SportRules<EsportsState> = {
  sport: 'esports',
  statuses: ESPORTS_STATUSES,
  periods: ESPORTS_PERIODS,
  eventTypes: ESPORTS_EVENT_TYPES,
  clock: 'none',
  initialState,
  applyEvent,
  project,
};
