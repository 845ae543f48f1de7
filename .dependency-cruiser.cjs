/**
 * The layering rules of ARCHITECTURE.md, checked by dependency-cruiser on every `npm test`
 * (scripts/test.mjs): any violation fails the run. Issue 16's step removed the 56 that predated
 * the rules, so there is no baseline of known violations.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module cycle: break it by moving the shared part down a layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-is-pure',
      severity: 'error',
      comment:
        'lib/ is the shared, framework-free core: it never imports the server, browser code, pages or components.',
      from: { path: '^lib/' },
      to: { path: '^(server|browser|app|components)/' },
    },
    {
      name: 'store-below-engine',
      severity: 'error',
      comment: 'server/store is below server/engine: the engine writes through the store, never the reverse.',
      from: { path: '^server/store/' },
      to: { path: '^server/engine/' },
    },
    {
      name: 'pages-not-into-http-or-store',
      severity: 'error',
      comment:
        'Pages and components read through the read layer (server/read), never the HTTP handlers (server/api) or raw queries (server/store).',
      from: { path: '^(app|components)/' },
      to: { path: '^server/(api|store)/' },
    },
    {
      name: 'server-not-into-pages',
      severity: 'error',
      comment: 'The server never imports page or component code.',
      from: { path: '^server/' },
      to: { path: '^(app|components)/' },
    },
    {
      name: 'browser-not-into-server',
      severity: 'error',
      comment:
        'browser/ is browser code (live connection, viewer fetch, key and console calls): it never imports the server.',
      from: { path: '^browser/' },
      to: { path: '^server/' },
    },
    {
      name: 'product-not-into-tests',
      severity: 'error',
      comment: 'Production code never imports tests, test helpers or benches.',
      from: { path: '^(app|browser|components|lib|server|scripts)/' },
      to: { path: '^(test|e2e|bench)/' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['(^|/)node_modules/', '^\\.next', '^datasets/', '^clients/', '\\.test\\.tsx?$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
