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

const ORD = ['1st', '2nd', '3rd'];

function situation(m: LiveMatch): string | null {
  if (m.status !== 'in_play') return null;
  const s = stateOf(m);
  const pp = obj(s.power_play);
  const adv = pp?.advantage as Side | null | undefined;
  const sk = obj(pp?.skaters);
  const parts: string[] = [];
  if (adv)
    parts.push(`Power play ${teamOf(m, adv)}${sk ? ` (${sk[adv]} on ${sk[adv === 'home' ? 'away' : 'home']})` : ''}`);
  const pulled = obj(s.goalie_pulled);
  for (const side of ['home', 'away'] as const)
    if (pulled?.[side] === true) parts.push(`Empty net: ${teamOf(m, side)}`);
  return parts.join(' · ') || null;
}

export const iceHockey: SportLine = {
  flash: true,
  summary(m) {
    const shots = pairText(stateOf(m).shots);
    return situation(m) ?? ([lastEventText(m), shots && `Shots ${shots}`].filter(Boolean).join(' · ') || null);
  },
  notes: (m) => <p className="text-xs text-muted">{situation(m) ?? ''}</p>,
  board(m) {
    const s = stateOf(m);
    const { columns, cells, played } = periodLines(m, 3, (i) => ({ label: ORD[i], title: `${ORD[i]} period` }));
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
          caption="Goals by period"
          testid="ice-hockey-line-score"
          columns={[...columns, ...(so ? [{ label: 'SO', title: 'Shootout goals / attempts' }] : [])]}
          totals={[
            { label: 'T', title: 'Total goals' },
            { label: 'SOG', title: 'Shots on goal' },
          ]}
          rows={rows}
        />
        {pim && <p className="text-center text-xs text-muted">Penalty minutes {pim}</p>}
      </div>
    );
  },
};
