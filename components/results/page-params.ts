/** Reading the dashboard pages' query strings (Next passes `searchParams` as a Promise of this). */

export type SearchParams = Record<string, string | string[] | undefined>;

/** The first value of a query parameter, trimmed; undefined when absent or empty. */
export function param(sp: SearchParams, key: string): string | undefined {
  const v = sp[key];
  const s = (Array.isArray(v) ? v[0] : v)?.trim();
  return s ? s : undefined;
}

/** A league slug (`premier-league`) or undefined when absent or malformed. */
export function slugParam(sp: SearchParams, key: string): string | undefined {
  const s = param(sp, key);
  return s && /^[a-z0-9][a-z0-9-]{0,63}$/.test(s) ? s : undefined;
}

/** A team name filter (any alias the API knows), at most 100 characters. */
export function teamParam(sp: SearchParams): string | undefined {
  return param(sp, 'team')?.slice(0, 100);
}

/** Builds `path?k=v&…`, leaving out empty values. */
export function hrefWith(path: string, q: Record<string, string | undefined | null>): string {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) u.set(k, v);
  const s = u.toString();
  return s ? `${path}?${s}` : path;
}
