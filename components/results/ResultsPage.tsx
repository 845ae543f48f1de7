/**
 * Results (/{sport}/results?league=&season=&team=&by=day|round): full-time results newest first
 * for one league and season, grouped by the viewer's local day or by round. First paint comes
 * from readResults (server/read, as GET /v1/{sport}/results); the list then refetches its
 * first page when live scores change and loads older pages on demand.
 */
import { ZoneName } from '@/components/shell/LocalTime';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { LoadError, SportEmpty } from '@/components/shell/SportEmpty';
import { SportTabs } from '@/components/shell/SportTabs';
import { getTranslations } from 'next-intl/server';
import type { Sport } from '@/lib/sports';
import { viewerTimeZone } from '@/components/shell/viewer-prefs';
import { listLeagues } from '@/server/read/list-leagues';
import { processReadDeps } from '@/server/read/process-deps';
import { readResults, type ResultsBody } from '@/server/read/read-results';
import { isNotFound, unwrapRead } from '@/server/read/result';
import { chooseLeagueSeason } from './league-season';
import { LeagueSeasonForm } from './LeagueSeasonForm';
import { localDate, type LocalDate } from './local-date';
import { hrefWith, param, slugParam, teamParam, type SearchParams } from './page-params';
import { ResultsList } from './ResultsList';
import { leagueLabel, seasonLabel } from './season-label';

const PAGE_SIZE = 30;

export async function ResultsPage({ sport, searchParams }: { sport: string; searchParams: SearchParams }) {
  const deps = processReadDeps();
  const [tz, t, sportName] = await Promise.all([
    viewerTimeZone(),
    getTranslations('results'),
    getTranslations('sports'),
  ]);
  const leagues = await listLeagues(deps, sport);
  const { league, season } = await chooseLeagueSeason(deps, sport, leagues, {
    league: slugParam(searchParams, 'league'),
    season: param(searchParams, 'season'),
  });
  const team = teamParam(searchParams);
  const by = param(searchParams, 'by') === 'round' ? 'round' : 'day';
  const base = `/${sport}/results`;

  let body: ResultsBody = { data: [], next_cursor: null };
  let failed = false;
  let missing = false;
  if (league) {
    try {
      const read = await readResults(deps, sport, { league: league.slug, season, team, limit: PAGE_SIZE });
      if (isNotFound(read)) missing = true;
      else body = unwrapRead(read);
    } catch (e) {
      // Results failing to load must not take the page down: say so, keep the pickers.
      console.error(`results ${sport}/${league.slug}/${season}:`, e);
      failed = true;
    }
  }
  if (missing) notFound();
  const labels: Record<number, LocalDate> = Object.fromEntries(
    body.data.map((r) => [r.fixture_id, localDate(r.kickoff, tz)]),
  );
  const apiPath = hrefWith(`/v1/${sport}/results`, { league: league?.slug, season, team, limit: String(PAGE_SIZE) });
  const toggle = (b: 'day' | 'round') =>
    hrefWith(base, { league: league?.slug, season, team, by: b === 'day' ? undefined : b });

  return (
    <div className="max-w-4xl">
      <h1 className="mb-3 text-2xl font-bold">
        {t('title', { sport: sportName(sport as Sport) })}
        {league ? (
          <span className="text-muted">
            {' '}
            · {leagueLabel(league.name)} {season ? seasonLabel(season) : ''}
          </span>
        ) : null}
      </h1>
      <SportTabs current={sport} hrefFor={(s) => `/${s}/results`} />
      {leagues.length === 0 ? (
        <SportEmpty sport={sport} page="results" />
      ) : (
        <>
          <LeagueSeasonForm
            key={`${league?.slug}/${season}`}
            action={base}
            leagues={leagues}
            league={league?.slug}
            season={season}
            team={team ?? ''}
            hidden={by === 'round' ? { by } : {}}
            idPrefix="results"
          />
          <nav aria-label={t('groupBy')} className="mb-3 flex items-center gap-1 text-sm">
            <span className="mr-1 text-muted">{t('groupByShort')}</span>
            {(['day', 'round'] as const).map((b) => (
              <Link
                key={b}
                href={toggle(b)}
                aria-current={b === by ? 'true' : undefined}
                className={`rounded-full border px-3 py-1 no-underline ${b === by ? 'border-accent bg-accent text-accent-fg' : 'border-line hover:bg-card'}`}
              >
                {t(b)}
              </Link>
            ))}
          </nav>
          <p className="mb-2 text-xs text-muted">
            {t('newestFirst')}
            {team ? ` · ${team}` : ''} · {t('timesIn')} <ZoneName />
          </p>
          {failed ? (
            <LoadError what={t('loadWhat')} />
          ) : (
            <ResultsList key={apiPath} path={apiPath} initial={body} labels={labels} tz={tz} by={by} />
          )}
        </>
      )}
    </div>
  );
}
