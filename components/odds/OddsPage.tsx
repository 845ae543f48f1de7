/**
 * Odds (/{sport}/odds?league=&season=&match=): the sport's matches with odds — in-play matches with
 * their live prices (the in-play model during replays) and the latest results of a league season
 * with bookmaker odds — and, for the selected match (`match`, default: the first listed), its
 * consensus, best prices, per-bookmaker margins and the line-movement chart, kept live. On phones
 * the selected match comes first, the lists after it.
 */
import Link from 'next/link';
import { SportEmpty } from '@/components/shell/SportEmpty';
import { SportTabs } from '@/components/shell/SportTabs';
import { getTranslations } from 'next-intl/server';
import type { Sport } from '@/lib/sports';
import { viewerTimeZone } from '@/components/shell/viewer-prefs';
import { LeagueSeasonForm } from '@/components/results/LeagueSeasonForm';
import { hrefWith, param, slugParam, type SearchParams } from '@/components/results/page-params';
import { leagueLabel, seasonLabel } from '@/components/results/season-label';
import { formatInZone } from '@/browser/time/format';
import { processReadDeps } from '@/server/read/process-deps';
import { LiveOddsList } from './LiveOddsList';
import { LiveOddsPanel } from './LiveOddsPanel';
import {
  leaguesWithOdds,
  liveOddsRows,
  oddsOrNull,
  resultOddsRows,
  selectedMatch,
  type OddsRow,
} from './load-odds-page';
import { loadMatchOddsHistory } from './load-odds-history';
import { MatchOddsChart } from './MatchOddsChart';
import { OddsMatchRow } from './OddsMatchRow';

const card = 'rounded-xl border border-line bg-card';

export async function OddsPage({ sport, searchParams }: { sport: string; searchParams: SearchParams }) {
  const deps = processReadDeps();
  const [tz, t, sportName] = await Promise.all([viewerTimeZone(), getTranslations('odds'), getTranslations('sports')]);
  const [live, leagues] = await Promise.all([liveOddsRows(deps, sport), leaguesWithOdds(deps, sport)]);
  const league = leagues.find((l) => l.slug === slugParam(searchParams, 'league')) ?? leagues[0];
  const wantedSeason = param(searchParams, 'season');
  const season = league && (wantedSeason && league.seasons.includes(wantedSeason) ? wantedSeason : league.seasons[0]);
  const results = league && season ? await resultOddsRows(deps, sport, league.slug, season) : [];

  const wanted = Number(param(searchParams, 'match'));
  const selectedId = Number.isInteger(wanted) && wanted > 0 ? wanted : ((live[0] ?? results[0])?.fixture_id ?? null);
  const detail = selectedId ? await selectedMatch(deps, sport, selectedId) : null;
  const odds = detail ? await oddsOrNull(deps, sport, selectedId!) : null;
  const market = odds?.market ?? '1X2';
  const history = detail ? await loadMatchOddsHistory(deps, sport, selectedId!, market) : [];
  const base = `/${sport}/odds`;
  const hrefFor = (id: number) => hrefWith(base, { league: league?.slug, season, match: String(id) });
  const empty = !live.length && !leagues.length;

  return (
    <div>
      <h1 className="mb-3 text-2xl font-bold">{t('pageTitle', { sport: sportName(sport as Sport) })}</h1>
      <SportTabs current={sport} hrefFor={(s) => `/${s}/odds`} />
      {empty ? (
        <div data-testid="odds-empty">
          <SportEmpty sport={sport} page="odds">
            {t('emptyPage', { sport: sportName(sport as Sport) })}
          </SportEmpty>
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="grid content-start gap-4">
            <section aria-labelledby="odds-live-h" className={card}>
              <h2 id="odds-live-h" className="px-3 pt-3 font-bold">
                {t('inPlay')}
              </h2>
              {live.length ? (
                <LiveOddsList
                  sport={sport}
                  initial={live}
                  hrefs={Object.fromEntries(live.map((r) => [r.fixture_id, hrefFor(r.fixture_id)]))}
                  selected={selectedId}
                />
              ) : (
                <p className="p-3 text-sm text-muted">No match with odds is in play right now.</p>
              )}
            </section>
            {league ? (
              <section aria-labelledby="odds-results-h" className={`${card} pt-3`}>
                <h2 id="odds-results-h" className="px-3 font-bold">
                  {t('resultsWithOdds')}{' '}
                  <span className="font-normal text-muted">
                    · {leagueLabel(league.name)} {season ? seasonLabel(season) : ''}
                  </span>
                </h2>
                <div className="px-3 pt-2">
                  <LeagueSeasonForm
                    key={`${league.slug}/${season}`}
                    action={base}
                    leagues={leagues}
                    league={league.slug}
                    season={season}
                    idPrefix="odds"
                  />
                </div>
                <ResultRows rows={results} hrefFor={hrefFor} selected={selectedId} tz={tz} />
              </section>
            ) : null}
          </div>
          <div
            className="order-first grid content-start gap-4 lg:order-none"
            data-testid="odds-selected"
            data-fixture-id={detail?.fixture.fixture_id}
          >
            {detail ? (
              <>
                <h2 className="text-lg font-bold">
                  <Link prefetch={false} href={`/matches/${detail.fixture.fixture_id}`}>
                    {detail.fixture.home_team} v {detail.fixture.away_team}
                  </Link>
                  <span className="block text-sm font-normal text-muted">
                    {detail.fixture.league} · {formatInZone(detail.fixture.kickoff, tz, 'EEE d MMM yyyy, HH:mm')}
                  </span>
                </h2>
                {odds ? (
                  <LiveOddsPanel
                    sport={sport}
                    initial={odds}
                    home={detail.fixture.home_team}
                    away={detail.fixture.away_team}
                  />
                ) : null}
                <MatchOddsChart
                  key={detail.fixture.fixture_id}
                  sport={sport}
                  fixtureId={detail.fixture.fixture_id}
                  initial={history}
                  market={market}
                  home={detail.fixture.home_team}
                  away={detail.fixture.away_team}
                  tz={tz}
                />
              </>
            ) : (
              <p className={`${card} p-4 text-muted`}>
                {selectedId ? t('notThisSport', { sport: sportName(sport as Sport) }) : t('choose')}
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function ResultRows({
  rows,
  hrefFor,
  selected,
  tz,
}: {
  rows: OddsRow[];
  hrefFor: (id: number) => string;
  selected: number | null;
  tz: string;
}) {
  if (!rows.length) return <p className="p-3 text-sm text-muted">No results with odds in this season yet.</p>;
  return (
    <ul className="divide-y divide-line border-t border-line" data-testid="result-odds">
      {rows.map((r) => (
        <OddsMatchRow
          key={r.fixture_id}
          row={r}
          href={hrefFor(r.fixture_id)}
          when={formatInZone(r.kickoff, tz, 'EEE d MMM, HH:mm')}
          selected={r.fixture_id === selected}
        />
      ))}
    </ul>
  );
}
