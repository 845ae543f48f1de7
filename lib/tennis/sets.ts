/**
 * Tennis set arithmetic shared by the rules (lib/tennis/rules.ts) and the score snapshot
 * (lib/tennis/score-snapshot.ts): when a set goes to a tie-break, who won a set, sets won in a
 * recorded result. Pure.
 */
import type { FinalSetRule, Pair, Side, TennisOutcome } from './types';

/**
 * When set `setNumber` (1-based) of a best-of-`bestOf` match goes to a tie-break, and to how many
 * points: every set 6-6 → first to 7; the deciding set per `finalSet` ('advantage': never).
 */
export function tiebreakRule(
  setNumber: number,
  bestOf: number,
  finalSet: FinalSetRule,
): { at: number; to: number } | null {
  if (setNumber < bestOf) return { at: 6, to: 7 };
  switch (finalSet) {
    case 'advantage':
      return null;
    case 'tiebreak_at_12':
      return { at: 12, to: 7 };
    case 'tiebreak_10':
      return { at: 6, to: 10 };
    default:
      return { at: 6, to: 7 };
  }
}

/**
 * Winner of a set from its games (and tie-break points, when one was played), or null when
 * the set is unfinished: 6+ games with a 2-game lead, 7-6, or a tie-break / match tie-break.
 */
export function setWinner(games: [number, number], tiebreak: Pair | null = null): Side | null {
  const [h, a] = games;
  if (tiebreak) return tiebreak.home > tiebreak.away ? 'home' : tiebreak.away > tiebreak.home ? 'away' : null;
  if (Math.max(h, a) >= 6 && Math.abs(h - a) >= 2) return h > a ? 'home' : 'away';
  if ((h === 7 && a === 6) || (h === 6 && a === 7)) return h > a ? 'home' : 'away';
  return null;
}

/**
 * Sets won in a recorded result (`result` events, importers). Every set before the last was
 * finished whatever its length (Next Gen ATP Finals sets are first to 4 games), so its winner is
 * the side with the tie-break points or more games. The last set counts the same way when the
 * match was completed; after a retirement or default it counts only when finished by the standard
 * rule ({@link setWinner}).
 * @param sets games per set, [home, away]
 * @param tiebreaks tie-break points per set (null: none played)
 */
export function recordedSetsWon(sets: [number, number][], tiebreaks: (Pair | null)[], outcome: TennisOutcome): Pair {
  const won = { home: 0, away: 0 };
  sets.forEach((g, k) => {
    const tb = tiebreaks[k] ?? null;
    const sw =
      k === sets.length - 1 && outcome !== 'completed'
        ? setWinner(g, tb)
        : tb
          ? tb.home > tb.away
            ? 'home'
            : tb.away > tb.home
              ? 'away'
              : null
          : g[0] > g[1]
            ? 'home'
            : g[1] > g[0]
              ? 'away'
              : null;
    if (sw) won[sw] += 1;
  });
  return won;
}
