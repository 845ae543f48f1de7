/**
 * Cricket on the scoreboard: each side's innings as "138/5 (19 ov)" (all out: runs only), the
 * batting side marked, and the chase ("Target 160 · need 22 from 13 balls") or the run rate; the
 * header adds every innings with overs, extras and run rate, the batters and the bowler.
 */
import { cricketResultText } from '@/components/results/result-detail';
import { lastEventText } from './last-event';
import { LineScoreTable } from './LineScoreTable';
import { arr, num, obj, stateOf, str, teamOf, type Obj, type Side } from './read';
import type { SportLine } from './types';
import type { LiveMatch } from '@/lib/wire/schemas';
import { ENGLISH, type Words } from '@/browser/live/display-words';

interface Innings {
  number: number;
  team: Side;
  super_over: boolean;
  runs: number;
  wickets: number;
  overs: string;
  extras: number | null;
  legal_balls: number | null;
}

function innings(m: LiveMatch): Innings[] {
  return arr(stateOf(m).innings)
    .map(obj)
    .filter((i): i is Obj => !!i && (i.team === 'home' || i.team === 'away'))
    .map((i, k) => {
      const x = obj(i.extras);
      const extras = x ? Object.values(x).reduce<number>((n, v) => n + (num(v) ?? 0), 0) : null;
      return {
        number: num(i.number) ?? k + 1,
        team: i.team as Side,
        super_over: i.super_over === true,
        runs: num(i.runs) ?? 0,
        wickets: num(i.wickets) ?? 0,
        overs: str(i.overs) ?? '0',
        extras,
        legal_balls: num(i.legal_balls),
      };
    });
}

/** "138/5", or "138" when all out. */
export const runsWickets = (i: Pick<Innings, 'runs' | 'wickets'>) =>
  i.wickets >= 10 ? `${i.runs}` : `${i.runs}/${i.wickets}`;

const sideInnings = (m: LiveMatch, side: Side) => innings(m).filter((i) => i.team === side && !i.super_over);

function headline(m: LiveMatch, side: Side, w: Words = ENGLISH): string {
  const list = sideInnings(m, side);
  return list.length
    ? list.map(runsWickets).join(' & ')
    : m.status === 'scheduled'
      ? ''
      : w.t('board.cricket.yetToBat');
}

function chase(s: Obj, w: Words): string | null {
  const target = num(obj(s.target)?.runs);
  if (target == null) return null;
  const runs = num(s.required_runs);
  const balls = num(s.required_balls);
  if (runs == null) return w.t('board.cricket.target', { target });
  return balls != null
    ? w.t('board.cricket.needBalls', { target, runs, balls })
    : w.t('board.cricket.need', { target, runs });
}

function summary(m: LiveMatch, w: Words = ENGLISH): string | null {
  const s = stateOf(m);
  const result = obj(s.result);
  if (result) return cricketResultText(result, m);
  const c = chase(s, w);
  const rr = num(s.current_run_rate);
  const striker = str(s.striker);
  const bowler = str(s.bowler);
  const parts = [
    c ?? (rr != null ? w.t('board.cricket.crr', { rr: rr.toFixed(2) }) : null),
    striker ? `${striker}*` : null,
    bowler ? w.t('board.cricket.bowler', { name: bowler }) : null,
  ].filter(Boolean);
  if (parts.length) return parts.join(' · ');
  const toss = obj(s.toss);
  if (toss && teamOf(m, toss.winner as Side))
    return w.t('board.cricket.toss', {
      team: teamOf(m, toss.winner as Side),
      decision: toss.decision === 'field' ? 'field' : 'bat',
    });
  return lastEventText(m, w);
}

export const cricket: SportLine = {
  headline,
  marker: (m, side, w = ENGLISH) =>
    stateOf(m).batting === side && m.status === 'in_play' ? (
      <span className="inline-block h-2 w-2 shrink-0 rounded-full bg-accent" title={w.t('board.cricket.batting')}>
        <span className="sr-only">{w.t('board.cricket.battingSr')}</span>
      </span>
    ) : null,
  side(m, side, w = ENGLISH) {
    const list = sideInnings(m, side);
    const cur = list.at(-1);
    return (
      <span
        className="inline-flex min-w-[7.5rem] items-baseline justify-end gap-1"
        data-testid={`cricket-${side}`}
        data-runs={cur?.runs}
        data-wickets={cur?.wickets}
        data-overs={cur?.overs}
      >
        {cur ? (
          <>
            <span className="text-lg font-bold">{list.map(runsWickets).join(' & ')}</span>
            <span className="text-xs text-muted">{w.t('board.cricket.overs', { overs: cur.overs })}</span>
          </>
        ) : (
          <span className="text-xs text-muted">{m.status === 'scheduled' ? '' : w.t('board.cricket.yetToBat')}</span>
        )}
      </span>
    );
  },
  summary: (m, _now, w) => summary(m, w),
  notes(m, w = ENGLISH) {
    const rrr = num(stateOf(m).required_run_rate);
    return (
      <>
        <p className="text-xs text-muted" data-testid="cricket-summary">
          {summary(m, w) ?? ''}
        </p>
        {rrr != null && (
          <p className="text-xs text-muted tabular">{w.t('board.cricket.requiredRate', { rr: rrr.toFixed(2) })}</p>
        )}
      </>
    );
  },
  board(m, _now, w = ENGLISH) {
    const s = stateOf(m);
    const list = innings(m);
    if (!list.length) return null;
    const rows = list.map((i) => ({
      team: `${teamOf(m, i.team)}${i.super_over ? w.t('board.cricket.superOver') : ''}`,
      cells: [
        runsWickets(i),
        i.overs,
        i.extras ?? '–',
        i.legal_balls ? ((i.runs * 6) / i.legal_balls).toFixed(2) : '–',
      ],
    }));
    const over = obj(s.this_over);
    const crease = [str(s.striker) && `${s.striker}*`, str(s.non_striker)].filter(Boolean).join(', ');
    return (
      <div className="grid gap-2">
        <LineScoreTable
          w={w}
          caption={w.t('board.cricket.caption')}
          testid="cricket-innings"
          columns={[
            { label: w.t('board.cricket.score') },
            { label: w.t('board.cricket.ovShort'), title: w.t('board.cricket.oversTitle') },
            { label: w.t('board.cricket.extShort'), title: w.t('board.cricket.extras') },
            { label: w.t('board.cricket.rrShort'), title: w.t('board.cricket.runRate') },
          ]}
          rows={rows}
        />
        {(crease || str(s.bowler)) && (
          <p className="text-center text-xs text-muted">
            {crease && w.t('board.cricket.atCrease', { names: crease })}
            {crease && str(s.bowler) ? ' · ' : ''}
            {str(s.bowler) && w.t('board.cricket.bowling', { name: s.bowler as string })}
            {over
              ? `${w.t('board.cricket.thisOver', { runs: num(over.runs) ?? 0 })}${num(over.wickets) ? w.t('board.cricket.overWickets', { n: num(over.wickets) ?? 0 }) : ''}`
              : ''}
          </p>
        )}
      </div>
    );
  },
};
