/**
 * In-play win probability for every sport but golf (golf.ts: a field, not two sides), from a
 * match's live projection (lib/rules/contract.ts `LiveProjection`: score, minute, period, status
 * and the sport's `state`) and its pre-match probability (prematch.ts). One call per event; the
 * models are in goals-model.ts (football, ice hockey), margin-model.ts (basketball, rugby),
 * baseball.ts, cricket.ts, tennis-chain.ts; MMA keeps the pre-match probability until the result,
 * esports plays the series map by map with a per-map probability fitted to the pre-match one, a Dota 2
 * game in play moved by its kill lead, gold lead and clock (dota.ts).
 */
import { clampDistribution } from '../odds/clamp';
import type { LiveProjection } from '../rules/contract';
import type { Sport } from '../sports';
import type { FinalSetRule } from '../tennis/types';
import { baseballWin, type RunTables } from './baseball';
import { cricketWin, type CricketInnings } from './cricket';
import { dotaMapWin } from './dota';
import { footballWin, hockeyRatesFor, hockeyWin } from './goals-model';
import { basketballWin, rugbyWin } from './margin-model';
import { MARGIN_SD, marginForExpectation, type Prematch } from './prematch';
import { tennisMatchWin, type ServeProbabilities } from './tennis-chain';
import { serveProbabilitiesFor } from './tennis-serve-fit';
import { clockedPhase, rugbyShareLeft } from './time-left';
import type { WinProbability } from './types';

/** What a fixture's in-play model starts from, fitted once before its first event. */
export interface InPlayContext {
  sport: Exclude<Sport, 'golf'>;
  prematch: Prematch;
  /** Football knockout (a winner is needed: extra time, penalties); ice hockey/basketball playoffs. */
  knockout: boolean;
  /** Baseball's run tables (baseball.ts `estimateRunTables`), required for baseball. */
  run_tables?: RunTables;
  /**
   * Tennis: weight, in serve points, of the pre-match serve probabilities against the points each
   * player has served in the match (default {@link TENNIS_SERVE_PRIOR_POINTS}; Infinity keeps them fixed).
   */
  serve_prior_points?: number;
  /** Football: γ of goals-model.ts FOOTBALL_SCORE_EFFECT (default that constant; bench/calibration.ts fits it). */
  score_effect?: number;
  /** Fitted lazily: football/hockey goal rates, tennis serve probabilities, esports per-map probability. */
  fitted?: { rates?: { home: number; away: number }; serve?: Map<string, ServeProbabilities>; map?: number };
}

const POINTS: Record<string, number> = { '0': 0, '15': 1, '30': 2, '40': 3, AD: 4 };

const two = (h: number): WinProbability => {
  const [home, away] = clampDistribution([h, 1 - h]);
  return { home, draw: null, away };
};

/** The decided outcome of a finished match (winner from the sport's result, else the score). */
function finalOutcome(ctx: InPlayContext, p: LiveProjection): WinProbability {
  const st = p.state as { result?: { winner?: 'home' | 'away' | null } | null };
  const tl = p.top_level;
  let winner: 'home' | 'away' | null | undefined = st?.result?.winner;
  if (winner === undefined && tl?.penalties && p.score.home === p.score.away)
    winner = tl.penalties.home > tl.penalties.away ? 'home' : tl.penalties.away > tl.penalties.home ? 'away' : null;
  if (winner === undefined) winner = p.score.home > p.score.away ? 'home' : p.score.away > p.score.home ? 'away' : null;
  const draws = ctx.prematch.draw !== null && !ctx.knockout;
  if (!draws) return two(winner === 'home' ? 1 : winner === 'away' ? 0 : 0.5);
  const [home, draw, away] = clampDistribution([
    winner === 'home' ? 1 : 0,
    winner === null ? 1 : 0,
    winner === 'away' ? 1 : 0,
  ]);
  return { home, draw, away };
}

/**
 * Serve points the pre-match serve probabilities weigh against the match's own (Kovalchik & Reid
 * 2019, "A calibration method with dynamic updates for within-match forecasting of wins in
 * tennis", Int. J. Forecasting 35(2): the static chain is under-confident once a match shows who
 * serves better). Fitted on the earlier half of the 2017 point-by-point matches (bench/calibration.ts
 * --fit-serve-prior; docs/odds.md).
 */
