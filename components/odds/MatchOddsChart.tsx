'use client';
/**
 * The match page's line-movement card: a 1 / X / 2 switch and every bookmaker's line for that
 * selection; when only one source prices the match (a replay: the in-play model alone), that
 * source's three selections instead. Starts from the server's history and moves with the
 * `<sport>.odds` WebSocket channel (useOddsTicks).
 */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ChartMode } from './chart-series';
import { LineMovementChart } from './LineMovementChart';
import type { MatchClock } from './match-minute';
import {
  bookmakerLabel,
  headlineSelections,
  isAggregate,
  SELECTION_SHORT,
  type HeadlineMarket,
  type OddsTick,
  type Selection1X2,
} from './odds-ticks';
import { useOddsTicks } from './use-odds-ticks';

export interface MatchOddsChartProps {
  sport: string;
  fixtureId: number;
  /** The match's history of `market` at render time (loadMatchOddsHistory). */
  initial: OddsTick[];
  /** The headline market charted (GET /v1/{sport}/odds `market`); default 1X2. */
  market?: HeadlineMarket;
  home: string;
  away: string;
  tz: string;
  /** Heading level id prefix, unique on the page. */
  idPrefix?: string;
  /** The match clock (match page): minutes on the x axis in play, nothing after full time. */
  clock?: MatchClock | null;
}

/** Chart card with its selection switch; the chart follows live ticks. */
export function MatchOddsChart({
  sport,
  fixtureId,
  initial,
  home,
  away,
  tz,
  idPrefix = 'line-movement',
  clock,
  market = '1X2',
}: MatchOddsChartProps) {
  const ticks = useOddsTicks(sport, fixtureId, initial, market);
  const [selection, setSelection] = useState<Selection1X2>('home');
  const t = useTranslations('odds');
  const names = { home, draw: t('draw'), away };
  const books = [...new Set(ticks.map((t) => t.bookmaker))].filter((b) => !isAggregate(b));
  const single = books.length === 1 ? books[0] : null;
  const mode: ChartMode = single ? { by: 'selection', bookmaker: single } : { by: 'bookmaker', selection };
  const title = single
    ? t('bookPrices', { book: bookmakerLabel(single), market })
    : t('selectionByBook', { selection: SELECTION_SHORT[selection], name: names[selection] });
  const headingId = `${idPrefix}-h`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-line bg-card p-4"
      data-testid="odds-movement"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-bold">
          {t('lineMovement')} <span className="font-normal text-muted">{t('marketDecimal', { market })}</span>
        </h2>
        {single ? null : (
          <div role="group" aria-label={t('selection')} className="flex gap-1 text-sm">
            {headlineSelections(market).map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={s === selection}
                onClick={() => setSelection(s)}
                className={`rounded-full border px-3 py-1 ${s === selection ? 'border-accent bg-accent text-accent-fg' : 'border-line hover:bg-bg'}`}
              >
                {SELECTION_SHORT[s]} <span className="sr-only">({names[s]})</span>
              </button>
            ))}
          </div>
        )}
      </div>
      <LineMovementChart ticks={ticks} mode={mode} names={names} tz={tz} title={title} clock={clock} />
    </section>
  );
}
