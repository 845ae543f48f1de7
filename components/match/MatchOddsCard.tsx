'use client';
/**
 * The match page's line-movement card, loaded as its own chunk (next/dynamic) so the chart code
 * (recharts) is not in the match page's first JavaScript, and only once it nears the viewport or
 * the page has loaded (WhenNear); a placeholder of the same height holds its place meanwhile. The x axis follows the match clock from the match detail that MatchLive
 * keeps current in the react-query cache (['v1', '/v1/{sport}/matches/{id}']; read here, never fetched).
 */
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MatchDetail } from '@/lib/wire/schemas';
import type { MatchOddsChartProps } from '@/components/odds/MatchOddsChart';
import { matchClock } from '@/components/odds/match-minute';
import { WhenNear } from '@/components/shell/WhenNear';
import { featuresOf } from '@/lib/sport-features';

const loading = (
  <section
    aria-label="Line movement (loading)"
    className="h-[28rem] rounded-xl border border-line bg-card p-4"
    data-testid="odds-movement-loading"
  >
    <p className="text-sm text-muted">Loading the line-movement chart…</p>
  </section>
);
const MatchOddsChart = dynamic(() => import('@/components/odds/MatchOddsChart').then((m) => m.MatchOddsChart), {
  ssr: false,
  loading: () => loading,
});

export function MatchOddsCard(
  props: Omit<MatchOddsChartProps, 'clock'> & { initialDetail: Pick<MatchDetail, 'events' | 'match'> },
) {
  const { initialDetail, ...chart } = props;
  const { data } = useQuery<MatchDetail>({
    queryKey: ['v1', `/v1/${chart.sport}/matches/${chart.fixtureId}`],
    enabled: false,
  });
  const events = data?.events ?? initialDetail.events;
  const finished = (data?.match ?? initialDetail.match).status === 'finished';
  const clock = useMemo(
    () => (featuresOf(chart.sport).clock === 'match-minute' ? matchClock(events, finished) : null),
    [chart.sport, events, finished],
  );
  // Below the fold on phones: its chunk loads when it nears the viewport or after the page's load (WhenNear).
  return (
    <WhenNear placeholder={loading}>
      <MatchOddsChart {...chart} clock={clock} />
    </WhenNear>
  );
}
