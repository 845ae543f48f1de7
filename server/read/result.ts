/**
 * The typed failures of the read layer: a read returns its wire body or one of these, never an
 * HTTP object. `code` is the stable error code of docs/errors.md; the HTTP layer maps it to its
 * problem+json (server/api/read-result.ts), pages to Next's notFound() or their own message.
 */

/** Codes of a resource that does not exist (all HTTP 404 on /v1). */
export type NotFoundCode =
  | 'fixture_not_found'
  | 'league_not_found'
  | 'season_not_found'
  | 'team_not_found'
  | 'player_not_found'
  | 'odds_not_found';

/** A read whose subject does not exist; `detail` is the human sentence /v1 sends. */
export interface NotFound {
  readonly readFailure: 'not_found';
  readonly code: NotFoundCode;
  readonly detail: string;
}

/** A read given a parameter it cannot use (a cursor it did not issue, the same team twice): /v1's 400 invalid_parameter. */
export interface InvalidParameter {
  readonly readFailure: 'invalid';
  readonly code: 'invalid_parameter';
  readonly detail: string;
}

export type ReadFailure = NotFound | InvalidParameter;

/** A NotFound with its code and detail. */
export function missing(code: NotFoundCode, detail: string): NotFound {
  return { readFailure: 'not_found', code, detail };
}

/** An InvalidParameter with its detail ("cursor: not a cursor returned by this API"). */
export function invalid(detail: string): InvalidParameter {
  return { readFailure: 'invalid', code: 'invalid_parameter', detail };
}

/** Whether a read's answer is a failure (NotFound or InvalidParameter) rather than its body. */
export function isReadFailure(x: unknown): x is ReadFailure {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && 'readFailure' in x;
}

/** Whether a read's answer is a NotFound (its `code` says what is missing). */
export function isNotFound(x: unknown): x is NotFound {
  return isReadFailure(x) && x.readFailure === 'not_found';
}

/** Thrown by unwrapRead: a read failed where its caller expected none (e.g. a cursor the read itself issued). */
export class UnexpectedReadFailure extends Error {
  constructor(readonly failure: ReadFailure) {
    super(`${failure.code}: ${failure.detail}`);
  }
}

/** The body of a read whose failure its caller does not expect. Errors: UnexpectedReadFailure for a failure. */
export function unwrapRead<T>(r: T | ReadFailure): T {
  if (isReadFailure(r)) throw new UnexpectedReadFailure(r);
  return r;
}
