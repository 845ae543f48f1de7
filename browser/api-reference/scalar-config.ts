/**
 * The configuration /docs/api gives the Scalar API reference (`@scalar/api-reference`, loaded from
 * this host by components/docs/ScalarReference.tsx; option names from Scalar's configuration
 * schema, @scalar/schemas api-reference-configuration): the two documents this server serves,
 * nothing fetched from elsewhere, and code samples in cURL, Node and Python only.
 */

/** The documents shown, each a choice in the reference's document menu (`?api=<slug>` selects one). */
export const REFERENCE_SOURCES = [
  { url: '/v1/openapi.json', title: 'REST API (OpenAPI 3.1)', slug: 'rest' },
  { url: '/v1/asyncapi.json', title: 'WebSocket and webhooks (AsyncAPI 3.0)', slug: 'asyncapi' },
] as const;

/**
 * The code-sample clients hidden (Scalar's `hiddenClients`: a target `true` hides all its clients,
 * a list hides those named). Left: shell curl, Node fetch, Python requests.
 */
const HIDDEN_CLIENTS: Record<string, true | string[]> = {
  c: true,
  clojure: true,
  csharp: true,
  dart: true,
  fsharp: true,
  go: true,
  http: true,
  java: true,
  js: true,
  julia: true,
  kotlin: true,
  objc: true,
  ocaml: true,
  php: true,
  powershell: true,
  r: true,
  ruby: true,
  rust: true,
  swift: true,
  node: ['axios', 'ofetch', 'undici'],
  python: ['aiohttp', 'httpx_sync', 'httpx_async', 'python3'],
  shell: ['httpie', 'wget'],
};

/**
 * Scalar's colours from the dashboard's tokens (app/globals.css), so the reference follows the
 * page's light and dark theme and keeps its contrast (Scalar's own greys, #757575 on #f6f6f6 and
 * #8e8e8e on white, fail WCAG AA: axe in e2e/api-reference.test.ts). Set on the body, where Scalar
 * puts its `light-mode` / `dark-mode` class; its nested dark code cards keep their own colours.
 */
const THEME_CSS = `
body.light-mode, body.dark-mode {
  color-scheme: inherit;
  background-color: var(--bg);
  --scalar-background-1: var(--card);
  --scalar-background-2: var(--bg);
  --scalar-background-3: var(--line);
  --scalar-border-color: var(--line);
  --scalar-color-1: var(--fg);
  --scalar-color-2: var(--muted);
  --scalar-color-3: var(--muted);
  --scalar-color-accent: var(--accent);
  --scalar-color-blue: var(--series-1);
  --scalar-color-green: var(--win);
  --scalar-color-red: var(--loss);
  --scalar-color-orange: var(--series-2);
  --scalar-color-purple: var(--series-5);
}`;

/**
 * Scalar's configuration for the page, in the colour scheme `dark` (the dashboard's theme; Scalar's
 * own toggle is hidden). Nothing leaves this host: `proxyUrl: ''` sends "try it" requests straight
 * to this server (Scalar's default sends cross-origin ones through proxy.scalar.com), no default
 * fonts (fonts.scalar.com), no telemetry, no agent chat or MCP (api.scalar.com), no developer
 * toolbar, no "Open API Client" link (it opens client.scalar.com). `persistAuth: false`: a pasted
 * key lives in the tab's memory only, never in storage. `locale`: the dashboard's language (en, de, es,
 * fr, pt — all among Scalar's built-in UI translations, `localization.locale`).
 */
export function scalarConfig(dark: boolean, locale = 'en'): Record<string, unknown> {
  return {
    localization: { locale },
    sources: REFERENCE_SOURCES.map((s) => ({ ...s, agent: { disabled: true } })),
    proxyUrl: '',
    withDefaultFonts: false,
    telemetry: false,
    persistAuth: false,
    mcp: { disabled: true },
    showDeveloperTools: 'never',
    hideClientButton: true,
    hideDarkModeToggle: true,
    forceDarkModeState: dark ? 'dark' : 'light',
    hiddenClients: HIDDEN_CLIENTS,
    defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
    documentDownloadType: 'json',
    customCss: THEME_CSS,
  };
}