export const TENNIS_SERVE_PRIOR_POINTS = 100;

/** A player's serve points in the match so far (lib/tennis/types.ts stats). */
interface ServeStats {
  service_points?: number;
  service_points_won?: number;
}

/** Serve-probability grid of the updated chain (its tables are kept per pair: a coarser grid is reused more). */
const SERVE_GRID = 2000;

/**
 * Each player's serve-point probability updated with the points served so far (beta-binomial:
 * (n₀·p + won) / (n₀ + served)), on a 1/{@link SERVE_GRID} grid, kept in [0.3, 0.95].
 */
function updatedServe(
  sp: ServeProbabilities,
  stats: Record<'home' | 'away', ServeStats | undefined> | undefined,
  n0: number,
): ServeProbabilities {
  if (!stats || !Number.isFinite(n0)) return sp;
  const one = (p: number, s: ServeStats | undefined) => {
    const n = s?.service_points ?? 0;
    if (!n) return p;
    const q = (n0 * p + (s?.service_points_won ?? 0)) / (n0 + n);
    return Math.min(0.95, Math.max(0.3, Math.round(q * SERVE_GRID) / SERVE_GRID));
  };
  return { home: one(sp.home, stats.home), away: one(sp.away, stats.away) };
}

/** P(win a best-of-n series) from maps won (h, a) with per-map probability q. */
function seriesWin(q: number, need: number, h: number, a: number): number {
  if (h >= need) return 1;
  if (a >= need) return 0;
  return q * seriesWin(q, need, h + 1, a) + (1 - q) * seriesWin(q, need, h, a + 1);
}

/**
 * Win probability of one live state.
 * @param ctx the fixture's pre-match probability and fitted parameters (mutated: fits are cached in `fitted`)
 * @param p the live projection after an event (status 'finished' gives 0/1, or the draw)
 * @returns P(home), P(draw) (football league matches, rugby; else null), P(away), each in (0, 1)
 * @throws Error for baseball without run tables
 */
