/**
 * Baseball win expectancy from inning, half, outs, bases and run difference, estimated from
 * play-by-play (issue 37: "estimated from the bundled play-by-play, not typed in"): the method of
 * Tango, Lichtman & Dolphin, "The Book" (2007) ch. 1 — the distribution of runs scored from each
 * of the 24 base-out states to the end of the half-inning is counted from the games, the
 * distribution of a whole half-inning is the one from (0 outs, bases empty), and win expectancy
 * sums the remaining half-innings by convolution; a tie after nine goes to extra innings, each
 * side scoring by the same distribution until one outscores the other.
 * Pre-match strength shifts the log-odds by logit(P pre-match) × the share of half-innings left.
 */
import type { SportEvent } from '../rules/contract';
import { baseballRules } from '../baseball/rules';
import { clampDistribution } from '../odds/clamp';
import { logistic, logit } from './normal';
import type { WinProbability } from './types';

/** Runs counted per half-inning: 0 … MAX_RUNS (the last bucket holds MAX_RUNS or more). */
export const MAX_RUNS = 15;
/** Convolutions of up to this many sides' half-innings (nine innings). */
const MAX_HALVES = 9;

/** Run distributions per base-out state (index outs × 8 + bases bitmask 1st=1, 2nd=2, 3rd=4). */
export interface RunTables {
  /** rest[state][r]: P(r more runs this half-inning | state). */
  rest: Float64Array[];
  /** Half-innings observed per state (the counts behind `rest`). */
  counts: number[];
  /** conv[n][r]: P(r runs in n whole half-innings). */
  conv: Float64Array[];
  /** Half-innings read. */
  half_innings: number;
}

interface Obs {
  state: number;
  runs: number;
}

const basesMask = (b: { first: unknown; second: unknown; third: unknown }): number =>
  (b.first ? 1 : 0) | (b.second ? 2 : 0) | (b.third ? 4 : 0);

function convolve(a: Float64Array, b: Float64Array): Float64Array {
  const n = a.length + b.length - 1;
  const out = new Float64Array(n);
  for (let i = 0; i < a.length; i++) if (a[i]) for (let j = 0; j < b.length; j++) out[i + j] += a[i] * b[j];
  return out;
}

/**
 * Counts the run tables from games' play-by-play, folding each game's events through the baseball
 * rules (lib/baseball/rules.ts) and recording, at every base-out state a half-inning passes, the
 * runs the batting side still scored in that half. Half-innings cut short (walk-offs, called games)
 * are left out. States never seen fall back to the bases-empty state with the same outs (Laplace
 * smoothing of one half-inning there).
 * @param games each game's events in order (e.g. lib/import/retrosheet.ts `parseRetrosheet(...).events`)
 */
export function estimateRunTables(games: readonly (readonly SportEvent[])[]): RunTables {
  const obs: Obs[][] = [];
  let halves = 0;
  for (const events of games) {
    let s = baseballRules.initialState();
    let key = '';
    let cur: { state: number; runsBefore: number }[] = [];
    let battingRuns = 0;
    const close = (complete: boolean, total: number) => {
      if (complete && cur.length) {
        obs.push(cur.map((c) => ({ state: c.state, runs: total - c.runsBefore })));
        halves++;
      }
      cur = [];
    };
    for (const e of events) {
      try {
        s = baseballRules.applyEvent(s, e);
      } catch {
        break;
      }
      const k = s.half ? `${s.inning}${s.half}` : key;
      const side = s.half === 'top' ? 'away' : 'home';
      if (k !== key) {
        if (key) close(true, battingRuns);
        key = k;
        battingRuns = 0;
        // The half's first play started from 0 outs, bases empty.
        if (s.half) cur.push({ state: 0, runsBefore: 0 });
      }
      if (!s.half) continue;
      const runsNow = (s.line_score[side][s.inning - 1] as number | null) ?? 0;
      battingRuns = runsNow;
      const st = s.outs * 8 + basesMask(s.bases);
      const last = cur.at(-1);
      if (s.outs < 3 && !(last && last.state === st && last.runsBefore === runsNow))
        cur.push({ state: st, runsBefore: runsNow });
    }
    // The last half of a game may be a walk-off (stopped early): not counted.
    cur = [];
  }
  const counts = Array.from({ length: 24 }, () => 0);
  const hist = Array.from({ length: 24 }, () => new Float64Array(MAX_RUNS + 1));
  for (const half of obs) {
    // A state can recur within a half-inning after runs score (a solo home run): each visit counts.
    for (const o of half) {
      hist[o.state][Math.min(MAX_RUNS, o.runs)] += 1;
      counts[o.state] += 1;
    }
  }
  const rest = hist.map((h, i) => {
    const fallback = hist[Math.floor(i / 8) * 8];
    const n = counts[i];
    const out = new Float64Array(MAX_RUNS + 1);
    const fb = counts[Math.floor(i / 8) * 8] || 1;
    for (let r = 0; r <= MAX_RUNS; r++) out[r] = (h[r] + fallback[r] / fb) / (n + 1);
    return out;
  });
  const conv: Float64Array[] = [Float64Array.of(1)];
  for (let n = 1; n <= MAX_HALVES; n++) conv.push(convolve(conv[n - 1], rest[0]));
  return { rest, counts, conv, half_innings: halves };
}

