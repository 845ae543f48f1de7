/**
 * Line scores: points per period per side (basketball quarters, ice hockey periods, baseball
 * innings), kept beside the headline score.
 */
import type { Side } from './contract';
import type { PerSide } from './sides';

/** Points per period, index 0 = the first period. */
export type LineScore = PerSide<number[]>;

/** A line score with no period yet. */
export function emptyLineScore(): LineScore {
  return { home: [], away: [] };
}

/** Opens the next period: a 0 for each side. */
export function openLinePeriod(line: LineScore): void {
  line.home.push(0);
  line.away.push(0);
}

/**
 * Credits `points` to `side` in the headline score and in the line score (in place).
 * @param index the line-score period (default: the last one, the period being played)
 */
export function addPoints(
  score: PerSide<number>,
  line: LineScore,
  side: Side,
  points: number,
  index = line[side].length - 1,
): void {
  score[side] += points;
  line[side][index] += points;
}

/** A copy of a line score (for projections). */
export function copyLineScore(line: LineScore): LineScore {
  return { home: [...line.home], away: [...line.away] };
}
