'use client';
/**
 * A per-minute line chart (recharts) of the feed-health page: one line per series over the last
 * 60 clock minutes, or since the server started (the last point is the current, partial minute);
 * straight segments between the per-minute counts (no smoothing that invents values between them). Colours are the theme's
 * --series-* tokens, with a dash pattern per line so lines differ without colour too; the plot is
 * role="img" labelled with a text summary (each line's latest and peak value).
 */
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { clockTime } from './format';

const DASH = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4', '4 2 1 2', '3 3'];
const color = (i: number) => `var(--series-${(i % 8) + 1})`;

export interface ChartSeries {
  key: string;
  label: string;
  /** One value per minute, aligned with `minutes`. */
  values: number[];
}

export interface PerMinuteChartProps {
  /** Accessible title, e.g. "Events per minute by source". */
  title: string;
  /** Minute starts, ISO 8601 UTC, oldest first. */
  minutes: string[];
  series: ChartSeries[];
  /** Viewer's IANA time zone for the time axis. */
  tz: string;
  testId: string;
}

/** The chart, or an empty state when there is nothing to plot. */
export function PerMinuteChart({ title, minutes, series, tz, testId }: PerMinuteChartProps) {
  if (!minutes.length || !series.length) {
    return (
      <p data-testid={testId} className="rounded-lg bg-bg p-4 text-sm text-muted">
        Nothing to chart yet.
      </p>
    );
  }
  const rows = minutes.map((m, i) => ({
    t: Date.parse(m),
    ...Object.fromEntries(series.map((s) => [s.key, s.values[i] ?? 0])),
  }));
  const labelOf = new Map(series.map((s) => [s.key, s.label]));
  const summary =
    `${title}, last ${minutes.length} minutes: ` +
    series.map((s) => `${s.label} now ${s.values.at(-1) ?? 0}, peak ${Math.max(0, ...s.values)}`).join('; ') +
    '.';
  return (
    <div role="img" aria-label={summary} data-testid={testId} className="h-56 w-full text-xs text-muted">
      <LineChart
        responsive
        data={rows}
        accessibilityLayer={false}
        margin={{ top: 8, right: 12, bottom: 4, left: 0 }}
        style={{ width: '100%', height: '100%' }}
      >
        <CartesianGrid stroke="var(--line)" strokeDasharray="3 3" />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={(v: number) => clockTime(v, tz)}
          stroke="currentColor"
          tick={{ fill: 'currentColor' }}
          minTickGap={32}
        />
        <YAxis allowDecimals={false} stroke="currentColor" tick={{ fill: 'currentColor' }} width={44} />
        <Tooltip
          isAnimationActive={false}
          labelFormatter={(v) => clockTime(Number(v), tz)}
          formatter={(v, name) => [String(v), labelOf.get(String(name)) ?? String(name)]}
          contentStyle={{
            background: 'var(--card)',
            border: '1px solid var(--line)',
            color: 'var(--fg)',
            borderRadius: 8,
          }}
        />
        <Legend formatter={(name) => labelOf.get(String(name)) ?? String(name)} wrapperStyle={{ color: 'var(--fg)' }} />
        {series.map((s, i) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.key}
            type="linear"
            isAnimationActive={false}
            stroke={color(i)}
            strokeWidth={2}
            strokeDasharray={DASH[i % DASH.length]}
            dot={minutes.length <= 15 ? { r: 2 } : false}
            activeDot={{ r: 3 }}
          />
        ))}
      </LineChart>
    </div>
  );
}
