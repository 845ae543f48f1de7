/**
 * The spec 2.1 projection (contract `LiveProjection`) every sport's `project` returns.
 */
import type { LiveProjection } from './contract';
import type { PerSide } from './sides';

/**
 * Builds a {@link LiveProjection}: the state's `period` and `status`, the sport's headline score
 * (copied), the displayed minute (0 where the sport has none) and the sport's own live state.
 */
export function liveProjection(
  s: { period: string; status: string },
  score: PerSide<number>,
  minute: number,
  state: Record<string, unknown>,
): LiveProjection {
  return { score: { ...score }, minute, period: s.period, status: s.status, state };
}
