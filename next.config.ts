import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // server/ modules (store, engine) are loaded by Node, not bundled: pages reach them through globalThis.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', 'ws'],
  poweredByHeader: false,
};

export default nextConfig;
