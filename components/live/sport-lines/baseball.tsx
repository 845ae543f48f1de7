/**
 * Baseball on the scoreboard: runs, hits and errors per team, the half inning (▲ top / ▼ bottom)
 * in the clock column, the outs and a bases diamond with the batter and pitcher; the header adds
 * the line score by inning, home first like the header above it.
 */
import { LineScoreTable } from './LineScoreTable';
import { arr, num, obj, perSide, stateOf, str, type Side } from './read';
import type { SportLine } from './types';
import type { LiveMatch } from '@/lib/wire/schemas';

const BASES = [
  ['first', '1st'],
  ['second', '2nd'],
  ['third', '3rd'],
] as const;
const inPlay = (m: LiveMatch) => m.status === 'in_play' || m.status === 'delayed' || m.status === 'suspended';

/** The side at bat: away in the top half, home in the bottom. */
const batting = (m: LiveMatch): Side | null =>
  stateOf(m).half === 'top' ? 'away' : stateOf(m).half === 'bottom' ? 'home' : null;

function Diamond({ on }: { on: Record<'first' | 'second' | 'third', boolean> }) {
  const base = (x: number, y: number, filled: boolean) => (
    <rect
      x={x}
      y={y}
      width="5"
      height="5"
      transform={`rotate(45 ${x + 2.5} ${y + 2.5})`}
      className={filled ? 'fill-accent stroke-accent' : 'fill-none stroke-muted'}
      strokeWidth="1"
    />
  );
  return (
    <svg viewBox="0 0 20 14" className="inline-block h-3.5 w-5 align-[-2px]" aria-hidden="true">
      {base(7.5, 1, on.second)}
      {base(13.5, 7, on.first)}
      {base(1.5, 7, on.third)}
    </svg>
  );
}

/** Outs as three dots, bases as a diamond, both spelled out for screen readers. */
export function Situation({ m }: { m: LiveMatch }) {
  const s = stateOf(m);
  const outs = Math.min(3, num(s.outs) ?? 0);
  const b = obj(s.bases) ?? {};
  const on = { first: !!b.first, second: !!b.second, third: !!b.third };
  const occupied = BASES.filter(([k]) => on[k]).map(([, w]) => w);
  return (
    <span
      className="inline-flex items-center gap-1.5"
      data-testid="baseball-situation"
      data-outs={outs}
      data-bases={BASES.map(([k]) => (on[k] ? '1' : '0')).join('')}
    >
      <Diamond on={on} />
      <span className="sr-only">{occupied.length ? `Runners on ${occupied.join(' and ')}` : 'Bases empty'}, </span>
      <span aria-hidden="true" className="inline-flex gap-0.5">
        {[0, 1, 2].map((i) => (
          <span
            key={i}
            className={`inline-block h-1.5 w-1.5 rounded-full ${i < outs ? 'bg-live' : 'border border-muted'}`}
          />
        ))}
      </span>
      <span>
        {outs} out{outs === 1 ? '' : 's'}
      </span>
    </span>
  );
}

function summary(m: LiveMatch) {
  const s = stateOf(m);
  if (!inPlay(m)) return null;
  const who = [str(s.batter) && `AB ${s.batter}`, str(s.pitcher) && `P ${s.pitcher}`].filter(Boolean).join(' · ');
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <Situation m={m} />
      {who && <span className="truncate">{who}</span>}
    </span>
  );
}

export const baseball: SportLine = {
  flash: true,
  marker: (m, side) =>
    inPlay(m) && batting(m) === side ? (
      <span className="inline-block h-2 w-2 shrink-0 rounded-full bg-accent" title="Batting">
        <span className="sr-only">batting</span>
      </span>
    ) : null,
  side(m, side) {
    const s = stateOf(m);
    return (
      <span className="inline-flex items-baseline justify-end gap-1.5 tabular" data-testid={`baseball-${side}`}>
        <span className="text-lg font-bold">{m.score[side]}</span>
        <span className="w-5 text-right text-xs text-muted" title="Hits">
          {perSide(s.hits, side) ?? 0}
          <span className="sr-only"> hits</span>
        </span>
        <span className="w-4 text-right text-xs text-muted" title="Errors">
          {perSide(s.errors, side) ?? 0}
          <span className="sr-only"> errors</span>
        </span>
      </span>
    );
  },
  summary,
  notes: (m) => (inPlay(m) ? <p className="text-xs text-muted">{summary(m)}</p> : null),
  board(m) {
    const s = stateOf(m);
    const ls = obj(s.line_score) ?? {};
    const home = arr(ls.home).map(num);
    const away = arr(ls.away).map(num);
    if (!home.length && !away.length) return null; // a result without play-by-play
    const n = Math.max(9, home.length, away.length);
    const row = (side: Side, runs: (number | null)[]) => ({
      team: side === 'home' ? m.home_team : m.away_team,
      cells: Array.from({ length: n }, (_, i) => runs[i] ?? ''),
      totals: [m.score[side], perSide(s.hits, side) ?? 0, perSide(s.errors, side) ?? 0],
    });
    return (
      <LineScoreTable
        caption="Line score"
        testid="baseball-line-score"
        columns={Array.from({ length: n }, (_, i) => ({ label: String(i + 1), title: `Inning ${i + 1}` }))}
        totals={[
          { label: 'R', title: 'Runs' },
          { label: 'H', title: 'Hits' },
          { label: 'E', title: 'Errors' },
        ]}
        rows={[row('home', home), row('away', away)]}
      />
    );
  },
};
