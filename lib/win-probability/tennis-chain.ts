/**
 * Tennis match win probability from a point-level Markov chain (Barnett & Clarke 2005,
 * "Combining player statistics to predict outcomes of tennis matches", IMA J. Management
 * Mathematics 16; O'Malley 2008, "Probability formulas and statistical analysis in tennis",
 * JQAS 4(2)): each player wins a point on their own serve with a fixed probability, points are
 * independent, and points → games (deuce and advantage) → tie-breaks (first to 7 or 10 by 2,
 * serving ABBA…) → sets (first to 6 games by 2, tie-break at 6-6, or an advantage final set, or
 * a tie-break at 12-12; short sets first to 4 with the tie-break at 3-3) → best of 3 or 5.
 * Everything is exact recursion; the values of every state at the start of a game (and of every
 * tie-break point) are kept per pair of serve probabilities, so one point costs a few lookups.
 */
import type { FinalSetRule } from '../tennis/types';

/** Serve-point win probabilities: `home` = P(home wins a point on its serve), `away` likewise. */
export interface ServeProbabilities {
  home: number;
  away: number;
}

/** Live score the chain reads (lib/tennis/types.ts `TennisState` fields). */
export interface TennisScore {
  best_of: 3 | 5;
  final_set: FinalSetRule;
  sets_won: { home: number; away: number };
  games: { home: number; away: number };
  points: { home: number; away: number };
  tiebreak: boolean;
  /** Server of the current point (null before the first point: home assumed, symmetric over a match). */
  server: 'home' | 'away' | null;
  /** Games to win a set: 6 (default) or 4 (short sets). */
  set_games?: number;
}

/**
 * P(server wins the game) from points (a for the server, b for the receiver), server winning
 * each point with probability p. Deuce: p² / (p² + (1 − p)²). A 4 × 4 backward recursion, no
 * allocation (a shared 16-cell memo).
 */
export function gameWin(p: number, a = 0, b = 0): number {
  const q = 1 - p;
  const deuce = (p * p) / (p * p + q * q);
  if (a >= 4 && a - b >= 2) return 1;
  if (b >= 4 && b - a >= 2) return 0;
  if (a >= 3 && b >= 3) return a === b ? deuce : a > b ? p + q * deuce : p * deuce;
  // One scratch memo for every call: the recursion is not re-entered from outside.
  return gameFrom(p, q, deuce, GAME_MEMO.fill(-1), a, b);
}

const GAME_MEMO = new Float64Array(16);

// The recursions below are module functions, not closures: a closure per call (and the name
// helper the TypeScript loader wraps each in) was a large part of a new pair's cost.

function gameFrom(p: number, q: number, deuce: number, memo: Float64Array, x: number, y: number): number {
  if (x >= 4) return 1;
  if (y >= 4) return 0;
  if (x === 3 && y === 3) return deuce;
  const k = x * 4 + y;
  if (memo[k] >= 0) return memo[k];
  const v = p * gameFrom(p, q, deuce, memo, x + 1, y) + q * gameFrom(p, q, deuce, memo, x, y + 1);
  memo[k] = v;
  return v;
}

/**
 * The chain's tables for one pair of serve probabilities, filled lazily and kept (issue 37 item 6:
 * the chain is computed once per p, then every point of a match is a handful of lookups): hold
 * probabilities, tie-break values by (target, first server) and points, set values by rule at the
 * start of each game (games, server), fresh-set probabilities by rule and the match remainder by
 * sets won. Cells are array slots (NaN: not computed yet); a Map per table and a closure
 * per recursion made a new pair cost ~150 µs, most of a tennis series' recompute (bench/README.md "Cost").
 */
interface ChainTables {
  sp: ServeProbabilities;
  holdH: number;
  holdA: number;
  /** By `to * 2 + (first server home ? 0 : 1)`: cells `x * (to + 2) + y`. */
  tiebreak: Map<number, number[]>;
  /** By {@link ruleKey}: cells `(x * stride + y) * 2 + (server home ? 0 : 1)`, stride {@link setStride}. */
  set: Map<number, number[]>;
  freshSet: Map<number, number>;
  /** By format (`best_of|final_set|games`): cells `h * 4 + a`. */
  rest: Map<string, number[]>;
}

