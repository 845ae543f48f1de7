/**
 * Errors thrown by the odds core (lib/odds/*). Every function here is pure and throws only these,
 * so a route handler can map `instanceof OddsError` to one 400 `invalid_parameter` problem
 * (server/api/problem.ts) and show `message` as the problem's `detail`.
 */

/**
 * Stable reasons:
 * - `malformed`: a price string that matches no format (`"2,5"`, `"5/"`, `"abc"`).
 * - `out_of_range`: a well-formed price outside its format's range (decimal ≤ 1, American
 *   strictly between −100 and +100, probability outside (0, 1), longer than the sanity cap).
 * - `unknown_format`: a `format` name that is not decimal / american / fractional / implied.
 * - `invalid_book`: a market book that cannot be priced (fewer than two selections, a bookmaker
 *   listed twice, a bad price inside a book, a line that the market does not allow).
 * - `invalid_state`: an in-play state the model cannot read (negative minute or score).
 */
export type OddsErrorCode = 'malformed' | 'out_of_range' | 'unknown_format' | 'invalid_book' | 'invalid_state';

/** Base class of every error the odds core throws. `code` is stable; `message` is for people. */
export class OddsError extends Error {
  constructor(
    readonly code: OddsErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OddsError';
  }
}

/** A price in some input format that cannot become a decimal price (lib/odds/convert.ts). */
export class OddsFormatError extends OddsError {
  constructor(code: Extract<OddsErrorCode, 'malformed' | 'out_of_range' | 'unknown_format'>, message: string) {
    super(code, message);
    this.name = 'OddsFormatError';
  }
}