export function inPlayWinProbability(ctx: InPlayContext, p: LiveProjection): WinProbability {
  if (p.status === 'finished') return finalOutcome(ctx, p);
  const pre = ctx.prematch;
  const e = pre.draw === null ? pre.home : pre.home + pre.draw / 2;
  const fitted = (ctx.fitted ??= {});
  // biome-ignore lint/suspicious/noExplicitAny: the sport's own projection state, read field by field per sport below
  const st = p.state as Record<string, any>;
  if (p.status === 'scheduled' || p.status === 'not_started' || p.period === 'not_started') {
    if (ctx.sport === 'football' && ctx.knockout) {
      /* falls through to the model at minute 0, two-way */
    } else return { home: pre.home, draw: pre.draw, away: pre.away };
  }
  switch (ctx.sport) {
    case 'football': {
      const rates = pre.goal_rates ?? { home: 1.3, away: 1.3 };
      const tl = p.top_level;
      return footballWin(
        rates,
        {
          minute: p.minute,
          stoppage_time: tl?.stoppage_time ?? 0,
          period: p.period,
          score: p.score,
          red_cards: tl?.red_cards ?? { home: 0, away: 0 },
          penalties: tl?.penalties ?? null,
        },
        ctx.knockout,
        ctx.score_effect,
      );
    }
    case 'basketball': {
      const ph = clockedPhase('basketball', p.period, st.clock_seconds ?? null);
      if (ph.phase === 'over' || ph.phase === 'shootout') return finalOutcome(ctx, p);
      return basketballWin(
        p.score.home - p.score.away,
        marginForExpectation(e, MARGIN_SD.basketball),
        MARGIN_SD.basketball,
        ph,
      );
    }
    case 'ice-hockey': {
      fitted.rates ??= hockeyRatesFor(e);
      const playoff = st.format === 'playoff' || ctx.knockout;
      const ph = clockedPhase('ice-hockey', p.period, st.clock_seconds ?? null, playoff ? 1200 : 300);
      const so = st.shootout ? { home: st.shootout.home.goals, away: st.shootout.away.goals } : null;
      const lead = p.score.home - p.score.away;
      return hockeyWin(fitted.rates, lead, ph, playoff, so);
    }
    case 'rugby': {
      const tau = rugbyShareLeft(p.period, p.minute);
      const lead = p.score.home - p.score.away;
      // After 80 minutes (extra time in a knockout) the current lead is taken as final.
      if (tau === null) return ctx.knockout ? two(lead > 0 ? 1 : lead < 0 ? 0 : 0.5) : finalOutcome(ctx, p);
      return rugbyWin(lead, marginForExpectation(e, MARGIN_SD.rugby), MARGIN_SD.rugby, tau);
    }
    case 'baseball': {
      if (!ctx.run_tables) throw new Error('baseball win probability needs run tables (estimateRunTables)');
      return baseballWin(
        ctx.run_tables,
        {
          inning: st.inning ?? 0,
          half: st.half ?? null,
          outs: st.outs ?? 0,
          bases: st.bases ?? {},
          score: p.score,
          status: p.status,
        },
        e,
      );
    }
    case 'cricket': {
      const innings = (st.innings ?? []) as (CricketInnings & { super_over?: boolean })[];
      return cricketWin(
        { status: p.status, innings: innings.filter((i) => !i.super_over), target: st.target ?? null },
        e,
      );
    }
    case 'tennis': {
      const bestOf = (st.best_of ?? 3) as 3 | 5;
      const finalSet = (st.final_set ?? 'tiebreak') as FinalSetRule;
      const key = `${bestOf}|${finalSet}`;
      fitted.serve ??= new Map();
      let sp = fitted.serve.get(key);
      if (!sp) {
        sp = serveProbabilitiesFor(e, bestOf, finalSet);
        fitted.serve.set(key, sp);
      }
      sp = updatedServe(sp, st.stats, ctx.serve_prior_points ?? TENNIS_SERVE_PRIOR_POINTS);
      const pts = st.points ?? { home: '0', away: '0' };
      const tb = Boolean(st.tiebreak);
      const num = (x: string | number) => (tb ? Number(x) : (POINTS[String(x)] ?? 0));
      return two(
        tennisMatchWin(sp, {
          best_of: bestOf,
          final_set: finalSet,
          sets_won: st.sets_won ?? p.score,
          games: st.games ?? { home: 0, away: 0 },
          points: { home: num(pts.home), away: num(pts.away) },
          tiebreak: tb,
          server: st.server ?? null,
        }),
      );
    }
    case 'esports': {
      const bestOf = Number(st.best_of ?? 1);
      const need = Math.floor(bestOf / 2) + 1;
      if (fitted.map === undefined) {
        let lo = 0.001;
        let hi = 0.999;
        for (let i = 0; i < 40; i++) {
          const q = (lo + hi) / 2;
          if (seriesWin(q, need, 0, 0) < e) lo = q;
          else hi = q;
        }
        fitted.map = (lo + hi) / 2;
      }
      if (st.game !== 'dota2') return two(seriesWin(fitted.map, need, p.score.home, p.score.away));
      // Dota 2: the score is the game's kills; maps won are the ended maps'. A game in play is priced by
      // its kills, gold lead and clock (dota.ts) and the series continues from either outcome.
      const maps = (st.maps ?? []) as { winner: 'home' | 'away' }[];
      const h = maps.filter((m) => m.winner === 'home').length;
      const a = maps.length - h;
      if (!/^map_\d+$/.test(p.period)) return two(seriesWin(fitted.map, need, h, a));
      const pm = dotaMapWin(fitted.map, {
        kills: p.score,
        gold_lead: st.gold_lead ?? null,
        gold_lead_kills: st.gold_lead_kills ?? null,
        game_seconds: st.game_seconds ?? null,
      });
      return two(pm * seriesWin(fitted.map, need, h + 1, a) + (1 - pm) * seriesWin(fitted.map, need, h, a + 1));
    }
    default:
      return { home: pre.home, draw: pre.draw, away: pre.away };
  }
}
