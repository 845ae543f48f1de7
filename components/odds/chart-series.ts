/**
 * Line-movement chart data from 1X2 ticks (pure): one line per bookmaker for one selection, or
 * one line per selection for one bookmaker; each line steps from its opening to its current price.
 * Rows are "wide" (one row per observed instant, a column per line) as recharts' LineChart wants.
 */
import {
  bookmakerLabel,
  isAggregate,
  isNotABook,
  margin1x2,
  SELECTIONS_1X2,
  type OddsTick,
  type Selection1X2,
} from './odds-ticks';

/** What the chart compares: bookmakers on one selection, or one bookmaker's selections. */
export type ChartMode = { by: 'bookmaker'; selection: Selection1X2 } | { by: 'selection'; bookmaker: string };

export interface ChartLine {
  /** Column of the line in `rows` (l0, l1, …). */
  key: string;
  /** Bookmaker slug or selection this line is. */
  id: string;
  label: string;
  opening: number;
  current: number;
  openedAt: string;
  updatedAt: string;
  /** Ticks plotted on this line. */
  points: number;
  /** Holds the best current price (highest among real bookmakers) of its selection. */
  best: boolean;
  /** Margin of the line's bookmaker now (per-bookmaker mode); null when unknown. */
  margin: number | null;
}

export interface ChartRow {
  t: number;
  [key: string]: number;
}

export interface ChartData {
  rows: ChartRow[];
  lines: ChartLine[];
  /** Ticks plotted (all lines). */
  points: number;
  /** The latest tick plotted (by observed_at, then seq). */
  last: OddsTick | null;
  /** Per-selection mode: the bookmaker's margin now. */
  margin: number | null;
  /** Lowest and highest price plotted. */
  range: [number, number] | null;
}

/** Best current 1X2 price per selection among real bookmakers (model and aggregates left out). */
export function bestPrices(ticks: readonly OddsTick[]): Partial<Record<Selection1X2, number>> {
  const latest = new Map<string, number>();
  for (const t of ticks) if (!isNotABook(t.bookmaker)) latest.set(`${t.bookmaker}|${t.selection}`, t.price);
  const best: Partial<Record<Selection1X2, number>> = {};
  for (const [k, price] of latest) {
    const sel = k.slice(k.lastIndexOf('|') + 1) as Selection1X2;
    if (price > (best[sel] ?? 0)) best[sel] = price;
  }
  return best;
}

/** Latest 1X2 prices of one bookmaker. */
function booksNow(ticks: readonly OddsTick[]): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  for (const t of ticks) out.set(t.bookmaker, { ...out.get(t.bookmaker), [t.selection]: t.price });
  return out;
}

/**
 * Builds the chart's rows and lines. Aggregate columns (market-max / market-average) are never
 * lines. Lines are ordered: real bookmakers by name, the model last; selections home, draw, away.
 * @param ticks 1X2 ticks of one match, oldest first (mergeTicks output)
 * @param names display names of the selections (e.g. team names)
 */
