/**
 * How the feed-health page judges a source: the bundled historical importers (lib/import/*: their
 * `source` names) load finished seasons once and are never "stale" — an old last event is what
 * they are; a live source (replay, operator, an upstream adapter) is stale after 5 minutes of
 * silence. Also trims the per-minute charts to the minutes since the server started.
 */

/** `source` names the historical importers write (lib/import/*.ts). */
export const IMPORT_SOURCES: ReadonlySet<string> = new Set([
  'openfootball',
  'football-data',
  'statsbomb',
  'cricsheet',
  'fivethirtyeight-nba',
  'fivethirtyeight-nhl',
  'retrosheet',
  'sackmann-atp',
  'sackmann-pbp',
  'superrugby',
]);

/** Seconds of silence after which a live source is shown as stale. */
export const STALE_S = 300;

/** `import` for a historical importer, else `stale` (silent > 5 min), `never` (no event) or `fresh`. */
export function sourceState(s: {
  name: string;
  last_event_age_s: number | null;
}): 'import' | 'stale' | 'never' | 'fresh' {
  if (IMPORT_SOURCES.has(s.name)) return 'import';
  if (s.last_event_age_s == null) return 'never';
  return s.last_event_age_s > STALE_S ? 'stale' : 'fresh';
}

/**
 * Index of the first minute to chart: the minute the server started in (`generated_at` −
 * `uptime_s`), so the charts do not open on an hour of zeros from before it ran; at least the
 * last `keep` minutes are kept. `minutes` are ISO 8601 UTC minute starts, oldest first.
 */
export function firstChartedMinute(minutes: readonly string[], generatedAt: string, uptimeS: number, keep = 5): number {
  const started = Date.parse(generatedAt) - uptimeS * 1000;
  const i = minutes.findIndex((m) => Date.parse(m) + 60_000 > started);
  return Math.max(0, Math.min(i < 0 ? minutes.length : i, minutes.length - keep));
}
