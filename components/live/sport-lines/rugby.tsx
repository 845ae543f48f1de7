/**
 * Rugby union on the scoreboard: points with the tries beside them, the minute (clock column),
 * players in the sin bin or the latest score; the header adds the half-time score and a table of
 * tries, conversions, penalty goals, drop goals and cards.
 */
import { lastEventText } from './last-event';
import { LineScoreTable } from './LineScoreTable';
import { arr, num, obj, pairText, perSide, stateOf, str, teamOf, type Side } from './read';
import type { SportLine } from './types';
import type { LiveMatch } from '@/lib/wire/schemas';
import { ENGLISH, type Words } from '@/browser/live/display-words';

function sinBin(m: LiveMatch, w: Words = ENGLISH): string | null {
  const list = arr(stateOf(m).sin_bin)
    .map(obj)
    .filter((x) => !!x)
    .map(
      (x) =>
        `${str(x!.player) ?? teamOf(m, x!.side as Side)}${num(x!.until) != null ? w.t('board.rugby.back', { min: Math.ceil((x!.until as number) / 60) }) : ''}`,
    );
  return list.length ? w.t('board.rugby.sinBin', { list: list.join(', ') }) : null;
}

const kick = (k: unknown) => {
  const x = obj(k);
  return x ? `${num(x.made) ?? 0}/${num(x.attempted) ?? 0}` : '–';
};

export const rugby: SportLine = {
  flash: true,
  side(m, side, w = ENGLISH) {
    const tries = perSide(stateOf(m).tries, side);
    return (
      <span className="inline-flex items-baseline justify-end gap-1.5 tabular" data-testid={`rugby-${side}`}>
        {tries != null && (
          <span className="text-xs text-muted" title={w.t('board.rugby.tries')}>
            {tries}
            <span aria-hidden="true">{w.t('board.rugby.triesShort')}</span>
            <span className="sr-only">{` ${w.t('board.rugby.triesSr')}, `}</span>
          </span>
        )}
        <span className="text-lg font-bold">{m.score[side]}</span>
      </span>
    );
  },
  summary: (m, _now, w) => sinBin(m, w) ?? lastEventText(m, w),
  notes(m, w = ENGLISH) {
    const s = stateOf(m);
    const ht = pairText(s.halftime_score);
    const tries = pairText(s.tries);
    return (
      <>
        {ht && <p className="text-xs text-muted tabular">{w.t('board.rugby.halfTime', { score: ht })}</p>}
        {tries && <p className="text-xs text-muted tabular">{w.t('board.rugby.triesLine', { score: tries })}</p>}
        {sinBin(m, w) && <p className="text-xs text-muted">{sinBin(m, w)}</p>}
      </>
    );
  },
  board(m, _now, w = ENGLISH) {
    const s = stateOf(m);
    const kicks = obj(s.kicks);
    const cards = obj(s.cards);
    const attempts = (['home', 'away'] as const).reduce(
      (n, x) =>
        n +
        (perSide(s.tries, x) ?? 0) +
        Object.values(obj(kicks?.[x]) ?? {}).reduce<number>((k, v) => k + (num(obj(v)?.attempted) ?? 0), 0),
      0,
    );
    if (!attempts) return null; // a result without tries or kicks: nothing to add to the score
    const rows = (['home', 'away'] as const).map((side) => {
      const k = obj(kicks?.[side]);
      const c = obj(cards?.[side]);
      return {
        team: teamOf(m, side),
        cells: [
          perSide(s.tries, side) ?? 0,
          kick(k?.conversion),
          kick(k?.penalty_goal),
          kick(k?.drop_goal),
          `${num(c?.yellow) ?? 0}/${num(c?.red) ?? 0}`,
        ],
        totals: [m.score[side]],
      };
    });
    return (
      <LineScoreTable
        w={w}
        caption={w.t('board.rugby.caption')}
        testid="rugby-scoring"
        columns={[
          { label: w.t('board.rugby.triesShort'), title: w.t('board.rugby.tries') },
          { label: w.t('board.rugby.convShort'), title: w.t('board.rugby.conversions') },
          { label: w.t('board.rugby.pgShort'), title: w.t('board.rugby.penaltyGoals') },
          { label: w.t('board.rugby.dgShort'), title: w.t('board.rugby.dropGoals') },
          { label: w.t('board.rugby.cardsShort'), title: w.t('board.rugby.cards') },
        ]}
        totals={[{ label: w.t('board.rugby.ptsShort'), title: w.t('board.rugby.points') }]}
        rows={rows}
      />
    );
  },
};
