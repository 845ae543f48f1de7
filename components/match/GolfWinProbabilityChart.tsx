/**
 * The golf tournament page's win-probability chart (docs/odds.md "Golf"): the leaders'
 * probability to win the tournament, one line per player, one step per event that moved it,
 * plain SVG rendered with the page (no chart library, no client script), the biggest swings
 * numbered on the chart and listed under it with the hole that made them.
 *
 * Test hooks: [data-testid=golf-win-probability-chart] with data-points, data-players (names
 * joined by "|"), data-swings; each [data-testid=win-probability-swing] with data-event-id.
 */
import { getTranslations } from 'next-intl/server';
import type { GolfWinProbabilityPoint } from '@/lib/wire/golf-win-probability';
import { chartPlayers, golfLines, golfSwings, xOf, yOf } from './golf-win-probability-chart';
import { percent } from './win-probability-chart';
import { ChartCard, ProbabilityGrid, SwingList, SwingMarker } from './ChartMarks';

const COLOURS = ['var(--series-1)', 'var(--series-2)', 'var(--series-3)', 'var(--series-4)', 'var(--series-5)'];

export async function GolfWinProbabilityChart({ points }: { points: GolfWinProbabilityPoint[] }) {
  if (points.length === 0) return null;
  const t = await getTranslations('winProbability');
  const players = chartPlayers(points);
  const lines = golfLines(points, players);
  const swings = golfSwings(points);
  const n = points.length;
  const last = points.at(-1)!;
  const summary = `${t('title')}: ${lines.map((l) => `${l.player} ${percent(l.last)}`).join(', ')}.`;
  return (
    <ChartCard
      title={t('title')}
      model={t('model')}
      label={summary}
      data={{ testid: 'golf-win-probability-chart', points: n, players: players.join('|'), swings: swings.length }}
      svg={
        <>
          {lines.map((l, k) => (
            <path key={l.player} d={l.d} fill="none" stroke={COLOURS[k]} strokeWidth={1.5} data-player={l.player} />
          ))}
          <ProbabilityGrid first={t('preMatch')} last={last.clock.label} />
          {swings.map((s, k) => (
            <SwingMarker
              key={s.point.event!.event_id}
              cx={xOf(s.index, n)}
              cy={yOf(s.point.field.find((f) => f.player === s.player)?.probability ?? 0)}
              k={k + 1}
            />
          ))}
        </>
      }
    >
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        {lines.map((l, k) => (
          <span key={l.player}>
            <span style={{ color: COLOURS[k] }}>■</span> {l.player} {percent(l.last)}
          </span>
        ))}
      </p>
      <SwingList
        items={swings.map((s) => ({
          eventId: s.point.event!.event_id,
          clock: s.point.clock.label,
          move: t('swing', { side: s.player, points: Math.round(s.delta * 100) }),
        }))}
      />
    </ChartCard>
  );
}
