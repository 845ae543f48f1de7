/**
 * The match page's win-probability chart, its pure part: the series (GET
 * /v1/{sport}/matches/{fixture_id}/win-probability points) with live points merged in, the
 * biggest swings, and the stacked bands' SVG paths. Safe in client bundles (no zod, no server imports).
 */
import type { WinProbabilityPoint } from '@/lib/wire/win-probability';

export type { WinProbabilityPoint };

/** Swings marked on the chart at most. */
export const MAX_SWINGS = 3;
/** A move smaller than this (5 percentage points of one side) is never marked as a swing. */
export const MIN_SWING = 0.05;

/**
 * The series with a live point applied: a point for an event already in the series (a correction
 * moved it back to that event) cuts the series there and replaces it; a later one is appended; an
 * older one (already superseded) changes nothing.
 */
export function mergePoint(points: readonly WinProbabilityPoint[], p: WinProbabilityPoint): WinProbabilityPoint[] {
  const at = p.event ? points.findIndex((x) => x.event?.event_id === p.event!.event_id) : 0;
  if (at >= 0) return [...points.slice(0, at), p];
  const last = points.at(-1);
  if (last && Date.parse(p.observed_at) < Date.parse(last.observed_at)) return [...points];
  return [...points, p];
}

/** One marked swing: the point after it, its index in the series and the move of the side it favoured. */
export interface Swing {
  index: number;
  point: WinProbabilityPoint;
  /** The side whose probability rose most. */
  side: 'home' | 'away' | 'draw';
  /** Rise of that side's probability (0–1). */
  delta: number;
}

/**
 * The biggest swings of a series: the moves between consecutive points with the largest rise of
 * any side (at least {@link MIN_SWING}), at most `max`, in series order.
 */
export function biggestSwings(points: readonly WinProbabilityPoint[], max = MAX_SWINGS): Swing[] {
  const swings: Swing[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!b.event) continue;
    const moves = [
      ['home', b.home - a.home],
      ['away', b.away - a.away],
      ['draw', (b.draw ?? 0) - (a.draw ?? 0)],
    ] as const;
    const [side, delta] = moves.reduce((m, x) => (x[1] > m[1] ? x : m));
    if (delta >= MIN_SWING) swings.push({ index: i, point: b, side, delta });
  }
  return swings
    .sort((x, y) => y.delta - x.delta)
    .slice(0, max)
    .sort((x, y) => x.index - y.index);
}

/** Drawing box of the chart (viewBox units; the SVG scales to its container's width). */
export const BOX = { width: 340, height: 160, top: 8, right: 8, bottom: 20, left: 34 } as const;

/** The x of each point: evenly spaced by event (a match's events, not its wall-clock gaps, make the story). */
export function xOf(i: number, n: number): number {
  const w = BOX.width - BOX.left - BOX.right;
  return BOX.left + (n <= 1 ? w : (w * i) / (n - 1));
}

/** The y of a probability (0 at the bottom, 1 at the top). */
export function yOf(p: number): number {
  return BOX.top + (1 - p) * (BOX.height - BOX.top - BOX.bottom);
}

/**
 * The stacked bands as step paths: home from the bottom, then draw, then away at the top, each
 * holding its value until the next point. Returns the SVG `d` of each band's area.
 */
export function bandPaths(points: readonly WinProbabilityPoint[]): { home: string; draw: string; away: string } {
  const n = points.length;
  const edge = (f: (p: WinProbabilityPoint) => number) => {
    const out: [number, number][] = [];
    points.forEach((p, i) => {
      const x0 = xOf(i, n);
      const x1 = i + 1 < n ? xOf(i + 1, n) : BOX.width - BOX.right;
      out.push([x0, yOf(f(p))], [x1, yOf(f(p))]);
    });
    return out;
  };
  const area = (upper: [number, number][], lower: [number, number][]) =>
    `M${upper.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join('L')}L${[...lower]
      .reverse()
      .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`)
      .join('L')}Z`;
  const bottom = edge(() => 0);
  const homeTop = edge((p) => p.home);
  const drawTop = edge((p) => p.home + (p.draw ?? 0));
  const top = edge(() => 1);
  return { home: area(homeTop, bottom), draw: area(drawTop, homeTop), away: area(top, drawTop) };
}

/** A probability as whole percent ("63%"), never 0 % or 100 % before the match is decided. */
export function percent(p: number): string {
  const v = Math.round(p * 100);
  return `${p > 0 && v === 0 ? '<1' : p < 1 && v === 100 ? '>99' : v}%`;
}
