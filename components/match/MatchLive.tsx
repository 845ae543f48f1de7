'use client';
/**
 * The live part of a match page: header, timeline and the sport's player figures (cricket
 * scorecard, baseball box score, tennis serve statistics) from the cached match detail
 * (['v1', '/v1/{sport}/matches/{id}']), which LiveProvider extends with every WebSocket event of
 * this match and refetches after a reconnect.
 */
import { useTranslations } from 'next-intl';
import { memo, useMemo } from 'react';
import { useLive } from '@/components/live/LiveProvider';
import { newer } from '@/components/live/live-store';
import { useNow } from '@/components/live/use-now';
import { useV1 } from '@/components/live/use-v1';
import type { MatchDetail } from '@/lib/wire/schemas';
import { BaseballBoxScore } from './BaseballBoxScore';
import { CricketScorecard } from './CricketScorecard';
import { MatchHeader } from './MatchHeader';
import { StatBars } from './MatchStatistics';
import { serveStatRows } from './serve-stats';
import { playerNames, Timeline as TimelineList } from './Timeline';

/** The timeline re-renders when its events change, not on every tick of the header's clock (useNow). */
const Timeline = memo(TimelineList);

export function MatchLive({
  initial,
  kickoffLocal,
  renderedAt,
}: {
  initial: MatchDetail;
  kickoffLocal: string;
  tz: string;
  renderedAt: number;
}) {
  const t = useTranslations('match');
  const path = `/v1/${initial.fixture.sport}/matches/${initial.fixture.fixture_id}`;
  const { data } = useV1<MatchDetail>(path, initial);
  const detail = data ?? initial;
  const fromStore = useLive((s) => s.matches[initial.fixture.fixture_id]);
  const match = newer(detail.match, fromStore)!;
  const now = useNow(renderedAt);
  const names = useMemo(() => playerNames(detail.lineups), [detail.lineups]);
  return (
    <>
      <MatchHeader match={match} fixture={detail.fixture} kickoffLocal={kickoffLocal} now={now} />
      <Timeline
        sport={detail.fixture.sport}
        events={detail.events}
        home={detail.fixture.home_team}
        away={detail.fixture.away_team}
        names={names}
        empty={
          match.status === 'finished'
            ? t('resultOnly')
            : match.status === 'scheduled'
              ? t('notStartedYet')
              : t('noEvents')
        }
      />
      {detail.fixture.sport === 'cricket' && <CricketScorecard detail={{ ...detail, match }} />}
      {detail.fixture.sport === 'baseball' && <BaseballBoxScore detail={detail} />}
      {detail.fixture.sport === 'tennis' && (
        <StatBars
          rows={serveStatRows(detail.statistics, (match.state as { stats?: unknown } | null)?.stats ?? null)}
          home={detail.fixture.home_team}
          away={detail.fixture.away_team}
          title={t('serveStatistics')}
          testid="serve-statistics"
        />
      )}
    </>
  );
}
