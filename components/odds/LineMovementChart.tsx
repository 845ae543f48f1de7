'use client';
/**
 * Line-movement chart (an SVG plot, PricePlot): decimal 1X2 prices over time, one step line per bookmaker for
 * one selection, or per selection for one bookmaker, each from its opening to its current price.
 * New ticks passed in are appended without a reload. The best current price (highest among real
 * bookmakers) is drawn thicker and marked "Best" in the table under the chart, which also lists
 * each line's opening → current price and margin — the chart's text alternative (the plot itself is
 * role="img" with a summary as its label). Colours are the theme's --series-* tokens, with a dash
 * pattern per line so lines differ without colour too.
 *
 * Test hooks on [data-testid=odds-chart]: data-points (ticks plotted), data-last-observed (ISO of
 * the latest tick plotted), data-last-price, data-mode, data-selection / data-bookmaker.
 */
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { INTL_TAG, type Locale } from '@/lib/i18n/locales';
import { useOddsFormat } from '@/components/i18n/number-format';
import { buildChartData, priceAxis, priceTick, type ChartLine, type ChartMode } from './chart-series';
import { minuteAt, minuteTicks, type MatchClock } from './match-minute';
import { bookmakerLabel, type OddsTick, type Selection1X2 } from './odds-ticks';
import { PricePlot } from './PricePlot';

const DASH = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4', '4 2 1 2', '3 3'];
const color = (i: number) => `var(--series-${(i % 8) + 1})`;

