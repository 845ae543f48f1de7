/**
 * One baseball game's box score from its play-by-play (the match page's "Box score"): per team,
 * batters in batting order and pitchers in order of appearance. Pure, no I/O; input is the
 * match's events as GET /v1/baseball/matches/{id} serves them (Retrosheet imports and replays,
 * lib/baseball/types.ts).
 *
 * Batting lines (AB, H, HR, RBI, BB, SO) and pitching outs / IP / ER come from
 * lib/baseball/statistics.ts over this one game; R (runs scored by the batter) is counted here
 * from the runners each play moves home; pitchers' H, BB, SO and HR allowed are counted from the
 * plate appearances against them. ER needs the official scorer's earned runs
 * (`result.detail.earned_runs`): null when the game's events carry none.
 */
import type { ImportedSportMatch, Side, SportEvent } from '../rules/contract';
import { computeBaseballStatistics, type BattingLine, type PitchingLine } from './statistics';
import { HIT_OUTCOMES, type Advance, type PlayDetail } from './types';

/** A batter's line in one game. `order` is the batting-order slot (1–9), null when unknown. */
export interface BoxBatter extends Pick<BattingLine, 'player_id' | 'player' | 'ab' | 'h' | 'hr' | 'rbi' | 'bb' | 'so'> {
  order: number | null;
  r: number;
}

/** A pitcher's line in one game (counts; `ip` in baseball notation, "6.2" = 6⅔). */
export interface BoxPitcher extends Pick<PitchingLine, 'player_id' | 'player' | 'ip'> {
  h: number;
  bb: number;
  so: number;
  hr: number;
  /** Earned runs from the official scorer; null when the game does not record them. */
  er: number | null;
}

export type BoxScore = Record<Side, { batting: BoxBatter[]; pitching: BoxPitcher[] }>;

type Ev = Pick<SportEvent, 'type' | 'side' | 'player' | 'detail'>;
const BASES = ['1', '2', '3'] as const;

/**
 * The box score of one game, or null when its events hold no plate appearance (a result-only
 * import, or a game not started yet).
 * @param events the game's events in feed order
 * @param earnedRuns `result.detail.earned_runs` when stored ([{pitcher_id, er}]), else omitted
 * Throws nothing: unexpected details are skipped.
 */
