'use client';
/**
 * The match page's win-probability chart: Scoreline's model (docs/odds.md "Win probability") as
 * stacked bands — home from the bottom, draw, away at the top — one step per event that moved it,
 * plain SVG rendered with the page (no chart library), the biggest swings numbered on the chart
 * and listed under it with their event. Starts from the server's series and moves with the
 * `<sport>.win-probability` WebSocket channel (each `subscribed` refetches the series, so points
 * published while the socket was down are not lost).
 *
 * Its words (title, axis, legend, swing labels, the chart's description) are the `winProbability`
 * messages of the viewer's language (messages/<locale>.json).
 *
 * Test hooks: [data-testid=win-probability-chart] with data-points (points drawn), data-swings,
 * data-last-home / data-last-away; each [data-testid=win-probability-swing] with data-event-id.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { eventLabel } from '@/browser/live/display';
import { viewerFetch } from '@/browser/live/viewer-fetch';
import { useChannel } from '@/components/live/LiveProvider';
import type { MatchDetail } from '@/lib/wire/schemas';
import {
  bandPaths,
  biggestSwings,
  mergePoint,
  percent,
  xOf,
  yOf,
  type WinProbabilityPoint,
} from './win-probability-chart';
import { ChartCard, ProbabilityGrid, SwingList, SwingMarker } from './ChartMarks';

export interface WinProbabilityChartProps {
  sport: string;
  fixtureId: number;
  /** The series at render time (GET /v1/{sport}/matches/{fixture_id}/win-probability `points`). */
  initial: WinProbabilityPoint[];
  home: string;
  away: string;
  /** Event id → words ("Goal — L. Messi") for the events of the match at render time. */
  labels: Record<string, string>;
}

const path = (sport: string, id: number) => `/v1/${sport}/matches/${id}/win-probability`;

/** The series through the viewer session. Errors: ViewerFetchError. */
async function fetchSeries(sport: string, id: number, signal: AbortSignal): Promise<WinProbabilityPoint[]> {
  return (await viewerFetch<{ points: WinProbabilityPoint[] }>(path(sport, id), signal)).points;
}

export function WinProbabilityChart({ sport, fixtureId, initial, home, away, labels }: WinProbabilityChartProps) {
  const t = useTranslations('winProbability');
  const queryClient = useQueryClient();
  const key = ['v1', path(sport, fixtureId)];
  const [renderedAt] = useState(() => Date.now());
  const { data } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchSeries(sport, fixtureId, signal),
    initialData: initial,
    initialDataUpdatedAt: renderedAt,
  });
  // The match detail MatchLive keeps current: words for events that arrived after the render.
  const { data: detail } = useQuery<MatchDetail>({
    queryKey: ['v1', `/v1/${sport}/matches/${fixtureId}`],
    enabled: false,
  });
  useChannel(`${sport}.win-probability`, (msg) => {
    if (msg.type === 'subscribed') void queryClient.invalidateQueries({ queryKey: key });
    const m = msg as unknown as { type: string; fixture_id: number; point: WinProbabilityPoint };
    if (m.type === 'win_probability' && m.fixture_id === fixtureId)
      queryClient.setQueryData<WinProbabilityPoint[]>(key, (prev) => mergePoint(prev ?? initial, m.point));
  });
  const points = data ?? initial;
  if (points.length === 0) return null;
  const names = { home, draw: t('draw'), away };
  const words = (p: WinProbabilityPoint) => {
    if (!p.event) return t('preMatch');
    const known = labels[p.event.event_id];
    if (known) return known;
    const e = detail?.events.find((x) => x.event_id === p.event!.event_id);
    return e ? eventLabel(e, sport) : eventLabel({ type: p.event.type as never, detail: {}, period: null }, sport);
  };
  const swings = biggestSwings(points);
  const bands = bandPaths(points);
  const last = points.at(-1)!;
  const pre = points[0];
  const draws = points.some((p) => p.draw != null);
  const split = (p: WinProbabilityPoint) => {
    const args = { home, away, homePct: percent(p.home), awayPct: percent(p.away) };
    return draws && p.draw != null ? t('split', { ...args, drawPct: percent(p.draw) }) : t('splitNoDraw', args);
  };
  const summary =
    t('summary', { points: points.length, pre: split(pre), now: split(last) }) +
    (swings.length
      ? ` ${t('swings', { swings: swings.map((s) => `${s.point.clock.label} ${words(s.point)}`).join('; ') })}`
      : '');
  const n = points.length;
  return (
    <ChartCard
      title={t('title')}
      model={t('model')}
      label={summary}
      data={{
        testid: 'win-probability-chart',
        points: n,
        swings: swings.length,
        'last-home': last.home,
        'last-away': last.away,
      }}
      svg={
        <>
          <path d={bands.home} fill="var(--series-1)" fillOpacity={0.55} />
          {draws ? <path d={bands.draw} fill="var(--series-8)" fillOpacity={0.3} /> : null}
          <path d={bands.away} fill="var(--series-2)" fillOpacity={0.55} />
          <ProbabilityGrid first={t('preMatch')} last={last.clock.label} />
          {swings.map((s, k) => (
            <SwingMarker
              key={s.point.event!.event_id}
              cx={xOf(s.index, n)}
              cy={yOf(s.point.home + (s.side === 'away' ? (s.point.draw ?? 0) : 0))}
              k={k + 1}
            />
          ))}
        </>
      }
    >
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        <span>
          <span style={{ color: 'var(--series-1)' }}>■</span> {home} {percent(last.home)}
        </span>
        {draws && last.draw != null ? (
          <span>
            <span style={{ color: 'var(--series-8)' }}>■</span> {t('draw')} {percent(last.draw)}
          </span>
        ) : null}
        <span>
          <span style={{ color: 'var(--series-2)' }}>■</span> {away} {percent(last.away)}
        </span>
      </p>
      <SwingList
        items={swings.map((s) => ({
          eventId: s.point.event!.event_id,
          clock: s.point.clock.label,
          words: words(s.point),
          move: t('swing', { side: names[s.side], points: Math.round(s.delta * 100) }),
        }))}
      />
    </ChartCard>
  );
}