/** What the model reads of a live game (lib/baseball/rules.ts projection `state` fields). */
export interface BaseballSituation {
  inning: number;
  half: 'top' | 'bottom' | null;
  outs: number;
  bases: { first: unknown; second: unknown; third: unknown };
  /** Runs so far. */
  score: { home: number; away: number };
  status: string;
  scheduled_innings?: number;
}

const cdfDiff = (lead: number, home: Float64Array, away: Float64Array) => {
  let win = 0;
  let tie = 0;
  for (let h = 0; h < home.length; h++) {
    if (!home[h]) continue;
    for (let a = 0; a < away.length; a++) {
      const d = lead + h - a;
      if (d > 0) win += home[h] * away[a];
      else if (d === 0) tie += home[h] * away[a];
    }
  }
  return { win, tie };
};

/**
 * P(home wins) from the situation with equal teams, then shifted by pre-match strength.
 * @param t run tables ({@link estimateRunTables})
 * @param prematchHome pre-match P(home wins) (0.5 for equal teams)
 */
export function baseballWin(t: RunTables, s: BaseballSituation, prematchHome: number): WinProbability {
  const lead = s.score.home - s.score.away;
  const n = s.scheduled_innings ?? 9;
  if (s.status === 'finished') {
    const [home, away] = clampDistribution([lead > 0 ? 1 : lead < 0 ? 0 : 0.5, lead > 0 ? 0 : lead < 0 ? 1 : 0.5]);
    return { home, draw: null, away };
  }
  const extra = cdfDiff(0, t.conv[1], t.conv[1]);
  const extraHome = extra.win / (1 - extra.tie);
  let homeDist: Float64Array;
  let awayDist: Float64Array;
  let halvesLeft: number;
  const inning = Math.max(1, s.inning);
  const state = Math.min(2, s.outs) * 8 + basesMask(s.bases);
  const started = s.inning >= 1 && s.half !== null && s.outs < 3;
  if (!started) {
    // Between halves: the next half starts (top of `inning + 1` after a bottom, or bottom after a top).
    const nextTop = s.inning === 0 || s.half === 'bottom' || s.half === null;
    const i = s.inning === 0 ? 1 : nextTop ? inning + 1 : inning;
    const na = Math.max(0, n - i + (nextTop ? 1 : 0));
    const nh = Math.max(0, n - i + 1);
    awayDist = t.conv[Math.min(MAX_HALVES, na)];
    homeDist = t.conv[Math.min(MAX_HALVES, nh)];
    halvesLeft = na + nh;
    if (i > n && na === 0 && nh === 0) {
      awayDist = t.conv[nextTop ? 1 : 0];
      homeDist = t.conv[1];
    }
  } else if (s.half === 'top') {
    const na = Math.max(0, n - inning);
    const nh = Math.max(1, n - inning + 1);
    awayDist = convolve(t.rest[state], t.conv[Math.min(MAX_HALVES, na)]);
    homeDist = t.conv[Math.min(MAX_HALVES, nh)];
    halvesLeft = na + nh + (1 - s.outs / 3);
  } else {
    const rest = Math.max(0, n - inning);
    homeDist = convolve(t.rest[state], t.conv[Math.min(MAX_HALVES, rest)]);
    awayDist = t.conv[Math.min(MAX_HALVES, rest)];
    halvesLeft = 2 * rest + (1 - s.outs / 3);
  }
  const { win, tie } = cdfDiff(lead, homeDist, awayDist);
  const even = win + tie * extraHome;
  const shift = logit(Math.min(1 - 1e-9, Math.max(1e-9, prematchHome))) * Math.min(1, halvesLeft / (2 * n));
  const h = logistic(logit(Math.min(1 - 1e-12, Math.max(1e-12, even))) + shift);
  const [home, away] = clampDistribution([h, 1 - h]);
  return { home, draw: null, away };
}