export function baseballBoxScore(
  events: readonly Ev[],
  earnedRuns?: { pitcher_id: string; er: number }[],
): BoxScore | null {
  if (!events.some((e) => e.type === 'plate_appearance')) return null;
  const match = {
    sport: 'baseball',
    source_key: 'game',
    home_team: 'home',
    away_team: 'away',
    events,
    result: earnedRuns ? { detail: { earned_runs: earnedRuns } } : null,
  } as unknown as ImportedSportMatch;
  const stats = computeBaseballStatistics([match]);
  const box: BoxScore = { home: { batting: [], pitching: [] }, away: { batting: [], pitching: [] } };

  // Batting order: the starting lineups, then each substitute in his slot after the player he replaced.
  const order = new Map<string, { side: Side; slot: number | null; seen: number }>();
  let seen = 0;
  const enter = (side: Side, id: unknown, slot: unknown) => {
    if (typeof id !== 'string' || order.has(id)) return;
    order.set(id, { side, slot: typeof slot === 'number' && slot >= 1 && slot <= 9 ? slot : null, seen: seen++ });
  };
  // Runs scored: who stands on each base, replayed from the advances.
  const runs = new Map<string, number>();
  const pitchers: { side: Side; id: string; name: string }[] = [];
  const allowed = new Map<string, { h: number; bb: number; so: number; hr: number }>();
  let bases: Record<string, string | null> = { '1': null, '2': null, '3': null };
  let half: Side | null = null;
  for (const e of events) {
    const side = e.side;
    if (side !== 'home' && side !== 'away') continue;
    const d = e.detail as Record<string, unknown>;
    if (e.type === 'lineup' && Array.isArray(d.players)) {
      for (const p of d.players as {
        player_id?: string;
        batting_order?: number;
        position?: number;
        player?: string;
      }[]) {
        enter(side, p.player_id, p.batting_order);
        if (p.position === 1 && p.player_id) pitchers.push({ side, id: p.player_id, name: p.player ?? p.player_id });
      }
    } else if (e.type === 'substitution' || e.type === 'pitching_change') {
      enter(side, d.player_id, d.batting_order);
      if (
        (e.type === 'pitching_change' || d.position === 1) &&
        typeof d.player_id === 'string' &&
        !pitchers.some((p) => p.id === d.player_id)
      )
        pitchers.push({ side, id: d.player_id, name: e.player ?? d.player_id });
    } else if (e.type === 'plate_appearance' || e.type === 'base_running') {
      const p = d as unknown as PlayDetail;
      if (half !== side) {
        half = side;
        bases = { '1': null, '2': null, '3': null };
      }
      if (e.type === 'plate_appearance' && p.batter_id) enter(side, p.batter_id, null);
      const next: Record<string, string | null> = { ...bases };
      for (const a of (p.advances ?? []) as Advance[]) {
        const runner = a.from === 'B' ? (p.batter_id ?? null) : (bases[a.from] ?? null);
        if (a.from !== 'B') next[a.from] = next[a.from] === runner ? null : next[a.from];
        if (a.out || !runner) continue;
        if (a.to === 'H') runs.set(runner, (runs.get(runner) ?? 0) + 1);
        else if ((BASES as readonly string[]).includes(a.to)) next[a.to] = runner;
      }
      bases = next;
      if (e.type === 'plate_appearance' && p.pitcher_id) {
        const x = allowed.get(p.pitcher_id) ?? { h: 0, bb: 0, so: 0, hr: 0 };
        if (HIT_OUTCOMES.includes(p.outcome)) x.h += 1;
        if (p.outcome === 'walk' || p.outcome === 'intentional_walk') x.bb += 1;
        if (p.outcome === 'strikeout') x.so += 1;
        if (p.outcome === 'home_run') x.hr += 1;
        allowed.set(p.pitcher_id, x);
      }
    } else if (e.type === 'half_inning_end') {
      bases = { '1': null, '2': null, '3': null };
    }
  }

  const batting = new Map(stats.batting.map((b) => [b.player_id, b]));
  const lastSlot: Record<Side, number | null> = { home: null, away: null };
  for (const [id, o] of [...order.entries()].sort((a, b) => a[1].seen - b[1].seen)) {
    const b = batting.get(id);
    if (!b) continue;
    box[o.side].batting.push({
      player_id: id,
      player: b.player,
      order: o.slot ?? lastSlot[o.side],
      r: runs.get(id) ?? 0,
      ab: b.ab,
      h: b.h,
      hr: b.hr,
      rbi: b.rbi,
      bb: b.bb,
      so: b.so,
    });
    lastSlot[o.side] = o.slot ?? lastSlot[o.side];
  }
  for (const side of ['home', 'away'] as const) {
    // Stable: starters first in slot order, each substitute right after the slot he entered.
    box[side].batting = box[side].batting
      .map((b, i) => ({ b, i }))
      .sort((x, y) => (x.b.order ?? 99) - (y.b.order ?? 99) || x.i - y.i)
      .map((x) => x.b);
  }
  const pitching = new Map(stats.pitching.map((p) => [p.player_id, p]));
  // A pitcher no lineup or change named (a partial log): his team is the one fielding against his batters.
  for (const p of stats.pitching)
    if (!pitchers.some((x) => x.id === p.player_id))
      pitchers.push({ side: p.team as Side, id: p.player_id, name: p.player });
  for (const p of pitchers) {
    const line = pitching.get(p.id);
    const a = allowed.get(p.id);
    if (!line && !a) continue;
    box[p.side].pitching.push({
      player_id: p.id,
      player: line?.player ?? p.name,
      ip: line?.ip ?? '0.0',
      ...(a ?? { h: 0, bb: 0, so: 0, hr: 0 }),
      er: earnedRuns ? (line?.er ?? 0) : null,
    });
  }
  return box;
}