/** Games per side an advantage set's table holds (past it a state is computed, not kept). */
const ADVANTAGE_STRIDE = 16;

/** A table of n cells, none computed yet (a plain array: a small Float64Array costs ~2 µs to allocate on Node 20). */
const cells = (n: number): number[] => new Array<number>(n).fill(Number.NaN);

const newTables = (sp: ServeProbabilities): ChainTables => ({
  sp,
  holdH: gameWin(sp.home),
  holdA: gameWin(sp.away),
  tiebreak: new Map(),
  set: new Map(),
  freshSet: new Map(),
  rest: new Map(),
});

/** Tables of the most recent serve-probability pairs (one per live match; insertion-ordered, oldest evicted). */
const TABLES = new Map<string, ChainTables>();
/** At most this many pairs' tables are kept (a few kB each). */
export const CHAIN_CACHE_SIZE = 512;

function tablesFor(sp: ServeProbabilities): ChainTables {
  const key = `${sp.home},${sp.away}`;
  let t = TABLES.get(key);
  if (t) return t;
  t = newTables(sp);
  TABLES.set(key, t);
  if (TABLES.size > CHAIN_CACHE_SIZE) TABLES.delete(TABLES.keys().next().value as string);
  return t;
}

/** P(home wins point n of a tie-break): points 0, 3-4, 7-8 … are served by the first server. */
function tiebreakPointHome(sp: ServeProbabilities, n: number, firstHome: boolean): number {
  const block = Math.floor((n + 1) / 2) % 2;
  const home = block === 0 ? firstHome : !firstHome;
  return home ? sp.home : 1 - sp.away;
}

function tiebreakFrom(
  sp: ServeProbabilities,
  memo: number[],
  to: number,
  firstHome: boolean,
  x0: number,
  y0: number,
): number {
  // Past to − 1 all, two points less each is the same state (the serve order repeats every 4 points).
  let x = x0;
  let y = y0;
  while (x >= to + 1 && y >= to + 1) {
    x -= 2;
    y -= 2;
  }
  if (x >= to && x - y >= 2) return 1;
  if (y >= to && y - x >= 2) return 0;
  if (x >= to - 1 && y >= to - 1 && x === y) {
    // Level at ≥ to − 1 each: two points, one on each serve (the pair is served by both).
    const n = x + y;
    const w = tiebreakPointHome(sp, n, firstHome) * tiebreakPointHome(sp, n + 1, firstHome);
    const l = (1 - tiebreakPointHome(sp, n, firstHome)) * (1 - tiebreakPointHome(sp, n + 1, firstHome));
    return w / (w + l);
  }
  // Undecided once reduced: x, y ≤ to + 1, inside the stride.
  const k = x * (to + 2) + y;
  const hit = memo[k];
  if (!Number.isNaN(hit)) return hit;
  const p = tiebreakPointHome(sp, x + y, firstHome);
  const v =
    p * tiebreakFrom(sp, memo, to, firstHome, x + 1, y) + (1 - p) * tiebreakFrom(sp, memo, to, firstHome, x, y + 1);
  memo[k] = v;
  return v;
}

function tiebreakOn(t: ChainTables, h: number, a: number, to: number, firstHome: boolean): number {
  const mk = to * 2 + (firstHome ? 0 : 1);
  let memo = t.tiebreak.get(mk);
  if (!memo) {
    memo = cells((to + 2) * (to + 2));
    t.tiebreak.set(mk, memo);
  }
  return tiebreakFrom(t.sp, memo, to, firstHome, h, a);
}

/**
 * P(home wins the tie-break) from points (h, a), first to `to` by 2. The player serving the
 * tie-break's first point (`first`) serves one point, then each serves two in turn.
 * @param sp serve-point probabilities
 * @param first who served the first point of the tie-break
 */
