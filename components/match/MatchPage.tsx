/**
 * A match page (/matches/{fixture_id}): header with teams, live score, clock and period; the event
 * timeline in order; statistics and lineups when known; the match's odds when it has them;
 * head-to-head (past meetings in the store); the win-probability chart (Scoreline's model; golf:
 * the leaders' probability to win the tournament, GolfWinProbabilityChart); the line-movement chart (its own lazily loaded chunk). First paint from server/read, as GET /v1/{sport}/matches/{id}, /odds and
 * /odds/history; MatchLive, LiveOddsPanel and MatchOddsChart keep it current.
 */
import { notFound } from 'next/navigation';
import { viewerTimeZone } from '@/components/shell/viewer-prefs';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatLocal } from '@/browser/time/local-format';
import type { MatchDetail } from '@/lib/wire/schemas';
import { processReadDeps } from '@/server/read/process-deps';
import { readMatch } from '@/server/read/read-match';
import { readOdds } from '@/server/read/read-odds';
import { readGolfWinProbability } from '@/server/read/read-golf-win-probability';
import { readWinProbability } from '@/server/read/read-win-probability';
import { isReadFailure } from '@/server/read/result';
import { LiveOddsPanel } from '@/components/odds/LiveOddsPanel';
import { loadMatchOddsHistory } from '@/components/odds/load-odds-history';
import { MatchOddsCard } from './MatchOddsCard';
import { HeadToHead } from './HeadToHead';
import { Lineups } from './Lineups';
import { loadHeadToHead } from './load-head-to-head';
import { MatchStatistics } from './MatchStatistics';
import { MatchLive } from './MatchLive';
import { timelineLabel } from './timeline-events';
import { biggestSwings } from './win-probability-chart';
import { WinProbabilityChart } from './WinProbabilityChart';
import { GolfWinProbabilityChart } from './GolfWinProbabilityChart';
import { featuresOf } from '@/lib/sport-features';

/** Only the period events the chart's match clock needs (not the whole timeline twice in the page). */
const timedEvents = (events: MatchDetail['events']) =>
  events.filter((e) => e.type === 'period_start' || e.type === 'period_end' || e.type === 'full_time');

function parseId(raw: string): number | null {
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** "Home v Away" for the page title ("Match" when unknown). */
export async function matchTitle(raw: string): Promise<string> {
  const id = parseId(raw);
  const m = id ? await readMatch(processReadDeps(), null, id) : null;
  const t = await getTranslations('match');
  return m && !isReadFailure(m) ? t('title', { home: m.fixture.home_team, away: m.fixture.away_team }) : t('untitled');
}

export async function MatchPage({ id: raw }: { id: string }) {
  const id = parseId(raw);
  if (!id) notFound();
  const deps = processReadDeps();
  const detail = await readMatch(deps, null, id);
  if (isReadFailure(detail)) notFound();
  const sport = detail.fixture.sport;
  const found = await readOdds(deps, sport, { match_id: String(id) });
  const odds = isReadFailure(found) ? null : found;
  // A sport the in-play model prices (docs/odds.md) is charted even before its first price.
  const chartOdds =
    odds != null ||
    (featuresOf(sport).inPlayOddsModel && (detail.match.status === 'in_play' || detail.match.status === 'break'));
  const market = odds?.market ?? '1X2';
  const history = chartOdds ? await loadMatchOddsHistory(deps, sport, id, market) : [];
  const [tz, locale, meetings, winProbability] = await Promise.all([
    viewerTimeZone(),
    getLocale(),
    loadHeadToHead(deps, sport, detail.fixture.home_team, detail.fixture.away_team, detail.fixture.kickoff),
    readWinProbability(deps.db, sport, id),
  ]);
  // Golf: the field's series (each player's probability to win the tournament).
  const golfSeries = sport === 'golf' ? ((await readGolfWinProbability(deps.db, id))?.points ?? null) : null;
  const series = isReadFailure(winProbability) ? null : winProbability.points;
  // Words for the swings marked at render time (live ones fall back to the event type's words).
  const teams = { home: detail.fixture.home_team, away: detail.fixture.away_team };
  const swingLabels = Object.fromEntries(
    (series ? biggestSwings(series) : []).flatMap((s) => {
      const e = detail.events.find((x) => x.event_id === s.point.event?.event_id);
      const team = e?.side ? teams[e.side] : null;
      return e ? [[e.event_id, [timelineLabel(sport, e, teams), e.player ?? team].filter(Boolean).join(' — ')]] : [];
    }),
  );
  const meetingDates = Object.fromEntries(
    meetings.map((r) => [r.fixture_id, formatLocal(r.kickoff, tz, 'date', locale)]),
  );
  const kickoffLocal = formatLocal(detail.fixture.kickoff, tz, 'long', locale);
  return (
    <article className="grid gap-4">
      <MatchLive initial={detail} kickoffLocal={kickoffLocal} tz={tz} renderedAt={Date.now()} />
      <div className="grid gap-4 lg:grid-cols-2">
        {/* Tennis shows its figures as serve statistics (MatchLive). */}
        {sport !== 'tennis' ? (
          <MatchStatistics
            statistics={detail.statistics}
            home={detail.fixture.home_team}
            away={detail.fixture.away_team}
          />
        ) : null}
        <Lineups lineups={detail.lineups} />
        {odds ? (
          <LiveOddsPanel sport={sport} initial={odds} home={detail.fixture.home_team} away={detail.fixture.away_team} />
        ) : null}
      </div>
      {series ? (
        <WinProbabilityChart
          sport={sport}
          fixtureId={id}
          initial={series}
          home={teams.home}
          away={teams.away}
          labels={swingLabels}
        />
      ) : null}
      {golfSeries ? <GolfWinProbabilityChart points={golfSeries} /> : null}
      <HeadToHead
        meetings={meetings}
        home={detail.fixture.home_team}
        away={detail.fixture.away_team}
        sport={sport}
        dates={meetingDates}
      />
      {chartOdds ? (
        <MatchOddsCard
          sport={sport}
          fixtureId={id}
          initial={history}
          market={market}
          home={detail.fixture.home_team}
          away={detail.fixture.away_team}
          tz={tz}
          initialDetail={{ events: timedEvents(detail.events), match: detail.match }}
        />
      ) : null}
    </article>
  );
}
