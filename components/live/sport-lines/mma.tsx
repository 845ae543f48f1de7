/**
 * MMA on the scoreboard (home = red corner, away = blue): the round and its clock counting down
 * (clock column), knockdowns per fighter and, once a judge has scored a round (open scoring), the
 * rounds won on the cards; strikes and takedowns or the result. A bout has no running score, so
 * the header shows the round ("Round 2 of 3"), then how it ended ("Strickland by KO/TKO, R2 4:12"),
 * never a "0 – 0"; it adds the bout's place on its card with the weight class ("Bout 3 of 13 ·
 * Lightweight"), the fight statistics and each judge's card.
 */
import { resultDetail } from '@/components/results/result-detail';
import { LineScoreTable } from './LineScoreTable';
import { arr, num, obj, pairText, perSide, stateOf, str, teamOf } from './read';
import type { SportLine } from './types';
import type { LiveMatch } from '@/lib/wire/schemas';
import { ENGLISH, type Words } from '@/browser/live/display-words';

function summary(m: LiveMatch, w: Words = ENGLISH): string | null {
  const s = stateOf(m);
  const result = resultDetail('mma', s.result, m);
  if (result) return result;
  const parts = [
    pairText(s.knockdowns) && w.t('board.mma.kd', { v: pairText(s.knockdowns) ?? '' }),
    pairText(s.significant_strikes) && w.t('board.mma.sig', { v: pairText(s.significant_strikes) ?? '' }),
    pairText(s.takedowns) && w.t('board.mma.td', { v: pairText(s.takedowns) ?? '' }),
  ];
  const rounds = num(s.scheduled_rounds);
  return parts.filter(Boolean).join(' · ') || (rounds ? w.t('board.mma.scheduled', { n: rounds }) : null);
}

/** "Bout 3 of 13 · Lightweight" from the state's `card` and `weight_class` (docs/sports/mma.md); null when neither is known. */
export function cardLine(m: LiveMatch, w: Words = ENGLISH): string | null {
  const s = stateOf(m);
  const card = obj(s.card);
  const order = num(card?.order);
  const bouts = num(card?.bouts);
  const place =
    order != null
      ? bouts != null
        ? w.t('board.mma.boutOf', { order, bouts })
        : w.t('board.mma.bout', { order })
      : null;
  return [place, str(s.weight_class)].filter(Boolean).join(' · ') || null;
}

/** True once a judge's card has a round (only then are "rounds won" a figure). */
const scored = (m: LiveMatch) => arr(stateOf(m).scorecards).some((c) => arr(obj(c)?.rounds).length > 0);

/** The header's centre: how the bout ended once finished, else the round ("Round 2 of 3"); null before it starts. */
export function boutCentre(m: LiveMatch, w: Words = ENGLISH): string | null {
  const s = stateOf(m);
  if (m.status === 'finished') return resultDetail('mma', s.result, m) ?? w.t('board.mma.ended');
  const fromPeriod = /^round_(\d+)$/.exec(m.period ?? '')?.[1];
  const round = num(s.round) ?? (fromPeriod ? Number(fromPeriod) : null);
  if (!round) return null;
  const rounds = num(s.scheduled_rounds);
  return rounds ? w.t('board.mma.roundOf', { n: round, rounds }) : w.t('board.mma.round', { n: round });
}

export const mma: SportLine = {
  centre: (m, w) => boutCentre(m, w),
  side(m, side, w = ENGLISH) {
    const kd = perSide(stateOf(m).knockdowns, side) ?? 0;
    return (
      <span
        className="inline-flex items-baseline justify-end gap-1.5 tabular"
        data-testid={`mma-${side}`}
        data-knockdowns={kd}
      >
        <span
          className={`text-xs ${kd ? 'font-semibold text-live' : 'text-muted'}`}
          title={w.t('board.mma.knockdowns')}
        >
          <span aria-hidden="true">{`${w.t('board.mma.kdShort')} `}</span>
          {kd}
          <span className="sr-only">{` ${w.t('board.mma.knockdownsSr')},`}</span>
        </span>
        {scored(m) && (
          <span className="text-lg font-bold" title={w.t('board.mma.roundsWon')} data-testid={`mma-rounds-${side}`}>
            {m.score[side]}
            <span className="sr-only">{w.t('board.mma.roundsWonSr')}</span>
          </span>
        )}
      </span>
    );
  },
  summary: (m, _now, w) => summary(m, w),
  notes: (m, w = ENGLISH) => {
    const card = cardLine(m, w);
    return (
      <>
        {card && (
          <p className="text-xs text-muted" data-testid="mma-card-line">
            {card}
          </p>
        )}
        <p className="text-xs text-muted">{summary(m, w) ?? ''}</p>
      </>
    );
  },
  board(m, _now, w = ENGLISH) {
    const s = stateOf(m);
    const rows = (['home', 'away'] as const).map((side) => ({
      team: w.t('board.mma.corner', { name: teamOf(m, side), corner: side === 'home' ? 'red' : 'blue' }),
      cells: [
        perSide(s.knockdowns, side) ?? 0,
        perSide(s.significant_strikes, side) ?? 0,
        perSide(s.takedowns, side) ?? 0,
        perSide(s.point_deductions, side) ?? 0,
      ],
      totals: [m.score[side]],
    }));
    const cards = arr(s.scorecards)
      .map(obj)
      .filter((c) => !!c && typeof c.judge === 'string')
      .map((c) => `${str(c!.judge)} ${pairText(c!.total) ?? ''}`);
    return (
      <div className="grid gap-2">
        <LineScoreTable
          w={w}
          caption={w.t('board.mma.caption')}
          testid="mma-stats"
          columns={[
            { label: w.t('board.mma.kdShort'), title: w.t('board.mma.knockdowns') },
            { label: w.t('board.mma.sigShort'), title: w.t('board.mma.sigTitle') },
            { label: w.t('board.mma.tdShort'), title: w.t('board.mma.takedowns') },
            { label: w.t('board.mma.dedShort'), title: w.t('board.mma.deducted') },
          ]}
          totals={[{ label: w.t('board.mma.rdsShort'), title: w.t('board.mma.roundsWon') }]}
          rows={rows}
        />
        {cards.length > 0 && (
          <p className="text-center text-xs text-muted">{w.t('board.mma.judges', { cards: cards.join(' · ') })}</p>
        )}
      </div>
    );
  },
};
