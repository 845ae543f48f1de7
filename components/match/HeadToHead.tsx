/**
 * Head-to-head on a match page: the two teams' past meetings in the store (loadHeadToHead),
 * with the tally from the home team's side (wins, draws, wins of the away team) and each
 * meeting's date, score and link. Nothing when they have not met in the stored seasons.
 */
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import type { Result } from '@/lib/wire/schemas';
import { teamHref } from '@/components/team/team-href';

export function HeadToHead({
  meetings,
  home,
  away,
  sport,
  dates,
}: {
  meetings: Result[];
  home: string;
  away: string;
  sport: string;
  dates: Record<number, string>;
}) {
  const t = useTranslations('match');
  if (!meetings.length) return null;
  const winner = (r: Result) => (r.winner === 'draw' ? null : r.winner === 'home' ? r.home_team : r.away_team);
  const homeWins = meetings.filter((r) => winner(r) === home).length;
  const awayWins = meetings.filter((r) => winner(r) === away).length;
  const draws = meetings.length - homeWins - awayWins;
  return (
    <section
      aria-labelledby="h2h-h"
      className="rounded-xl border border-line bg-card p-4"
      data-testid="head-to-head"
      data-meetings={meetings.length}
    >
      <h2 id="h2h-h" className="mb-2 font-bold">
        {t('headToHead')}
      </h2>
      <p
        className="mb-3 grid grid-cols-3 text-center text-sm"
        data-testid="h2h-tally"
        data-home-wins={homeWins}
        data-draws={draws}
        data-away-wins={awayWins}
      >
        <span>
          <span className="block text-xl font-bold tabular">{homeWins}</span>
          <Link prefetch={false} href={teamHref(sport, home)} className="text-muted">
            {home}
          </Link>
        </span>
        <span>
          <span className="block text-xl font-bold tabular">{draws}</span>
          <span className="text-muted">{t('draws')}</span>
        </span>
        <span>
          <span className="block text-xl font-bold tabular">{awayWins}</span>
          <Link prefetch={false} href={teamHref(sport, away)} className="text-muted">
            {away}
          </Link>
        </span>
      </p>
      <ul className="grid gap-1 text-sm">
        {meetings.map((r) => (
          <li key={r.fixture_id}>
            <Link
              href={`/matches/${r.fixture_id}`}
              prefetch={false}
              data-testid="h2h-meeting"
              className="grid grid-cols-[5.5rem_1fr_auto_1fr] items-center gap-2 rounded px-1 py-1 no-underline hover:bg-bg"
            >
              <span className="text-xs text-muted tabular">{dates[r.fixture_id]}</span>
              <span className={`truncate text-right ${winner(r) === r.home_team ? 'font-semibold' : ''}`}>
                {r.home_team}
              </span>
              <span className="font-bold tabular">
                {r.score.home}–{r.score.away}
              </span>
              <span className={`truncate ${winner(r) === r.away_team ? 'font-semibold' : ''}`}>{r.away_team}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
