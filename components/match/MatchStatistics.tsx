/**
 * Match statistics (GET /v1/{sport}/matches/{id} `statistics`: `{home: {shots: 6, …}, away: {…}}`,
 * football-data.co.uk's shots, shots on target, corners, fouls and cards; StatsBomb-derived
 * figures when present): one row per figure, home on the left, with a bar showing each side's share.
 */
import { useTranslations } from 'next-intl';

/** The figures in a fan's reading order; their names are the `match.stats` messages. */
const ORDER = [
  'possession',
  'shots',
  'shots_on_target',
  'corners',
  'fouls',
  'offsides',
  'yellow_cards',
  'red_cards',
  'passes',
  'xg',
];

/** One figure of both sides; `homeText`/`awayText` replace the number shown ("2/3"). */
export interface StatRow {
  key: string;
  label: string;
  home: number;
  away: number;
  homeText?: string;
  awayText?: string;
}

/** The figures both sides have as numbers, in a fan's reading order (known ones first). */
export function statRows(statistics: Record<string, unknown> | null): StatRow[] {
  const h = statistics?.home as Record<string, unknown> | undefined;
  const a = statistics?.away as Record<string, unknown> | undefined;
  if (!h || !a) return [];
  const keys = Object.keys(h).filter((k) => typeof h[k] === 'number' && typeof a[k] === 'number');
  keys.sort(
    (x, y) =>
      (ORDER.indexOf(x) < 0 ? 99 : ORDER.indexOf(x)) - (ORDER.indexOf(y) < 0 ? 99 : ORDER.indexOf(y)) ||
      x.localeCompare(y),
  );
  return keys.map((k) => ({
    key: k,
    label: k.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
    home: h[k] as number,
    away: a[k] as number,
  }));
}

export function MatchStatistics({
  statistics,
  home,
  away,
}: {
  statistics: Record<string, unknown> | null;
  home: string;
  away: string;
}) {
  const t = useTranslations('match');
  const rows = statRows(statistics).map((r) =>
    t.has(`stats.${r.key}` as 'stats.shots') ? { ...r, label: t(`stats.${r.key}` as 'stats.shots') } : r,
  );
  return <StatBars rows={rows} home={home} away={away} title={t('statistics')} testid="match-statistics" />;
}

/** Two-sided bars of `rows` under a heading (match statistics; tennis serve statistics). Nothing when there are no rows. */
export function StatBars({
  rows,
  home,
  away,
  title,
  testid,
}: {
  rows: StatRow[];
  home: string;
  away: string;
  title: string;
  testid: string;
}) {
  const t = useTranslations('match');
  if (!rows.length) return null;
  return (
    <section aria-labelledby={`${testid}-h`} className="rounded-xl border border-line bg-card p-4" data-testid={testid}>
      <h2 id={`${testid}-h`} className="mb-2 font-bold">
        {title}
      </h2>
      <p aria-hidden="true" className="mb-1 flex justify-between gap-4 text-xs font-semibold text-muted">
        <span className="truncate">{home}</span>
        <span className="truncate text-right">{away}</span>
      </p>
      <table className="w-full text-sm tabular">
        <caption className="sr-only">{t('statCaption', { title, home, away })}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{home}</th>
            <th scope="col">{t('statistic')}</th>
            <th scope="col">{away}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const total = r.home + r.away;
            const share = total > 0 ? (r.home / total) * 100 : 50;
            return (
              <tr key={r.key} data-testid="stat-row" data-stat={r.key} data-home={r.home} data-away={r.away}>
                <td className={`w-10 py-1.5 text-left ${r.home > r.away ? 'font-bold' : ''}`}>
                  {r.homeText ?? r.home}
                </td>
                <th scope="row" className="px-2 py-1.5 font-normal">
                  <span className="block text-center">{r.label}</span>
                  <span aria-hidden="true" className="mt-1 flex h-1.5 overflow-hidden rounded-full bg-line">
                    <span className="bg-accent" style={{ width: `${share}%` }} />
                    <span className="flex-1 bg-muted" />
                  </span>
                </th>
                <td className={`w-10 py-1.5 text-right ${r.away > r.home ? 'font-bold' : ''}`}>
                  {r.awayText ?? r.away}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
