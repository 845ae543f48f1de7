'use client';
/**
 * The plot of the line-movement chart: decimal prices (log y axis) over match minutes or time
 * (x), one step line per series, drawn as plain SVG by React from d3-scale's scales and
 * d3-shape's step curve (`curveStepAfter`: a price holds until the next tick). Server-rendered at
 * a phone width, then redrawn at the container's measured width (ResizeObserver), so the page's
 * first paint has the chart and no chart library's chunk is loaded (recharts cost the match page
 * ~380 KB of JavaScript and ~0.4 s of main thread at 4× CPU slowdown).
 *
 * Pointer hover shows a cursor line and each series' price at that instant; the text alternative
 * is the caller's (a role="img" label and the summary table), so the SVG itself is aria-hidden.
 * Test hook: `svg[data-plot]` with `data-width` (px drawn at).
 */
import { scaleLinear, scaleLog, scaleUtc } from 'd3-scale';
import { curveStepAfter, line } from 'd3-shape';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChartRow } from './chart-series';

export interface PlotSeries {
  /** Column of the series in `rows`. */
  key: string;
  label: string;
  /** CSS colour (a theme token such as `var(--series-1)`). */
  color: string;
  /** SVG stroke-dasharray ('' for solid). */
  dash: string;
  strokeWidth: number;
  /** Mark each tick with a dot (few ticks). */
  dots: boolean;
}

export interface PricePlotProps {
  /** Wide rows, ascending `t` (minutes or Unix ms); a series' value is absent where it has no tick. */
  rows: ChartRow[];
  series: PlotSeries[];
  /** X axis: 'minute' (linear, given ticks) or 'time' (Unix ms, UTC-aligned ticks); `format` labels a tick and the hover. */
  x: { kind: 'minute' | 'time'; domain: [number, number]; ticks?: number[]; format: (v: number) => string };
  /** Y axis: decimal odds on a log scale (priceAxis). */
  y: { domain: [number, number]; ticks: number[]; format: (v: number) => string };
  /** Label of an instant in the hover ("Minute 63", "14:05"). */
  hoverLabel: (v: number) => string;
  /** Drawing height in px. */
  height?: number;
}

const M = { top: 10, right: 12, bottom: 22, left: 44 };
/** Width drawn on the server and before the first measurement (a phone's card). */
const FIRST_WIDTH = 340;

