/** The read dependencies of this process, for the pages (server components read in-process). */
import { getServices } from '../services';
import { readDepsOf, type ReadDeps } from './deps';

/** The store and live cache of the running services. Errors: throws when the server has not started them. */
export function processReadDeps(): ReadDeps {
  return readDepsOf(getServices());
}
