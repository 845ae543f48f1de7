/**
 * The `route_group` label of the request metrics (metrics-requests.ts): an API URL's route
 * template, from the route table the wiring passes in (server/api/routes.ts ROUTES — monitoring
 * never imports server/api).
 */

/** What the route_group label reads of a route (server/api/routes.ts Route): its matcher and its parameters' names. */
export interface RoutePattern {
  /** Matches the routed path (trailing slashes and /sandbox dropped); one group per parameter. */
  pattern: RegExp;
  names: string[];
}

/** A route's path template: its pattern with each capture group replaced by `{name}`. */
function templateOf(pattern: RegExp, names: string[]): string {
  let i = 0;
  return pattern.source
    .replace(/\([^)]*\)/g, () => `{${names[i++] ?? 'param'}}`)
    .replace(/^\^|\$$/g, '')
    .replace(/\\(.)/g, '$1');
}

/** The public documents (server/api/router.ts), outside the route table. */
const DOCUMENT_TEMPLATES = [
  { pattern: /^\/v1\/openapi\.json$/, template: '/v1/openapi.json' },
  { pattern: /^\/v1\/asyncapi\.json$/, template: '/v1/asyncapi.json' },
  { pattern: /^\/v1\/schemas\/ws\.json$/, template: '/v1/schemas/ws.json' },
];

/** routeGroup's answers per path are memoized up to this many paths (cleared when full), so a request costs no regex scan. */
const MAX_MEMO = 4096;

/**
 * The `route_group` labeller over `routes` (the server's ROUTES, passed in by the wiring): the
 * low-cardinality label of an API URL — the matching route's template (`/v1/{sport}/matches/{id}`,
 * `/sandbox/v1/{sport}/live`), `/v1/*` or `/sandbox/*` when no route matches. Query strings, ids,
 * sport slugs and keys never appear in it.
 */
export function routeGroups(routes: readonly RoutePattern[]): (url: string) => string {
  const templates = [
    ...DOCUMENT_TEMPLATES,
    ...routes.map((r) => ({ pattern: r.pattern, template: templateOf(r.pattern, r.names) })),
  ];
  const groups = new Map<string, string>();
  const groupOf = (pathname: string): string => {
    let path = pathname.replace(/\/+$/, '') || '/';
    const sandbox = path === '/sandbox' || path.startsWith('/sandbox/');
    if (sandbox) path = path.slice('/sandbox'.length) || '/';
    const hit = templates.find((t) => t.pattern.test(path));
    return hit ? (sandbox ? '/sandbox' : '') + hit.template : sandbox ? '/sandbox/*' : '/v1/*';
  };
  return (url) => {
    const pathname = url.split('?')[0];
    let group = groups.get(pathname);
    if (group === undefined) {
      if (groups.size >= MAX_MEMO) groups.clear();
      group = groupOf(pathname);
      groups.set(pathname, group);
    }
    return group;
  };
}
