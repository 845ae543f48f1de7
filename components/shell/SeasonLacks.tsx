/**
 * In place of an empty section: says that the season has no such data and what it has instead,
 * from its coverage flags (lib/seasons/coverage.ts, the leagues resource's `coverage`), so a page
 * never shows an empty table for something the season's sources do not carry.
 */
import type { SeasonCoverage } from '@/lib/seasons/coverage';

const HAS: [keyof SeasonCoverage, string][] = [
  ['results', 'results'],
  ['events', 'match timelines'],
  ['lineups', 'lineups'],
  ['standings', 'league tables'],
  ['player_statistics', 'player statistics'],
  ['match_statistics', 'match statistics'],
];

export function SeasonLacks({ what, coverage }: { what: string; coverage: SeasonCoverage }) {
  const has = HAS.filter(([k]) => coverage[k] === true).map(([, label]) => label);
  if (coverage.odds.pre_match || coverage.odds.live) has.push('odds');
  return (
    <p className="rounded-lg border border-line bg-card p-4 text-muted" data-testid="season-lacks">
      This season has no {what} in its data{has.length ? ` — it has ${has.join(', ')}` : ''}.
    </p>
  );
}
