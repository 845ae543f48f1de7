/**
 * Baseball on the scoreboard: runs, hits and errors per team, the half inning (▲ top / ▼ bottom)
 * in the clock column, the outs and a bases diamond with the batter and pitcher; the header adds
 * the line score by inning, home first like the header above it.
 */
import { LineScoreTable } from './LineScoreTable';
import { arr, num, obj, perSide, stateOf, str, type Side } from './read';
import type { SportLine } from './types';
import type { LiveMatch } from '@/lib/wire/schemas';
import { ENGLISH, type Words } from '@/browser/live/display-words';

const BASES = ['first', 'second', 'third'] as const;
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
export function Situation({ m, w = ENGLISH }: { m: LiveMatch; w?: Words }) {
  const s = stateOf(m);
  const outs = Math.min(3, num(s.outs) ?? 0);
  const b = obj(s.bases) ?? {};
  const on = { first: !!b.first, second: !!b.second, third: !!b.third };
  const occupied = BASES.filter((k) => on[k]).map((k) => w.t(`board.baseball.${k}`));
  return (
    <span
      className="inline-flex items-center gap-1.5"
      data-testid="baseball-situation"
      data-outs={outs}
      data-bases={BASES.map((k) => (on[k] ? '1' : '0')).join('')}
    >
      <Diamond on={on} />
      <span className="sr-only">{`${occupied.length ? w.t('board.baseball.runnersOn', { bases: occupied.join(w.t('board.and')) }) : w.t('board.baseball.basesEmpty')}, `}</span>
      <span aria-hidden="true" className="inline-flex gap-0.5">
        {[0, 1, 2].map((i) => (
          <span
            key={i}
            className={`inline-block h-1.5 w-1.5 rounded-full ${i < outs ? 'bg-live' : 'border border-muted'}`}
          />
        ))}
      </span>
      <span>{w.t('board.baseball.outs', { n: outs })}</span>
    </span>
  );
}

function summary(m: LiveMatch, w: Words = ENGLISH) {
  const s = stateOf(m);
  if (!inPlay(m)) return null;
  const who = [
    str(s.batter) && w.t('board.baseball.atBat', { name: s.batter as string }),
    str(s.pitcher) && w.t('board.baseball.pitcher', { name: s.pitcher as string }),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <Situation m={m} w={w} />
      {who && <span className="truncate">{who}</span>}
    </span>
  );
}

export const baseball: SportLine = {
  flash: true,
  marker: (m, side, w = ENGLISH) =>
    inPlay(m) && batting(m) === side ? (
      <span className="inline-block h-2 w-2 shrink-0 rounded-full bg-accent" title={w.t('board.baseball.batting')}>
        <span className="sr-only">{w.t('board.baseball.battingSr')}</span>
      </span>
    ) : null,
  side(m, side, w = ENGLISH) {
    const s = stateOf(m);
    return (
      <span className="inline-flex items-baseline justify-end gap-1.5 tabular" data-testid={`baseball-${side}`}>
        <span className="text-lg font-bold">{m.score[side]}</span>
        <span className="w-5 text-right text-xs text-muted" title={w.t('board.baseball.hits')}>
          {perSide(s.hits, side) ?? 0}
          <span className="sr-only"> {w.t('board.baseball.hitsSr')}</span>
        </span>
        <span className="w-4 text-right text-xs text-muted" title={w.t('board.baseball.errors')}>
          {perSide(s.errors, side) ?? 0}
          <span className="sr-only"> {w.t('board.baseball.errorsSr')}</span>
        </span>
      </span>
    );
  },
  summary: (m, _now, w) => summary(m, w),
  notes: (m, w) => (inPlay(m) ? <p className="text-xs text-muted">{summary(m, w)}</p> : null),
  board(m, _now, w = ENGLISH) {
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
        w={w}
        caption={w.t('board.baseball.lineScore')}
        testid="baseball-line-score"
        columns={Array.from({ length: n }, (_, i) => ({
          label: String(i + 1),
          title: w.t('board.baseball.inning', { n: i + 1 }),
        }))}
        totals={[
          { label: w.t('board.baseball.runsShort'), title: w.t('board.baseball.runs') },
          { label: w.t('board.baseball.hitsShort'), title: w.t('board.baseball.hits') },
          { label: w.t('board.baseball.errorsShort'), title: w.t('board.baseball.errors') },
        ]}
        rows={[row('home', home), row('away', away)]}
      />
    );
  },
};
