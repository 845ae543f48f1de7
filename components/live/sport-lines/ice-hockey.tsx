/**
 * Ice hockey on the scoreboard: goals, the period and the clock counting down (clock column),
 * the power play or empty net, shots on goal and the latest goal; the header adds goals by
 * period, the shootout and shots.
 */
import { lastEventText } from './last-event';
import { LineScoreTable } from './LineScoreTable';
import { periodLines } from './period-lines';
import { num, obj, pairText, perSide, stateOf, teamOf, type Side } from './read';
import type { SportLine } from './types';
import type { LiveMatch } from '@/lib/wire/schemas';
import { ENGLISH, type Words } from '@/browser/live/display-words';

function situation(m: LiveMatch, w: Words = ENGLISH): string | null {
  if (m.status !== 'in_play') return null;
  const s = stateOf(m);
  const pp = obj(s.power_play);
  const adv = pp?.advantage as Side | null | undefined;
  const sk = obj(pp?.skaters);
  const parts: string[] = [];
  if (adv)
    parts.push(
      `${w.t('board.hockey.powerPlay', { team: teamOf(m, adv) })}${sk ? w.t('board.hockey.skaters', { a: String(sk[adv]), b: String(sk[adv === 'home' ? 'away' : 'home']) }) : ''}`,
    );
  const pulled = obj(s.goalie_pulled);
  for (const side of ['home', 'away'] as const)
    if (pulled?.[side] === true) parts.push(w.t('board.hockey.emptyNet', { team: teamOf(m, side) }));
  return parts.join(' · ') || null;
}

export const iceHockey: SportLine = {
  flash: true,
  summary(m, _now, w = ENGLISH) {
    const shots = pairText(stateOf(m).shots);
    return (
      situation(m, w) ??
      ([lastEventText(m, w), shots && w.t('board.hockey.shots', { shots })].filter(Boolean).join(' · ') || null)
    );
  },
  notes: (m, w) => <p className="text-xs text-muted">{situation(m, w) ?? ''}</p>,
  board(m, _now, w = ENGLISH) {
    const s = stateOf(m);
    const { columns, cells, played } = periodLines(
      m,
      3,
      (i) => ({ label: w.t('hockeyPeriodShort', { n: i + 1 }), title: w.t('hockeyPeriod', { n: i + 1 }) }),
      w,
    );
    if (!played) return null; // a result without play-by-play: nothing to add to the score
    const so = obj(s.shootout);
    const rows = (['home', 'away'] as const).map((side) => ({
      team: teamOf(m, side),
      cells: [
        ...cells[side],
        ...(so ? [`${num(obj(so[side])?.goals) ?? 0}/${num(obj(so[side])?.attempts) ?? 0}`] : []),
      ],
      totals: [m.score[side], perSide(s.shots, side) ?? 0],
    }));
    const pim = pairText(s.penalty_minutes);
    return (
      <div className="grid gap-2">
        <LineScoreTable
          w={w}
          caption={w.t('board.hockey.caption')}
          testid="ice-hockey-line-score"
          columns={[...columns, ...(so ? [{ label: w.t('board.hockey.so'), title: w.t('board.hockey.soTitle') }] : [])]}
          totals={[
            { label: w.t('board.totalShort'), title: w.t('board.hockey.totalGoals') },
            { label: w.t('board.hockey.sog'), title: w.t('board.hockey.sogTitle') },
          ]}
          rows={rows}
        />
        {pim && <p className="text-center text-xs text-muted">{w.t('board.hockey.pim', { pim })}</p>}
      </div>
    );
  },
};
