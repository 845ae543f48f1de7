import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

// next-intl without i18n routing (no locale in the URL): the request's locale, messages and time
// zone come from components/i18n/request.ts (docs/languages.md).
const withNextIntl = createNextIntlPlugin('./components/i18n/request.ts');

const nextConfig: NextConfig = {
  // server/ modules (store, engine) are loaded by Node, not bundled: pages reach them through globalThis.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', 'ws'],
  poweredByHeader: false,
  // Type checking is its own step over the whole repo (`npm run typecheck`, the first thing `npm test` runs).
  typescript: { ignoreBuildErrors: true },
  // NEXT_DIST_DIR lets a second checkout-local build (e.g. a test run) live beside .next.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // No Turbopack build cache on disk: a fresh clone's build (npm start, CI) never reads one, and
  // writing it took 10.9 s of a 50 s build on a 2-core machine.
  experimental: { turbopackFileSystemCacheForBuild: false },
};

export default withNextIntl(nextConfig);
