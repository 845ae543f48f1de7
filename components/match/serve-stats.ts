/**
 * Tennis serve statistics for the match page, from either source the API has: an ATP result's
 * stored `statistics` (Sackmann: aces, double_faults, service_points, first_serves_in,
 * first_serve_points_won, second_serve_points_won, service_games, break_points_faced/saved) or a
 * point-by-point match's live state `stats` (lib/tennis/types.ts ServeStats: aces, double_faults,
 * service_points, service_points_won, service_games, service_games_won, break_points_*).
 * Percentages are whole numbers; a figure whose base is 0 or missing is left out.
 */
import type { StatRow } from './MatchStatistics';

type Side = Record<string, unknown>;
const num = (x: Side, k: string): number | null => (typeof x[k] === 'number' ? (x[k] as number) : null);
const pct = (a: number | null, b: number | null) => (a != null && b ? Math.round((a / b) * 100) : null);

/** The figures of one side, null where the source lacks them. */
function figures(x: Side): Record<string, { value: number | null; text?: string }> {
  const sp = num(x, 'service_points');
  const fin = num(x, 'first_serves_in');
  const fw = num(x, 'first_serve_points_won');
  const sw = num(x, 'second_serve_points_won');
  const spw = num(x, 'service_points_won') ?? (fw != null && sw != null ? fw + sw : null);
  const games = num(x, 'service_games');
  const faced = num(x, 'break_points_faced');
  const saved = num(x, 'break_points_saved');
  const held =
    num(x, 'service_games_won') ??
    (games != null && faced != null && saved != null ? Math.max(0, games - (faced - saved)) : null);
  return {
    aces: { value: num(x, 'aces') },
    double_faults: { value: num(x, 'double_faults') },
    first_serve_in_pct: { value: pct(fin, sp) },
    first_serve_won_pct: { value: pct(fw, fin) },
    second_serve_won_pct: { value: pct(sw, sp != null && fin != null ? sp - fin : null) },
    service_points_won_pct: { value: pct(spw, sp) },
    break_points_saved: { value: saved, text: saved != null && faced != null ? `${saved}/${faced}` : undefined },
    service_games_won: { value: held, text: held != null && games != null ? `${held}/${games}` : undefined },
  };
}

const LABELS: Record<string, string> = {
  aces: 'Aces',
  double_faults: 'Double faults',
  first_serve_in_pct: '1st serve in (%)',
  first_serve_won_pct: '1st serve points won (%)',
  second_serve_won_pct: '2nd serve points won (%)',
  service_points_won_pct: 'Service points won (%)',
  break_points_saved: 'Break points saved',
  service_games_won: 'Service games held',
};

/**
 * Rows for the match page's "Serve statistics" (home left), only figures both players have;
 * [] when neither source has any (a result-only match, or no point played yet).
 * @param stored GET /v1/tennis/matches/{id} `statistics` ({home, away}) or null
 * @param live the live state's `stats` ({home, away}) or null
 */
export function serveStatRows(stored: Record<string, unknown> | null, live: unknown): StatRow[] {
  const src = (stored?.home && stored?.away ? stored : live) as { home?: Side; away?: Side } | null;
  if (!src?.home || !src.away) return [];
  if (num(src.home, 'service_points') === 0 && num(src.away, 'service_points') === 0) return [];
  const h = figures(src.home);
  const a = figures(src.away);
  return Object.keys(LABELS).flatMap((k) => {
    const hv = h[k].value;
    const av = a[k].value;
    return hv == null || av == null
      ? []
      : [{ key: k, label: LABELS[k], home: hv, away: av, homeText: h[k].text, awayText: a[k].text }];
  });
}