export function tiebreakWin(sp: ServeProbabilities, h = 0, a = 0, to = 7, first: 'home' | 'away' = 'home'): number {
  return tiebreakOn(tablesFor(sp), h, a, to, first === 'home');
}

/** How a set is decided: games to win, and whether/when/to what a tie-break is played. */
interface SetRule {
  games: number;
  tiebreak_at: number | null;
  tiebreak_to: number;
}

function setRule(setNumber: number, bestOf: number, finalSet: FinalSetRule, games: number): SetRule {
  const at = games === 6 ? 6 : games - 1;
  if (setNumber < bestOf) return { games, tiebreak_at: at, tiebreak_to: 7 };
  switch (finalSet) {
    case 'advantage':
      return { games, tiebreak_at: null, tiebreak_to: 7 };
    case 'tiebreak_at_12':
      return { games, tiebreak_at: 12, tiebreak_to: 7 };
    case 'tiebreak_10':
      return { games, tiebreak_at: at, tiebreak_to: 10 };
    default:
      return { games, tiebreak_at: at, tiebreak_to: 7 };
  }
}

/** A set rule as one number (its tables' key). */
const ruleKey = (r: SetRule) => (r.games * 100 + (r.tiebreak_at ?? 99)) * 100 + r.tiebreak_to;

/** Games per side of a set's undecided start-of-game states (at most the tie-break score). */
const setStride = (r: SetRule) => (r.tiebreak_at === null ? ADVANTAGE_STRIDE : r.tiebreak_at + 1);

/** A set's value at the start of game (x, y), or in it with points (ph, pa) when `first`. */
function setFrom(
  t: ChainTables,
  rule: SetRule,
  memo: number[],
  stride: number,
  x: number,
  y: number,
  srvHome: boolean,
  first: boolean,
  ph: number,
  pa: number,
): number {
  const G = rule.games;
  if (x >= G && x - y >= 2) return 1;
  if (y >= G && y - x >= 2) return 0;
  const at = rule.tiebreak_at;
  if (at !== null) {
    // At or past the tie-break score: the side ahead won the tie-break (7-6); level is the tie-break.
    // Beyond 7-6 (7-7, 8-7) cannot happen under the rule, but a source's games may say so: read it
    // the same way instead of recursing for ever (extreme-states.test.ts).
    if (x >= at && y >= at) {
      if (x > y) return 1;
      if (y > x) return 0;
      if (!first) return tiebreakOn(t, 0, 0, rule.tiebreak_to, srvHome);
      // The server serves the current point n = ph + pa: points 0, 3-4, 7-8 … go to the first server.
      const n = ph + pa;
      const firstServes = Math.floor((n + 1) / 2) % 2 === 0;
      return tiebreakOn(t, ph, pa, rule.tiebreak_to, firstServes ? srvHome : !srvHome);
    }
  } else if (x >= G - 1 && y >= G - 1 && x === y && !first) {
    // Advantage set level at ≥ G−1 each: two games, one served by each.
    const wh = srvHome ? t.holdH : 1 - t.holdA;
    const wh2 = srvHome ? 1 - t.holdA : t.holdH;
    const w = wh * wh2;
    const l = (1 - wh) * (1 - wh2);
    return w / (w + l);
  }
  const kept = !first && x < stride && y < stride;
  const key = (x * stride + y) * 2 + (srvHome ? 0 : 1);
  if (kept) {
    const hit = memo[key];
    if (!Number.isNaN(hit)) return hit;
  }
  const sp = t.sp;
  const hold = first
    ? gameWin(srvHome ? sp.home : sp.away, srvHome ? ph : pa, srvHome ? pa : ph)
    : srvHome
      ? t.holdH
      : t.holdA;
  const pHomeGame = srvHome ? hold : 1 - hold;
  const v =
    pHomeGame * setFrom(t, rule, memo, stride, x + 1, y, !srvHome, false, 0, 0) +
    (1 - pHomeGame) * setFrom(t, rule, memo, stride, x, y + 1, !srvHome, false, 0, 0);
  if (kept) memo[key] = v;
  return v;
}

