/**
 * SVG marks shared by the win-probability charts (WinProbabilityChart, GolfWinProbabilityChart):
 * the probability grid with its axis words, and a numbered swing marker. No hooks: usable in a
 * client or a server component.
 */
import { BOX, yOf } from './win-probability-chart';

/** Dashed lines at 25/50/75 %, the 0/50/100 % labels, and the words under the first and last point. */
export function ProbabilityGrid({ first, last }: { first: string; last: string }) {
  return (
    <>
      <g stroke="var(--line)" strokeDasharray="3 3">
        {[0.25, 0.5, 0.75].map((p) => (
          <line key={p} x1={BOX.left} x2={BOX.width - BOX.right} y1={yOf(p)} y2={yOf(p)} />
        ))}
      </g>
      <g fill="currentColor" fontSize="9">
        {[0, 0.5, 1].map((p) => (
          <text key={p} x={BOX.left - 4} y={yOf(p)} textAnchor="end" dominantBaseline="middle">
            {p * 100}%
          </text>
        ))}
        <text x={BOX.left} y={BOX.height - 6}>
          {first}
        </text>
        <text x={BOX.width - BOX.right} y={BOX.height - 6} textAnchor="end">
          {last}
        </text>
      </g>
    </>
  );
}

/** Swing number `k` (1-based) at (cx, cy), with a vertical rule through the chart (data-swing = k). */
export function SwingMarker({ cx, cy, k }: { cx: number; cy: number; k: number }) {
  return (
    <g data-swing={k}>
      <line x1={cx} x2={cx} y1={BOX.top} y2={BOX.height - BOX.bottom} stroke="currentColor" strokeOpacity={0.6} />
      <circle cx={cx} cy={cy} r={7} fill="var(--card)" stroke="currentColor" />
      <text x={cx} y={cy} textAnchor="middle" dominantBaseline="central" fontSize="9" fill="var(--fg)">
        {k}
      </text>
    </g>
  );
}

/** One listed swing: the event's id, the clock reading, its words (optional) and the move ("Messi +23 pts"). */
export interface SwingItem {
  eventId: string;
  clock: string;
  words?: string;
  move: string;
}

/** The numbered list of swings under a chart (each [data-testid=win-probability-swing] with data-event-id). */
export function SwingList({ items }: { items: SwingItem[] }) {
  if (items.length === 0) return null;
  return (
    <ol className="grid gap-1 text-sm">
      {items.map((s, k) => (
        <li
          key={s.eventId}
          data-testid="win-probability-swing"
          data-event-id={s.eventId}
          className="flex flex-wrap items-baseline gap-x-2"
        >
          <span className="font-bold tabular">{k + 1}</span>
          <span className="tabular text-muted">{s.clock}</span>
          {s.words != null ? <span className="min-w-0 break-words">{s.words}</span> : null}
          <span className="tabular">{s.move}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * The chart's card: heading (title and the model's name), then a figure holding `children`
 * (the SVG drawn with `label` as its accessible description, then what follows it); `data`
 * becomes the figure's data-* attributes (test hooks).
 */
export function ChartCard({
  title,
  model,
  label,
  data,
  svg,
  children,
}: {
  title: string;
  model: string;
  label: string;
  data: Record<string, string | number>;
  svg: React.ReactNode;
  children: React.ReactNode;
}) {
  const attrs = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]));
  return (
    <section className="rounded-lg border border-line bg-card p-4" aria-labelledby="win-probability-h">
      <h2 id="win-probability-h" className="mb-2 text-base font-bold">
        {title} <span className="text-xs font-normal text-muted">{model}</span>
      </h2>
      <figure className="m-0 grid gap-2" {...attrs}>
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          width="100%"
          className="block h-auto max-w-full text-muted"
        >
          {svg}
        </svg>
        {children}
      </figure>
    </section>
  );
}
