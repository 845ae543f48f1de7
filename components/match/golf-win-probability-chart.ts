/**
 * The golf tournament page's win-probability chart, its pure part: from the field series (GET
 * /v1/golf/matches/{fixture_id}/win-probability points) the leaders' lines (each player's
 * probability to win, point by point; 0 where the player is not among a point's listed 10 and
 * below them) and the biggest swings (the largest rise of one player's probability between two
 * consecutive points). Safe in client bundles (types only).
 */
import type { GolfWinProbabilityPoint } from '@/lib/wire/golf-win-probability';
import { BOX, MAX_SWINGS, MIN_SWING, xOf, yOf } from './win-probability-chart';

/** Players drawn at most. */
export const GOLF_CHART_PLAYERS = 5;

/** One leader's line. */
export interface GolfLine {
  player: string;
  /** SVG path over the chart box. */
  d: string;
  /** Probability at the last point. */
  last: number;
}

/** A marked swing: the point after it, its index and the player whose probability rose. */
export interface GolfSwing {
  index: number;
  point: GolfWinProbabilityPoint;
  player: string;
  delta: number;
}

const probOf = (p: GolfWinProbabilityPoint, player: string) =>
  p.field.find((f) => f.player === player)?.probability ?? 0;

/**
 * The players to draw: the last point's leaders first, then those who rose highest on the way,
 * at most {@link GOLF_CHART_PLAYERS}.
 */
export function chartPlayers(points: readonly GolfWinProbabilityPoint[], max = GOLF_CHART_PLAYERS): string[] {
  const peak = new Map<string, number>();
  for (const p of points) for (const f of p.field) peak.set(f.player, Math.max(peak.get(f.player) ?? 0, f.probability));
  const last = points.at(-1)?.field ?? [];
  const out = last
    .filter((f) => f.probability > 0)
    .map((f) => f.player)
    .slice(0, max);
  for (const [player] of [...peak].sort((a, b) => b[1] - a[1]))
    if (out.length < max && !out.includes(player)) out.push(player);
  return out;
}

/** Each chosen player's line over the box (x: point index, y: probability). */
export function golfLines(points: readonly GolfWinProbabilityPoint[], players: readonly string[]): GolfLine[] {
  const n = points.length;
  return players.map((player) => ({
    player,
    d: points
      .map((p, i) => `${i === 0 ? 'M' : 'L'}${xOf(i, n).toFixed(1)},${yOf(probOf(p, player)).toFixed(1)}`)
      .join(''),
    last: probOf(points.at(-1)!, player),
  }));
}

/**
 * The biggest swings: consecutive points where one player's probability rose most (at least
 * {@link MIN_SWING}), at most `max`, in series order.
 */
export function golfSwings(points: readonly GolfWinProbabilityPoint[], max = MAX_SWINGS): GolfSwing[] {
  const all: GolfSwing[] = [];
  for (let i = 1; i < points.length; i++) {
    let best: GolfSwing | null = null;
    for (const f of points[i].field) {
      const delta = f.probability - probOf(points[i - 1], f.player);
      if (delta >= MIN_SWING && (!best || delta > best.delta))
        best = { index: i, point: points[i], player: f.player, delta };
    }
    if (best) all.push(best);
  }
  return all
    .sort((a, b) => b.delta - a.delta)
    .slice(0, max)
    .sort((a, b) => a.index - b.index);
}

export { BOX, xOf, yOf };
