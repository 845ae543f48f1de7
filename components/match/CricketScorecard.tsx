/**
 * The cricket scorecard on a match page: for every innings the batting (R, B, 4s, 6s, SR and how
 * each batter was out, in the order they came in), extras and total, then the bowling (O, M, R, W,
 * Econ). Built in the browser from the match's ball-by-ball events (lib/cricket/scorecard.ts), so
 * it moves with every ball of a live match. Test hooks: `[data-testid=scorecard-innings]` with
 * `data-innings` and `data-team`; rows `[data-testid=batting-row]` / `bowling-row` with
 * `data-player`, cells `data-column`.
 */
import { cricketScorecard, type ScorecardBatter, type ScorecardBowler } from '@/lib/cricket/scorecard';
import type { MatchDetail } from '@/lib/wire/schemas';
import { PlayerTable, type PlayerColumn } from './PlayerTable';

const BATTING: PlayerColumn<ScorecardBatter>[] = [
  { key: 'runs', label: 'R', title: 'Runs', value: (r) => r.runs, bold: true },
  { key: 'balls', label: 'B', title: 'Balls faced', value: (r) => r.balls },
  { key: 'fours', label: '4s', title: 'Fours', value: (r) => r.fours },
  { key: 'sixes', label: '6s', title: 'Sixes', value: (r) => r.sixes },
  {
    key: 'strike_rate',
    label: 'SR',
    title: 'Strike rate (runs per 100 balls)',
    value: (r) => (r.strike_rate == null ? '–' : r.strike_rate.toFixed(2)),
  },
];
const BOWLING: PlayerColumn<ScorecardBowler>[] = [
  { key: 'overs', label: 'O', title: 'Overs', value: (r) => r.overs },
  { key: 'maidens', label: 'M', title: 'Maidens', value: (r) => r.maidens },
  { key: 'runs_conceded', label: 'R', title: 'Runs conceded', value: (r) => r.runs_conceded },
  { key: 'wickets', label: 'W', title: 'Wickets', value: (r) => r.wickets, bold: true },
  {
    key: 'economy',
    label: 'Econ',
    title: 'Economy (runs per over)',
    value: (r) => (r.economy == null ? '–' : r.economy.toFixed(2)),
  },
];

const ORDINAL = ['1st', '2nd', '3rd', '4th'];
const EXTRAS: [string, string][] = [
  ['wides', 'w'],
  ['noballs', 'nb'],
  ['byes', 'b'],
  ['legbyes', 'lb'],
  ['penalty', 'p'],
];

interface InningsState {
  number: number;
  runs: number;
  wickets: number;
  overs: string;
  super_over?: boolean;
  extras?: Record<string, number>;
}

export function CricketScorecard({ detail }: { detail: MatchDetail }) {
  const cards = cricketScorecard(detail.events);
  if (!cards.length) return null;
  const states = ((detail.match.state as { innings?: InningsState[] } | null)?.innings ?? []).filter(
    (i) => i && typeof i.number === 'number',
  );
  const team = (side: 'home' | 'away') => (side === 'home' ? detail.fixture.home_team : detail.fixture.away_team);
  return (
    <section
      aria-labelledby="scorecard-h"
      className="rounded-xl border border-line bg-card p-4 lg:col-span-2"
      data-testid="scorecard"
    >
      <h2 id="scorecard-h" className="mb-2 font-bold">
        Scorecard
      </h2>
      <div className="grid gap-5 lg:grid-cols-2">
        {cards.map((c) => {
          const st = states.find((s) => s.number === c.innings);
          const name = `${team(c.batting)} ${st?.super_over ? 'super over' : `${ORDINAL[c.innings - 1] ?? `${c.innings}th`} innings`}`;
          const ex = st?.extras ?? {};
          const extrasTotal = EXTRAS.reduce((a, [k]) => a + (ex[k] ?? 0), 0);
          return (
            <div
              key={c.innings}
              className="grid min-w-0 gap-2"
              data-testid="scorecard-innings"
              data-innings={c.innings}
              data-team={team(c.batting)}
            >
              <h3 className="flex flex-wrap items-baseline justify-between gap-x-3 font-semibold">
                <span>{name}</span>
                {st && (
                  <span className="tabular">
                    {st.runs}/{st.wickets} <span className="text-sm font-normal text-muted">({st.overs} ov)</span>
                  </span>
                )}
              </h3>
              <PlayerTable
                caption={`${name}: batting`}
                playerLabel="Batter"
                columns={BATTING}
                rows={c.batters}
                testid="batting"
                sub={(r) => r.dismissal}
                foot={
                  st && (
                    <tfoot className="border-t border-line text-sm">
                      <tr>
                        <th scope="row" className="sticky left-0 bg-card px-2 py-1 text-left font-normal">
                          Extras{' '}
                          <span className="text-xs text-muted">
                            (
                            {EXTRAS.filter(([k]) => ex[k])
                              .map(([k, a]) => `${a} ${ex[k]}`)
                              .join(', ') || 'none'}
                            )
                          </span>
                        </th>
                        <td className="px-1.5 py-1 text-right" data-column="extras">
                          {extrasTotal}
                        </td>
                        <td colSpan={BATTING.length - 1} />
                      </tr>
                    </tfoot>
                  )
                }
              />
              <PlayerTable
                caption={`${name}: bowling`}
                playerLabel="Bowler"
                columns={BOWLING}
                rows={c.bowlers}
                testid="bowling"
              />
            </div>
          );
        })}
      </div>
    </section>
  );
}
