/** Display labels for season slugs (pure; used by server pages and client pickers). */

/** "2023-24" → "2023/24", "2022" → "2022", "2022-replay" → "2022 (replay)", "2022-replay-2" → "2022 (replay 2)". */
export function seasonLabel(season: string): string {
  const m = /^(\d{4}(?:-\d{2})?)(?:-replay(?:-(\d+))?)?$/.exec(season);
  if (!m) return season;
  const base = m[1].replace('-', '/');
  if (!season.includes('-replay')) return base;
  return `${base} (replay${m[2] ? ` ${m[2]}` : ''})`;
}

/** A league's name without a trailing season the store kept in it: "NBA 2022-23" → "NBA", "ATP Tour 2017 (replay)" → "ATP Tour". */
export function leagueLabel(name: string): string {
  return name.replace(/\s+\d{4}([-/]\d{2,4})?(\s*\(replay[^)]*\))?$/, '') || name;
}
