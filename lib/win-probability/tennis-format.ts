/**
 * A tennis match probability for the match's actual format (best of 3 or 5 sets) from a rating
 * whose expectation is fitted mostly on best-of-3 matches (issue 37 item 1; docs/odds.md
 * "Pre-match ratings").
 *
 * Treating sets as independent with one probability s that a player wins a set:
 * - best of 3: P₃(s) = s² (3 − 2s);
 * - best of 5: P₅(s) = s³ (10 − 15s + 6s²).
 * An Elo expectation E read as P₃ is inverted to s, then P₅(s) prices a best-of-5 match: the
 * favourite's edge grows with the number of sets. This is the conversion of Kovalchik 2016
 * ("Searching for the GOAT of tennis win prediction", J. Quant. Anal. Sports 12(3)) and of
 * FiveThirtyEight's tennis Elo, where Grand Slam matches are priced through the set probability.
 * P₃ is inverted in closed form: with s = ½ + x, P₃ = ½ + (3/2)x − 2x³, whose root in [−½, ½] is
 * x = cos(arccos(1 − 2P₃) / 3 − 2π/3) (the trigonometric solution of a depressed cubic).
 * All probabilities are fractions in [0, 1]; the caller clamps (lib/odds/clamp.ts).
 */

/** P(win a best-of-3 match) from the per-set probability s ∈ [0, 1]. */
export const bestOf3FromSet = (s: number): number => s * s * (3 - 2 * s);

/** P(win a best-of-5 match) from the per-set probability s ∈ [0, 1]. */
export const bestOf5FromSet = (s: number): number => s ** 3 * (10 - 15 * s + 6 * s * s);

/** The per-set probability s with {@link bestOf3FromSet}(s) = p (p ∈ [0, 1]; closed form, module header). */
export function setFromBestOf3(p: number): number {
  const q = Math.min(1, Math.max(0, p));
  return 0.5 + Math.cos(Math.acos(1 - 2 * q) / 3 - (2 * Math.PI) / 3);
}

/**
 * A best-of-3 match probability `p` (the rating's expectation) for a match of `bestOf` sets:
 * best of 5 goes through the set probability, anything else (3, unknown) is `p` unchanged.
 * @param p P(home wins) as a best-of-3 match, a fraction in [0, 1]
 * @param bestOf the match's sets (Sackmann's `best_of`: 3 or 5); null/undefined: 3
 */
export function forBestOf(p: number, bestOf: number | null | undefined): number {
  return bestOf === 5 ? bestOf5FromSet(setFromBestOf3(p)) : p;
}
