/**
 * Home/away helpers shared by the sport rules modules (lib/rules/contract.ts `Side`).
 */
import type { Side } from './contract';

/** A value per side, e.g. `{ home: 3, away: 1 }`. */
export type PerSide<T> = { home: T; away: T };

/** The opponent of `side`. */
export function otherSide(side: Side): Side {
  return side === 'home' ? 'away' : 'home';
}

/**
 * One value per side, each from its own call of `make` (so objects are never shared).
 * @example perSide(() => 0) → { home: 0, away: 0 }
 */
export function perSide<T>(make: () => T): PerSide<T> {
  return { home: make(), away: make() };
}
