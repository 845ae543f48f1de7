/**
 * Cricket player statistics from delivery and wicket events (lib/cricket/types.ts): pure, no I/O.
 *
 * ─── docs-ready: cricket player statistics (docs/sports/cricket.md) ──────────────────────────
 * Batting (per batter):
 *   runs         runs off the bat (`runs_batter`; extras are not the batter's)
 *   balls        balls faced: every delivery to the batter except wides (a no-ball is faced)
 *   fours/sixes  4 / 6 runs off the bat, not flagged `non_boundary` (all-run fours)
 *   innings      innings in which the player batted (faced a ball, was at the non-striker's
 *                end, or was dismissed)
 *   dismissals   times out; retired hurt / retired not out are not dismissals
 *   not_outs     innings − dismissals
 *   strike_rate  runs per 100 balls, 2 decimals (null with 0 balls)
 *   average      runs per dismissal, 2 decimals (null with 0 dismissals)
 * Bowling (per bowler):
 *   legal_balls / overs   balls that count towards the over (wides and no-balls do not); overs '3.4'
 *   runs_conceded         runs off the bat + wides + no-balls (byes, leg byes and penalty runs
 *                         are not charged to the bowler — Law 22/21 and ICC scoring)
 *   wickets               bowled, caught, caught and bowled, lbw, stumped, hit wicket (run outs
 *                         and other dismissals are not credited to the bowler)
 *   maidens               completed overs by one bowler conceding no runs charged to him
 *   wides, noballs        count of such deliveries
 *   economy               runs conceded per over (6 legal balls), 2 decimals (null with 0 balls)
 * ─────────────────────────────────────────────────────────────────────────────────────────────
 */
import type { Side, SportEvent } from '../rules/contract';
import { formatOvers } from './overs';
import { BOWLER_WICKETS, NOT_A_WICKET } from './types';

export interface BattingLine {
  player: string;
  /** Batting side. */
  team: Side | null;
  innings: number;
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
  dismissals: number;
  not_outs: number;
  strike_rate: number | null;
  average: number | null;
}