/** Formats instants on the time axis in the viewer's zone and language, finer for short spans (replays run fast). */
function timeFormat(tz: string, spanMs: number, locale: Locale): (ms: number) => string {
  const f = new Intl.DateTimeFormat(INTL_TAG[locale], {
    timeZone: tz,
    ...(spanMs > 20 * 3600_000 ? { day: 'numeric', month: 'short' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(spanMs < 15 * 60_000 ? { second: '2-digit' } : {}),
  });
  return (ms) => f.format(ms);
}

function Swatch({ i, best }: { i: number; best: boolean }) {
  return (
    <svg width="22" height="8" aria-hidden="true" className="inline-block shrink-0">
      <line
        x1="1"
        y1="4"
        x2="21"
        y2="4"
        stroke={color(i)}
        strokeWidth={best ? 3 : 2}
        strokeDasharray={DASH[i % DASH.length]}
      />
    </svg>
  );
}

export interface LineMovementChartProps {
  /** 1X2 ticks of the match, oldest first (useOddsTicks). */
  ticks: OddsTick[];
  mode: ChartMode;
  /** Display names of the selections (home team, "Draw", away team). */
  names: Record<Selection1X2, string>;
  /** Viewer's IANA time zone (the server's render uses the same, so hydration matches). */
  tz: string;
  /** Accessible name of the chart's table, e.g. "Home price by bookmaker". */
  title: string;
  /** The match clock (match page): x axis in match minutes once prices move in play, nothing after full time. */
  clock?: MatchClock | null;
}

/** The chart with its summary table; an empty state when no tick matches the mode. */
export function LineMovementChart({ ticks: all, mode, names, tz, title, clock }: LineMovementChartProps) {
  const t = useTranslations('odds');
  const locale = useLocale();
  const { price } = useOddsFormat();
  const num = useFormatter().number;
  // After full time the model's settled lines (1.01 / 101) are not a market: leave them out.
  const ticks = clock?.endAt != null ? all.filter((t) => Date.parse(t.observed_at) <= clock.endAt!) : all;
  const data = buildChartData(ticks, mode, names);
  const last = data.last;
  const attrs = {
    'data-testid': 'odds-chart',
    'data-points': data.points,
    'data-last-observed': last?.observed_at ?? '',
    'data-last-price': last?.price ?? '',
    'data-mode': mode.by,
    ...(mode.by === 'bookmaker' ? { 'data-selection': mode.selection } : { 'data-bookmaker': mode.bookmaker }),
  };
  if (!data.range || !data.rows.length) {
    return (
      <div {...attrs} className="rounded-lg bg-bg p-4 text-sm text-muted">
        {t('chart.noPrices')}
      </div>
    );
  }
  const first = data.rows[0].t;
  const end = data.rows.at(-1)!.t;
  // In play (a tick after kickoff): x is the match minute; before, the time prices were seen.
  const byMinute = clock != null && end > clock.periods[0].start;
  const rows = byMinute ? data.rows.map((r) => ({ ...r, t: minuteAt(clock, r.t) })) : data.rows;
  const lastMinute = byMinute ? rows.at(-1)!.t : 0;
  const clockFmt = timeFormat(tz, end - first, locale);
  const fmt = byMinute ? (v: number) => `${Math.floor(v)}'` : clockFmt;
  const axis = priceAxis(data.range);
  const best = data.lines.filter((l) => l.best);
  const summary =
    `${t('chart.summary', { title, lines: data.lines.length, points: data.points, from: clockFmt(first), to: clockFmt(end) })}${byMinute ? t('chart.toMinute', { n: Math.floor(lastMinute) }) : ''}. ` +
    data.lines
      .map((l) => t('chart.move', { label: l.label, open: price(l.opening), now: price(l.current) }))
      .join('; ') +
    (best.length
      ? `. ${t('chart.bestPrice', { price: price(best[0].current), books: best.map((l) => l.label).join(', ') })}`
      : '.');

  return (
    <figure {...attrs} data-x-axis={byMinute ? 'minute' : 'time'} className="m-0 grid gap-3">
      <div role="img" aria-label={summary} className="h-64 w-full text-xs text-muted">
        <PricePlot
          rows={rows}
          series={data.lines.map((l, i) => ({
            key: l.key,
            label: l.label,
            color: color(i),
            dash: DASH[i % DASH.length],
            strokeWidth: l.best ? 3 : 1.5,
            dots: l.points <= 12,
          }))}
          x={
            byMinute
              ? {
                  kind: 'minute',
                  domain: [0, Math.max(90, Math.ceil(lastMinute))],
                  ticks: minuteTicks(Math.max(90, lastMinute)),
                  format: fmt,
                }
              : { kind: 'time', domain: [first, end === first ? first + 60_000 : end], format: fmt }
          }
          y={{
            domain: axis.domain,
            ticks: axis.ticks,
            format: (v) => num(Number(priceTick(v)), { useGrouping: false }),
          }}
          hoverLabel={(v) => (byMinute ? t('chart.minute', { n: Math.floor(v) }) : fmt(v))}
        />
      </div>
      <SummaryTable lines={data.lines} mode={mode} margin={data.margin} title={title} />
    </figure>
  );
}

function SummaryTable({
  lines,
  mode,
  margin,
  title,
}: {
  lines: ChartLine[];
  mode: ChartMode;
  margin: number | null;
  title: string;
}) {
  const t = useTranslations('odds');
  const { price, percent } = useOddsFormat();
  const pct = (m: number | null) => (m == null ? '–' : percent(m));
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm tabular">
        <caption className="sr-only">{t('chart.caption', { title })}</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="py-1 text-left font-normal">
              {mode.by === 'bookmaker' ? t('bookmaker') : t('selection')}
            </th>
            <th scope="col" className="py-1 text-right font-normal">
              {t('chart.opening')}
            </th>
            <th scope="col" className="py-1 text-right font-normal">
              {t('chart.current')}
            </th>
            {mode.by === 'bookmaker' ? (
              <th scope="col" className="py-1 text-right font-normal">
                {t('margin')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr
              key={l.key}
              className="border-t border-line"
              data-testid="odds-chart-line"
              data-line={l.id}
              data-best={l.best || undefined}
            >
              <th scope="row" className="py-1 text-left font-normal">
                <span className="flex items-center gap-2">
                  <Swatch i={i} best={l.best} />
                  <span className="truncate">{l.label}</span>
                </span>
              </th>
              <td className="py-1 text-right text-muted">{price(l.opening)}</td>
              <td className="py-1 text-right">
                <span className={l.best ? 'rounded bg-accent px-1 font-bold text-accent-fg' : ''}>
                  {price(l.current)}
                </span>
                {l.best ? <span className="sr-only">{t('chart.bestSr')}</span> : null}
              </td>
              {mode.by === 'bookmaker' ? <td className="py-1 text-right">{pct(l.margin)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      {mode.by === 'selection' ? (
        <p className="mt-1 text-xs text-muted">
          {t('chart.marginNow', { book: bookmakerLabel(mode.bookmaker), margin: pct(margin) })}
        </p>
      ) : null}
    </div>
  );
}