/**
 * P(home wins the set) from games (gh, ga) with `server` serving the next game, the current
 * game's points (ph, pa) already played (in a tie-break when the set is at the tie-break score).
 * States at the start of a game come from the tables; only the current game is computed.
 */
function setWin(
  t: ChainTables,
  rule: SetRule,
  gh: number,
  ga: number,
  server: 'home' | 'away',
  ph = 0,
  pa = 0,
): number {
  const rk = ruleKey(rule);
  const stride = setStride(rule);
  let memo = t.set.get(rk);
  if (!memo) {
    memo = cells(stride * stride * 2);
    t.set.set(rk, memo);
  }
  return setFrom(t, rule, memo, stride, gh, ga, server === 'home', true, ph, pa);
}

/** P(home wins a set from 0-0), averaged over both first servers, kept per rule. */
function freshSetOf(t: ChainTables, r: SetRule): number {
  const key = ruleKey(r);
  let p = t.freshSet.get(key);
  if (p === undefined) {
    p = (setWin(t, r, 0, 0, 'home') + setWin(t, r, 0, 0, 'away')) / 2;
    t.freshSet.set(key, p);
  }
  return p;
}

/** P(home wins the match) with sets won (h, a) at the start of a set. */
function restFrom(
  t: ChainTables,
  memo: number[],
  s: TennisScore,
  need: number,
  G: number,
  h: number,
  a: number,
): number {
  if (h >= need) return 1;
  if (a >= need) return 0;
  const key = h * 4 + a;
  const hit = memo[key];
  if (!Number.isNaN(hit)) return hit;
  const p = freshSetOf(t, setRule(h + a + 1, s.best_of, s.final_set, G));
  const v = p * restFrom(t, memo, s, need, G, h + 1, a) + (1 - p) * restFrom(t, memo, s, need, G, h, a + 1);
  memo[key] = v;
  return v;
}

function matchWinOn(t: ChainTables, s: TennisScore): number {
  const need = Math.ceil(s.best_of / 2);
  const G = s.set_games ?? 6;
  if (s.sets_won.home >= need) return 1;
  if (s.sets_won.away >= need) return 0;
  const server = s.server ?? 'home';
  const setNo = s.sets_won.home + s.sets_won.away + 1;
  const rule = setRule(setNo, s.best_of, s.final_set, G);
  const pCur = setWin(t, rule, s.games.home, s.games.away, server, s.points.home, s.points.away);
  // Who serves first in a later set depends on how the sets before it end; later sets are
  // averaged over both first servers (the difference is a fraction of a percentage point).
  const format = `${s.best_of}|${s.final_set}|${G}`;
  let memo = t.rest.get(format);
  if (!memo) {
    memo = cells(16);
    t.rest.set(format, memo);
  }
  const { home, away } = s.sets_won;
  return (
    pCur * restFrom(t, memo, s, need, G, home + 1, away) + (1 - pCur) * restFrom(t, memo, s, need, G, home, away + 1)
  );
}

/**
 * P(home wins the match) from the live score. The chain's values for `sp` are computed on the
 * first call and kept ({@link CHAIN_CACHE_SIZE} pairs), so later calls with the same `sp` cost
 * a few microseconds.
 * @param sp serve-point win probabilities of each player, each in (0, 1)
 * @param s score: sets won, games and points of the current set/game, tie-break flag, server
 * @returns P(home wins), in [0, 1]
 */
export function tennisMatchWin(sp: ServeProbabilities, s: TennisScore): number {
  return matchWinOn(tablesFor(sp), s);
}

/**
 * P(home wins the match) from the live score on tables of its own (nothing read from or kept in
 * the shared cache): for a search that tries many pairs once each (tennis-serve-fit.ts).
 * @param sp serve-point win probabilities of each player, each in (0, 1)
 * @returns P(home wins), in [0, 1]
 */
export function tennisMatchWinUncached(sp: ServeProbabilities, s: TennisScore): number {
  return matchWinOn(newTables(sp), s);
}
