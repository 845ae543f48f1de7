/**
 * The HTTP side of the read layer's failures: a ReadFailure (server/read/result.ts) becomes the
 * ApiError of its code, so runHandler answers the same problem+json as before.
 */
import { isReadFailure, type ReadFailure } from '../read/result';
import { ApiError } from './problem';

/** The body of a read, or throws ApiError(code, detail) for its failure (404 not found, 400 invalid_parameter). */
export function orThrow<T>(r: T | ReadFailure): T {
  if (isReadFailure(r)) throw new ApiError(r.code, r.detail);
  return r;
}