export interface BowlingLine {
  player: string;
  /** Bowling (fielding) side. */
  team: Side | null;
  legal_balls: number;
  overs: string;
  maidens: number;
  runs_conceded: number;
  wickets: number;
  wides: number;
  noballs: number;
  economy: number | null;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const other = (s: Side | null): Side | null => (s === 'home' ? 'away' : s === 'away' ? 'home' : null);

interface Delivery {
  innings: number;
  over: number;
  bowler: string;
  non_striker: string | null;
  runs_batter: number;
  extras: Record<string, number>;
  non_boundary?: boolean;
}

/**
 * Match an event belongs to, for counting innings and overs across matches: the first two
 * segments of its event_id (`cricsheet/1298179/1/0.1` → `cricsheet/1298179`). Pass `matchOf` for
 * sources with other id shapes.
 */
export function defaultMatchOf(e: SportEvent): string {
  return e.event_id.split('/').slice(0, 2).join('/');
}

/**
 * Batting figures per batter over the given events (one match or many).
 * @returns lines sorted by runs desc, then balls asc, then name
 */
export function cricketBattingStats(
  events: readonly SportEvent[],
  matchOf: (e: SportEvent) => string = defaultMatchOf,
): BattingLine[] {
  const lines = new Map<string, BattingLine>();
  const seen = new Map<string, Set<string>>();
  const line = (player: string, team: Side | null) => {
    let l = lines.get(player);
    if (!l) {
      l = {
        player,
        team,
        innings: 0,
        runs: 0,
        balls: 0,
        fours: 0,
        sixes: 0,
        dismissals: 0,
        not_outs: 0,
        strike_rate: null,
        average: null,
      };
      lines.set(player, l);
      seen.set(player, new Set());
    }
    return l;
  };
  const batted = (player: string, team: Side | null, e: SportEvent) => {
    const l = line(player, team);
    seen.get(player)!.add(`${matchOf(e)}#${String(e.detail.innings)}`);
    return l;
  };
  for (const e of events) {
    if (e.type === 'delivery' && e.player) {
      const d = e.detail as unknown as Delivery;
      const l = batted(e.player, e.side, e);
      if (d.non_striker) batted(d.non_striker, e.side, e);
      const ex = d.extras ?? {};
      if (!ex.wides) l.balls += 1;
      l.runs += d.runs_batter;
      if (!d.non_boundary && d.runs_batter === 4) l.fours += 1;
      if (!d.non_boundary && d.runs_batter === 6) l.sixes += 1;
    } else if (e.type === 'wicket' && e.player && !NOT_A_WICKET.includes(String(e.detail.kind))) {
      batted(e.player, e.side, e).dismissals += 1;
    }
  }
  const out = [...lines.values()];
  for (const l of out) {
    l.innings = seen.get(l.player)!.size;
    l.not_outs = Math.max(0, l.innings - l.dismissals);
    l.strike_rate = l.balls > 0 ? round2((l.runs * 100) / l.balls) : null;
    l.average = l.dismissals > 0 ? round2(l.runs / l.dismissals) : null;
  }
  return out.sort((a, b) => b.runs - a.runs || a.balls - b.balls || a.player.localeCompare(b.player));
}

/**
 * Bowling figures per bowler over the given events (one match or many).
 * @returns lines sorted by wickets desc, then runs conceded asc, then name
 */
export function cricketBowlingStats(
  events: readonly SportEvent[],
  matchOf: (e: SportEvent) => string = defaultMatchOf,
  ballsPerOver = 6,
): BowlingLine[] {
  const lines = new Map<string, BowlingLine>();
  const overs = new Map<string, { bowler: string; legal: number; conceded: number; bowlers: Set<string> }>();
  const line = (player: string, team: Side | null) => {
    let l = lines.get(player);
    if (!l) {
      l = {
        player,
        team,
        legal_balls: 0,
        overs: '0',
        maidens: 0,
        runs_conceded: 0,
        wickets: 0,
        wides: 0,
        noballs: 0,
        economy: null,
      };
      lines.set(player, l);
    }
    return l;
  };
  for (const e of events) {
    if (e.type === 'delivery') {
      const d = e.detail as unknown as Delivery;
      const l = line(d.bowler, other(e.side));
      const ex = d.extras ?? {};
      const conceded = d.runs_batter + (ex.wides ?? 0) + (ex.noballs ?? 0);
      const legal = !ex.wides && !ex.noballs;
      l.runs_conceded += conceded;
      if (legal) l.legal_balls += 1;
      if (ex.wides) l.wides += 1;
      if (ex.noballs) l.noballs += 1;
      const key = `${matchOf(e)}#${d.innings}#${d.over}`;
      const o = overs.get(key) ?? { bowler: d.bowler, legal: 0, conceded: 0, bowlers: new Set<string>() };
      o.bowlers.add(d.bowler);
      o.legal += legal ? 1 : 0;
      o.conceded += conceded;
      overs.set(key, o);
    } else if (
      e.type === 'wicket' &&
      BOWLER_WICKETS.includes(String(e.detail.kind)) &&
      typeof e.detail.bowler === 'string'
    ) {
      line(e.detail.bowler, other(e.side)).wickets += 1;
    }
  }
  for (const o of overs.values()) {
    if (o.bowlers.size === 1 && o.legal === ballsPerOver && o.conceded === 0) lines.get(o.bowler)!.maidens += 1;
  }
  const out = [...lines.values()];
  for (const l of out) {
    l.overs = formatOvers(l.legal_balls, ballsPerOver);
    l.economy = l.legal_balls > 0 ? round2((l.runs_conceded * ballsPerOver) / l.legal_balls) : null;
  }
  return out.sort(
    (a, b) => b.wickets - a.wickets || a.runs_conceded - b.runs_conceded || a.player.localeCompare(b.player),
  );
}
