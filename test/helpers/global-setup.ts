/**
 * Vitest global setup (vitest.config.ts): builds the server bundle the test servers run
 * (scripts/build-server.mjs) once, before any test file, and tells the workers it is fresh
 * (SCORELINE_SERVER_BUNDLE_FRESH, inherited by the worker processes), so none of them checks again.
 * Errors: throws with the build's output when it fails, and no test runs.
 */
import { buildServerBundleIfStale } from './server-bundle';

export default function setup(): void {
  buildServerBundleIfStale();
  process.env.SCORELINE_SERVER_BUNDLE_FRESH = '1';
}
