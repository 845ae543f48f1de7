/**
 * Defensive readers for a live match's sport `state` (docs/sports/<sport>.md): the shapes are
 * validated on the server, but sports still being written (golf, MMA, esports) or an older server
 * may omit fields, so every reader returns null / [] rather than throwing.
 */
import { sportState } from '@/browser/live/display';
import type { LiveMatch } from '@/lib/wire/schemas';

export type Side = 'home' | 'away';
export const SIDES: readonly Side[] = ['home', 'away'];

export type Obj = Record<string, unknown>;

/** `v` when it is a plain object, else null. */
export const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
/** `v` when it is a finite number, else null. */
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** `v` when it is a string, else null. */
export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/** `v` when it is an array, else []. */
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** `v[side]` as a number (`{ home, away }` objects), else null. */
export const perSide = (v: unknown, side: Side): number | null => num(obj(v)?.[side]);

/** The match's sport state, or {} (football, missing). */
export function stateOf(m: Pick<LiveMatch, 'state'>): Obj {
  return sportState(m) ?? {};
}

/** The other side. */
export const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/** The team name of a side. */
export const teamOf = (m: Pick<LiveMatch, 'home_team' | 'away_team'>, side: Side | null | undefined): string =>
  side === 'away' ? m.away_team : side === 'home' ? m.home_team : '';

/** "a–b" of a `{ home, away }` pair, or null when either is missing. */
export function pairText(v: unknown): string | null {
  const h = perSide(v, 'home');
  const a = perSide(v, 'away');
  return h == null || a == null ? null : `${h}–${a}`;
}
