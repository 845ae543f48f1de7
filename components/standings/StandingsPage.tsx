/**
 * Standings (/{sport}/standings?league=&season=&view=): one table per group, with the live view — the
 * table as it would stand if the matches in play ended now — while any of them is in play.
 * First paint from readStandings(live=true) (server/read, as GET /v1/{sport}/standings).
 * Football also has `view=home` / `view=away`: home-only and away-only full-time tables derived
 * from the finished results (server/read/read-venue-standings.ts).
 */
import { notFound } from 'next/navigation';
import { SeasonLacks } from '@/components/shell/SeasonLacks';
import { LoadError, SportEmpty } from '@/components/shell/SportEmpty';
import { getTranslations } from 'next-intl/server';
import { SportTabs } from '@/components/shell/SportTabs';
import type { Sport } from '@/lib/sports';
import { chooseLeagueSeason } from '@/components/results/league-season';
import { LeagueSeasonForm } from '@/components/results/LeagueSeasonForm';
import { param, slugParam, type SearchParams } from '@/components/results/page-params';
import { leagueLabel, seasonLabel } from '@/components/results/season-label';
import { pointsAdjustments } from '@/lib/catalogue/competitions';
import { listLeagues } from '@/server/read/list-leagues';
import { processReadDeps, processSportVersion } from '@/server/read/process-deps';
import { readSeasonCoverage } from '@/server/read/read-coverage';
import { readLeaders, type Leaders } from '@/server/read/read-leaders';
import { readStandings, type LiveStandingsTable } from '@/server/read/read-standings';
import { readVenueStandings, type VenueTable } from '@/server/read/read-venue-standings';
import { isNotFound, unwrapRead } from '@/server/read/result';
import { VersionedMemo } from '@/server/read/versioned-memo';
import { FollowButton } from '@/components/follow/FollowButton';
import { StandingsTables, type AdjustmentNotes } from './StandingsTables';
import { VenueTables, VenueSwitch } from './VenueTables';
import { LeadersTable } from './LeadersTable';
import { featuresOf } from '@/lib/sport-features';

/** League leaders per league-season, computed once per version of its matches (they read every event). */
const LEADERS = new VersionedMemo<Leaders | null>();
function cachedLeaders(sport: string, league: string, season: string, compute: () => Promise<Leaders | null>) {
  const { version, maxAgeMs } = processSportVersion(sport, league, season);
  return LEADERS.get(`${sport}|${league}|${season}`, version, maxAgeMs, compute);
}

/** Reasons for points adjustments by team, from the catalogue (none for seasons it does not know, e.g. replays). */
function adjustmentNotes(slug: string, season: string): AdjustmentNotes {
  const notes: AdjustmentNotes = {};
  let list: ReturnType<typeof pointsAdjustments> = [];
  try {
    list = pointsAdjustments(slug, season);
  } catch {
    /* not in the catalogue (replayed editions, other sports) */
  }
  for (const a of list) (notes[a.team] ??= []).push({ points: a.points, reason: a.reason });
  return notes;
}

export async function StandingsPage({ sport, searchParams }: { sport: string; searchParams: SearchParams }) {
  const [t, sportName] = await Promise.all([getTranslations('standings'), getTranslations('sports')]);
  const sports = (x: string) => sportName(x as Sport);
  const deps = processReadDeps();
  const leagues = await listLeagues(deps, sport);
  const { league, season } = await chooseLeagueSeason(deps, sport, leagues, {
    league: slugParam(searchParams, 'league'),
    season: param(searchParams, 'season'),
  });
  const base = `/${sport}/standings`;
  const rawView = param(searchParams, 'view');
  const features = featuresOf(sport);
  const view = features.liveTables && (rawView === 'home' || rawView === 'away') ? rawView : null;

  let tables: LiveStandingsTable[] = [];
  let venueTables: VenueTable[] = [];
  let leaders: Leaders | null = null;
  let failed = false;
  let missing = false;
  // What the season has: no leaders' table to compute without player facts, no empty league table
  // for a season whose finished matches make none (a knockout-only edition, one team's games).
  const coverage = league && season ? await readSeasonCoverage(deps, sport, league.slug, season) : null;
  const noTables = coverage != null && !coverage.standings && coverage.results;
  if (league) {
    try {
      const [read, top] = await Promise.all([
        readStandings(deps, sport, { league: league.slug, season, live: 'true' }),
        season && coverage?.player_statistics !== false
          ? cachedLeaders(sport, league.slug, season, () => readLeaders(deps, sport, league.slug, season))
          : null,
      ]);
      if (isNotFound(read)) missing = true;
      else {
        [tables, leaders] = [unwrapRead(read).data as LiveStandingsTable[], top];
        if (view && season) venueTables = await readVenueStandings(deps, league.slug, season, view);
      }
    } catch (e) {
      // Tables failing to load must not take the page down: say so, keep the pickers.
      console.error(`standings ${sport}/${league.slug}/${season}:`, e);
      failed = true;
    }
  }
  if (missing) notFound();
  const apiPath = league
    ? `/v1/${sport}/standings?${new URLSearchParams({ league: league.slug, ...(season ? { season } : {}), live: 'true' })}`
    : null;

  return (
    <div>
      <h1 className="mb-3 text-2xl font-bold">
        {t('title', { sport: sports(sport) })}
        {league ? (
          <span className="text-muted">
            {' '}
            · {leagueLabel(league.name)} {season ? seasonLabel(season) : ''}
          </span>
        ) : null}
      </h1>
      <SportTabs current={sport} hrefFor={(s) => `/${s}/standings`} />
      {leagues.length === 0 || !league || !apiPath ? (
        <SportEmpty sport={sport} page="standings" />
      ) : (
        <>
          <LeagueSeasonForm
            key={`${league.slug}/${season}`}
            action={base}
            leagues={leagues}
            league={league.slug}
            season={season}
            idPrefix="standings"
          />
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            {features.liveTables ? (
              <VenueSwitch base={base} league={league.slug} season={season ?? null} view={view} />
            ) : (
              <span />
            )}
            <FollowButton sport={sport} league={league.slug} name={leagueLabel(league.name)} />
          </div>
          {failed ? (
            <LoadError what={t('loadWhat')} />
          ) : noTables && coverage ? (
            <SeasonLacks what="league table" coverage={coverage} />
          ) : view ? (
            <VenueTables view={view} tables={venueTables} league={league.name} season={season ?? ''} />
          ) : (
            <StandingsTables
              key={apiPath}
              sport={sport}
              path={apiPath}
              initial={tables}
              league={league.slug}
              season={season ?? ''}
              notes={season && features.pointsTables ? adjustmentNotes(league.slug, season) : {}}
            />
          )}
          <LeadersTable leaders={leaders} sport={sport} />
        </>
      )}
    </div>
  );
}
