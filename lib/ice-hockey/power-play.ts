/**
 * Ice hockey's power play, derived from the running penalties. Pure (in place on the state the
 * reducer copied).
 *
 * - minor (2), double minor (4), major (5), match (5) put the team a skater short; misconducts
 *   do not. Skaters = 5 − short-handed penalties, never below 3. In regular-season overtime
 *   (3-on-3) a penalty adds a skater to the opponent instead (4-on-3, 5-on-3).
 * - A power-play goal releases the earliest-ending minor of the short-handed team (a double
 *   minor restarts at its second 2 minutes if the goal comes in the first); majors run on.
 * - Simplification: the penalty queue (a third penalty waits until one expires) is not
 *   modelled; penalty end times always count from the call.
 */
import type { SportEvent } from '../rules/contract';
import { failEvent as fail } from '../rules/events';
import { otherSide as other } from '../rules/sides';
import { playingIndex } from './periods';
import { type IceHockeyState, PENALTY_MINUTES, type PenaltyKind, type Side } from './types';

/** Recomputes skaters and the advantage from the running penalties (expiring those served); counts a new power play. */
export function updateStrength(s: IceHockeyState): void {
  const pp = s.power_play;
  pp.penalties = pp.penalties.filter((p) => p.end > s.elapsed);
  const count = { home: 0, away: 0 };
  for (const p of pp.penalties) if (p.short_handed) count[p.side] += 1;
  const i = playingIndex(s.period);
  const threeOnThree = s.format === 'regular_season' && i !== null && i >= 3;
  if (threeOnThree) {
    const net = count.home - count.away;
    pp.skaters = { home: net < 0 ? Math.min(5, 3 - net) : 3, away: net > 0 ? Math.min(5, 3 + net) : 3 };
  } else {
    pp.skaters = { home: Math.max(3, 5 - count.home), away: Math.max(3, 5 - count.away) };
  }
  const derived: Side | null =
    pp.skaters.home > pp.skaters.away ? 'home' : pp.skaters.away > pp.skaters.home ? 'away' : null;
  const advantage = derived ?? pp.declared;
  if (advantage && advantage !== pp.advantage) s.power_plays[advantage].opportunities += 1;
  pp.advantage = advantage;
}

/**
 * A goal by `side` while it has the advantage: counts the power-play goal and releases the
 * earliest-ending minor of the short-handed team (a double minor in its first 2 minutes
 * restarts at its second), or ends a declared power play without penalties; then the strength
 * is recomputed. No-op when `side` has no advantage.
 */
export function powerPlayGoal(s: IceHockeyState, side: Side): void {
  const pp = s.power_play;
  if (pp.advantage !== side) return;
  s.power_plays[side].goals += 1;
  const minors = pp.penalties
    .filter((p) => p.side === other(side) && (p.kind === 'minor' || p.kind === 'double_minor'))
    .sort((a, b) => a.end - b.end);
  const released = minors[0];
  if (released) {
    if (released.kind === 'double_minor' && released.end - s.elapsed > 120) released.end = s.elapsed + 120;
    else pp.penalties = pp.penalties.filter((p) => p !== released);
  } else if (pp.declared === side) pp.declared = null;
  updateStrength(s);
}

/**
 * The penalty's kind: `detail.kind`, else from `detail.minutes` (2 minor, 4 double minor,
 * 5 major, 10 misconduct). Errors: RuleError `invalid_event` for an unknown kind or neither given.
 */
export function penaltyKind(e: SportEvent): PenaltyKind {
  const k = e.detail.kind;
  if (typeof k === 'string') {
    if (!(k in PENALTY_MINUTES)) fail(e, `unknown penalty kind ${k}`);
    return k as PenaltyKind;
  }
  const byMinutes: Record<number, PenaltyKind> = { 2: 'minor', 4: 'double_minor', 5: 'major', 10: 'misconduct' };
  const kind = byMinutes[Number(e.detail.minutes)];
  if (!kind) fail(e, 'detail.kind or detail.minutes (2, 4, 5, 10) is required');
  return kind;
}

/**
 * A penalty of `kind` on `side` called now: counts its minutes (`detail.minutes` when given)
 * and, during a playing period, starts it running (minor, double minor, major and match leave
 * the team short-handed) and recomputes the strength.
 */
export function callPenalty(s: IceHockeyState, e: SportEvent, side: Side, kind: PenaltyKind): void {
  const minutes = typeof e.detail.minutes === 'number' ? e.detail.minutes : PENALTY_MINUTES[kind];
  s.penalty_minutes[side] += minutes;
  const shortHanded = kind === 'minor' || kind === 'double_minor' || kind === 'major' || kind === 'match';
  if (playingIndex(s.period) !== null) {
    s.power_play.penalties.push({
      side,
      player: e.player,
      kind,
      start: s.elapsed,
      end: s.elapsed + PENALTY_MINUTES[kind] * 60,
      short_handed: shortHanded,
    });
    updateStrength(s);
  }
}

/** Ends the power play: the declared one, and the short-handed penalties of the team without the advantage; strength recomputed. */
export function endPowerPlay(s: IceHockeyState): void {
  const adv = s.power_play.advantage;
  s.power_play.declared = null;
  if (adv) s.power_play.penalties = s.power_play.penalties.filter((p) => p.side === adv || !p.short_handed);
  updateStrength(s);
}
