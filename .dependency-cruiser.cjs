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
      name: 'delivery-reads-through-queries',
      severity: 'error',
      comment:
        'The WebSocket gateway and the webhook outbox read the store through store queries (server/store/queries) and the read layer, never its schema.',
      from: { path: '^server/(ws/|webhooks/(outbox|payload)\\.ts$)' },
      to: { path: '^server/store/schema\\.ts$' },
    },
    {
      name: 'auth-below-transports',
      severity: 'error',
      comment:
        'server/auth (keys, plans, limits, sessions, identity) is below every transport: REST, HTTP, WebSocket and webhooks call it, never the reverse.',
      from: { path: '^server/auth/' },
      to: { path: '^server/(api|http|ws|webhooks|read|engine|cluster|monitoring)/' },
    },
    {
      name: 'store-below-subsystems',
      severity: 'error',
      comment: 'server/store is the bottom of the server: it never imports the subsystems that use it.',
      from: { path: '^server/store/' },
      to: { path: '^server/(api|http|ws|webhooks|read|auth|cluster|monitoring|adapters|replay|sandbox)/' },
    },
    {
      name: 'read-not-into-transports',
      severity: 'error',
      comment:
        'server/read answers typed results; the transports (REST, HTTP, WebSocket, webhooks) call it, never the reverse (the docs pages reach the OpenAPI document through server/docs).',
      from: { path: '^server/read/' },
      to: { path: '^server/(api|http|ws|webhooks)/' },
    },
    {
      name: 'config-below-subsystems',
      severity: 'error',
      comment:
        'server/config*.ts parse the settings (with their own parsers, and the plans of server/auth); the subsystems read the parsed config, never the reverse.',
      from: { path: '^server/config(-sources|-webhooks)?\\.ts$' },
      to: {
        path: '^server/(adapters|api|cluster|engine|http|monitoring|read|read-cache|replay|sandbox|store|webhooks|ws)/',
      },
    },
    {
      name: 'services-not-into-monitoring',
      severity: 'error',
      comment:
        'server/services.ts does not carry the monitors: the feed-health tracker is registered beside the services (server/monitoring/feed-stats.ts feedStatsOf), and server/monitoring imports services.ts, not the reverse.',
      from: { path: '^server/services\\.ts$' },
      to: { path: '^server/monitoring/' },
    },
    {
      name: 'subsystems-take-narrow-services',
      severity: 'error',
      comment:
        'The WebSocket gateway, the webhooks and the adapters receive the parts they use (GatewayServices, DispatcherServices, StartAdaptersOptions), never the whole services object.',
      from: { path: '^server/(ws|webhooks|adapters)/' },
      to: { path: '^server/services\\.ts$' },
    },
    {
      name: 'monitoring-not-into-api',
      severity: 'error',
      comment:
        'server/monitoring is below the REST layer (its handlers call the monitors): the route table reaches the metrics as a parameter (createMetrics), never by import.',
      from: { path: '^server/monitoring/' },
      to: { path: '^server/api/' },
    },
    {
      name: 'services-not-into-cluster',
      severity: 'error',
      comment:
        'server/services.ts declares what it needs of the cluster (ClusterView); server/cluster fills it in and imports services.ts, not the reverse.',
      from: { path: '^server/services\\.ts$' },
      to: { path: '^server/cluster/' },
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
