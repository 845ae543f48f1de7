'use client';
/**
 * The match page's line-movement card, server-rendered with the page (the plot is plain SVG, no
 * chart library). The x axis follows the match clock from the match detail that MatchLive
 * keeps current in the react-query cache (['v1', '/v1/{sport}/matches/{id}']; read here, never fetched).
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MatchDetail } from '@/lib/wire/schemas';
import { MatchOddsChart, type MatchOddsChartProps } from '@/components/odds/MatchOddsChart';
import { matchClock } from '@/components/odds/match-minute';
import { featuresOf } from '@/lib/sport-features';

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
  return <MatchOddsChart {...chart} clock={clock} />;
}