/** Index of the last row with `t <= v` (rows ascending), or 0. */
function rowAt(rows: readonly ChartRow[], v: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (rows[mid].t <= v) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Latest value of `key` at or before row `i` (the price holding at that instant), or null. */
function holding(rows: readonly ChartRow[], key: string, i: number): number | null {
  for (let j = i; j >= 0; j--) if (typeof rows[j][key] === 'number') return rows[j][key];
  return null;
}

/** The SVG plot; see the module comment. */
export function PricePlot({ rows, series, x, y, hoverLabel, height = 256 }: PricePlotProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FIRST_WIDTH);
  const [hover, setHover] = useState<number | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    const ro = new ResizeObserver((e) => {
      const w = Math.round(e[0].contentRect.width);
      if (w > 0) setWidth(w);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const plot = useMemo(() => {
    const range = [M.left, width - M.right];
    const xs =
      x.kind === 'time'
        ? scaleUtc()
            .domain(x.domain.map((v) => new Date(v)))
            .range(range)
        : scaleLinear().domain(x.domain).range(range);
    const ys = scaleLog()
      .domain(y.domain)
      .range([height - M.bottom, M.top])
      .clamp(true);
    const X = (v: number) => xs(v as never) as number;
    // As many time ticks as labels fit (~6.5 px a character at 11 px, plus a gap).
    const labelPx = x.format(x.domain[0]).length * 6.5 + 20;
    const xTicks =
      x.ticks ??
      (xs.ticks(Math.max(2, Math.floor((width - M.left - M.right) / labelPx))) as (number | Date)[]).map(Number);
    const path = line<[number, number]>().curve(curveStepAfter);
    const lines = series.map((s) => {
      const pts: [number, number][] = [];
      for (const r of rows) if (typeof r[s.key] === 'number') pts.push([X(r.t), ys(r[s.key])]);
      return { s, pts, d: path(pts) ?? '' };
    });
    // Both x scales are continuous: the value under a drawing position (minutes, or a Date for time).
    const inv = (px: number) => Number(xs.invert(px));
    return { X, inv, ys, xTicks, lines };
  }, [rows, series, x, y, width, height]);

  const onMove = (e: React.PointerEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const at = ((e.clientX - r.left) / r.width) * width;
    // Within the plot, or just past its edges (then the edge: the opening or the latest price).
    if (at < M.left - 10 || at > width - M.right + 10 || !rows.length) return setHover(null);
    const px = Math.min(width - M.right, Math.max(M.left, at));
    setHover(rowAt(rows, plot.inv(px)));
  };

  const bottom = height - M.bottom;
  // A hovered row that no longer exists (the lines switched to fewer rows) is no hover.
  const shown = hover != null && hover < rows.length ? hover : null;
  const hx = shown != null ? plot.X(rows[shown].t) : null;
  return (
    <div ref={box} className="relative h-full w-full">
      <svg
        data-plot=""
        data-width={width}
        width="100%"
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        aria-hidden="true"
        onPointerMove={onMove}
        onPointerLeave={() => setHover(null)}
        className="block touch-pan-y select-none"
      >
        <g stroke="var(--line)" strokeDasharray="3 3">
          {y.ticks.map((t) => (
            <line key={`y${t}`} x1={M.left} x2={width - M.right} y1={plot.ys(t)} y2={plot.ys(t)} />
          ))}
          {plot.xTicks.map((t) => (
            <line key={`x${t}`} x1={plot.X(t)} x2={plot.X(t)} y1={M.top} y2={bottom} />
          ))}
        </g>
        <g fill="currentColor" fontSize="11">
          {y.ticks.map((t) => (
            <text key={`yl${t}`} x={M.left - 6} y={plot.ys(t)} textAnchor="end" dominantBaseline="middle">
              {y.format(t)}
            </text>
          ))}
          {plot.xTicks.map((t) => {
            const label = x.format(t);
            const half = label.length * 3.25;
            const at = plot.X(t);
            // Labels at the edges are anchored inwards: never drawn outside the plot's box.
            const anchor = at - half < 0 ? 'start' : at + half > width ? 'end' : 'middle';
            return (
              <text key={`xl${t}`} x={at} y={bottom + 15} textAnchor={anchor}>
                {label}
              </text>
            );
          })}
        </g>
        <path d={`M${M.left},${M.top}V${bottom}H${width - M.right}`} fill="none" stroke="currentColor" />
        {plot.lines.map(({ s, pts, d }) => (
          <g key={s.key} style={{ stroke: s.color, fill: s.color }}>
            <path d={d} fill="none" strokeWidth={s.strokeWidth} strokeDasharray={s.dash || undefined} />
            {s.dots
              ? pts.map(([cx, cy]) => <circle key={`${cx},${cy}`} cx={cx} cy={cy} r={2.5} stroke="none" />)
              : null}
          </g>
        ))}
        {hx != null ? <line x1={hx} x2={hx} y1={M.top} y2={bottom} stroke="currentColor" strokeOpacity={0.5} /> : null}
      </svg>
      {shown != null && hx != null ? (
        <div
          data-testid="odds-chart-hover"
          className="pointer-events-none absolute top-1 rounded-lg border border-line bg-card px-2 py-1 text-xs text-fg shadow"
          style={hx > width / 2 ? { right: width - hx + 8 } : { left: hx + 8 }}
        >
          <p className="font-bold">{hoverLabel(rows[shown].t)}</p>
          {series.map((s) => {
            const v = holding(rows, s.key, shown);
            return v == null ? null : (
              <p key={s.key} className="tabular whitespace-nowrap">
                <span style={{ color: s.color }}>■</span> {s.label} {v.toFixed(2)}
              </p>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