export function buildChartData(
  ticks: readonly OddsTick[],
  mode: ChartMode,
  names: Record<Selection1X2, string>,
): ChartData {
  const plotted = ticks.filter((t) =>
    mode.by === 'bookmaker'
      ? t.selection === mode.selection && !isAggregate(t.bookmaker)
      : t.bookmaker === mode.bookmaker && (SELECTIONS_1X2 as readonly string[]).includes(t.selection),
  );
  const idOf = (t: OddsTick) => (mode.by === 'bookmaker' ? t.bookmaker : t.selection);
  const ids = [...new Set(plotted.map(idOf))].sort((a, b) =>
    mode.by === 'selection'
      ? SELECTIONS_1X2.indexOf(a as Selection1X2) - SELECTIONS_1X2.indexOf(b as Selection1X2)
      : Number(isNotABook(a)) - Number(isNotABook(b)) || a.localeCompare(b),
  );
  const keyOf = new Map(ids.map((id, i) => [id, `l${i}`]));
  const books = booksNow(ticks);
  const best = bestPrices(ticks);

  const byTime = new Map<number, ChartRow>();
  const lines = new Map<string, ChartLine>();
  let last: OddsTick | null = null;
  let lo = Infinity;
  let hi = -Infinity;
  for (const t of plotted) {
    const id = idOf(t);
    const key = keyOf.get(id)!;
    const ms = Date.parse(t.observed_at);
    const row = byTime.get(ms) ?? { t: ms };
    row[key] = t.price;
    byTime.set(ms, row);
    const line = lines.get(id);
    if (line) Object.assign(line, { current: t.price, updatedAt: t.observed_at, points: line.points + 1 });
    else
      lines.set(id, {
        key,
        id,
        label: mode.by === 'bookmaker' ? bookmakerLabel(id) : names[id as Selection1X2],
        opening: t.price,
        current: t.price,
        openedAt: t.observed_at,
        updatedAt: t.observed_at,
        points: 1,
        best: false,
        margin: mode.by === 'bookmaker' ? margin1x2(books.get(id) ?? {}) : null,
      });
    last = t;
    lo = Math.min(lo, t.price);
    hi = Math.max(hi, t.price);
  }
  for (const l of lines.values()) {
    const sel = mode.by === 'bookmaker' ? mode.selection : (l.id as Selection1X2);
    const book = mode.by === 'bookmaker' ? l.id : mode.bookmaker;
    l.best = !isNotABook(book) && best[sel] != null && l.current === best[sel];
  }
  const rows = [...byTime.values()].sort((a, b) => a.t - b.t);
  // Each line holds its current price to the latest instant of the chart (a step line to "now").
  const end = rows.at(-1);
  if (end) for (const l of lines.values()) if (end[l.key] === undefined) end[l.key] = l.current;
  return {
    rows,
    lines: [...lines.values()].sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)),
    points: plotted.length,
    last,
    margin: mode.by === 'selection' ? margin1x2(books.get(mode.bookmaker) ?? {}) : null,
    range: plotted.length ? [lo, hi] : null,
  };
}

/** Readable decimal-odds ladders for a log axis, coarse to fine (1-2-5-like steps in odds terms). */
const LADDERS = [
  [1.1, 1.5, 2, 3, 5, 10, 20, 50, 100],
  [1.1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 7, 10, 15, 20, 30, 50, 70, 100],
  [
    1.05, 1.1, 1.15, 1.2, 1.3, 1.4, 1.5, 1.6, 1.8, 2, 2.2, 2.4, 2.6, 2.8, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 9, 10, 12, 15, 20,
    25, 30, 40, 50, 60, 80, 100,
  ],
];
const STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10];

/**
 * Y-axis domain and ticks for decimal prices on a log scale (a move from 1.5 to 1.4 matters as
 * much as one from 15 to 13): the finest readable ladder (1.5, 2, 3, 5…) giving at most `max`
 * ticks inside the padded range; a narrow range gets evenly stepped ticks (2.02, 2.04…).
 */
export function priceAxis(range: [number, number], max = 6): { domain: [number, number]; ticks: number[] } {
  const domain: [number, number] = [Math.max(1.001, range[0] / 1.04), range[1] * 1.04];
  const inside = (xs: number[]) => xs.filter((x) => x >= domain[0] && x <= domain[1]);
  for (const ladder of [...LADDERS].reverse()) {
    const t = inside(ladder);
    if (t.length <= max && t.length >= 3) return { domain, ticks: t };
    if (t.length > max) continue;
    break; // fewer than 3 on the finest ladder that fits: step evenly instead
  }
  const coarse = inside(LADDERS[0]);
  if (coarse.length > max) return { domain, ticks: coarse.filter((_, i) => i % Math.ceil(coarse.length / max) === 0) };
  const step = STEPS.find((st) => (domain[1] - domain[0]) / st <= max) ?? 10;
  const ticks: number[] = [];
  for (let x = Math.ceil(domain[0] / step) * step; x <= domain[1] + 1e-9; x += step)
    ticks.push(Math.round(x * 100) / 100);
  return { domain, ticks };
}

/** A price-axis label: "1.5", "2", "2.25", "100" (no trailing zeros, never wider than the axis). */
export function priceTick(v: number): string {
  return String(Math.round(v * 100) / 100);
}
