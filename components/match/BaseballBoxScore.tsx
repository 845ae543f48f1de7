/**
 * The baseball box score on a match page: each team's batters in batting order (AB, R, H, RBI,
 * BB, SO, HR; a substitute marked "sub" under the slot he took) and pitchers in order of appearance
 * (IP, H, BB, SO, HR, and ER when the official scorer's earned runs are stored). Built in the
 * browser from the play-by-play (lib/baseball/box-score.ts), so it moves with every plate
 * appearance of a live game. Away team first, as a box score prints it. Test hooks:
 * `[data-testid=box-score-team]` with `data-side` / `data-team`; rows `[data-testid=box-batting-row]`
 * / `box-pitching-row` with `data-player`, cells `data-column`.
 */
import { baseballBoxScore, type BoxBatter, type BoxPitcher } from '@/lib/baseball/box-score';
import type { MatchDetail } from '@/lib/wire/schemas';
import { PlayerTable, type PlayerColumn } from './PlayerTable';

const n = (k: keyof BoxBatter & keyof BoxPitcher) => (r: BoxBatter | BoxPitcher) => r[k] as number;
const BATTING: PlayerColumn<BoxBatter>[] = [
  { key: 'ab', label: 'AB', title: 'At bats', value: (r) => r.ab },
  { key: 'r', label: 'R', title: 'Runs', value: (r) => r.r },
  { key: 'h', label: 'H', title: 'Hits', value: n('h'), bold: true },
  { key: 'rbi', label: 'RBI', title: 'Runs batted in', value: (r) => r.rbi },
  { key: 'bb', label: 'BB', title: 'Bases on balls (walks)', value: n('bb') },
  { key: 'so', label: 'SO', title: 'Strikeouts', value: n('so') },
  { key: 'hr', label: 'HR', title: 'Home runs', value: n('hr') },
];

function pitchingColumns(withEr: boolean): PlayerColumn<BoxPitcher>[] {
  return [
    { key: 'ip', label: 'IP', title: 'Innings pitched', value: (r) => r.ip, bold: true },
    { key: 'h', label: 'H', title: 'Hits allowed', value: n('h') },
    ...(withEr ? [{ key: 'er', label: 'ER', title: 'Earned runs', value: (r: BoxPitcher) => r.er ?? '–' }] : []),
    { key: 'bb', label: 'BB', title: 'Walks allowed', value: n('bb') },
    { key: 'so', label: 'SO', title: 'Strikeouts', value: n('so') },
    { key: 'hr', label: 'HR', title: 'Home runs allowed', value: n('hr') },
  ];
}

export function BaseballBoxScore({ detail }: { detail: MatchDetail }) {
  const earned = (
    detail.events.find((e) => e.type === 'result')?.detail as
      | { earned_runs?: { pitcher_id: string; er: number }[] }
      | undefined
  )?.earned_runs;
  const box = baseballBoxScore(detail.events, earned);
  if (!box) return null;
  const team = { home: detail.fixture.home_team, away: detail.fixture.away_team };
  const pitching = pitchingColumns(earned != null);
  return (
    <section
      aria-labelledby="box-h"
      className="rounded-xl border border-line bg-card p-4 lg:col-span-2"
      data-testid="box-score"
    >
      <h2 id="box-h" className="mb-2 font-bold">
        Box score
      </h2>
      <div className="grid gap-5 lg:grid-cols-2">
        {(['away', 'home'] as const).map((side) => {
          // Slot numbers; a substitute (his slot already listed) is marked as such.
          const seen = new Set<number>();
          const slot = new Map(
            box[side].batting.map((r) => {
              const sub = r.order != null && seen.has(r.order);
              if (r.order != null) seen.add(r.order);
              return [r, r.order == null ? '' : sub ? `sub, ${r.order}` : `${r.order}`];
            }),
          );
          return (
            <div
              key={side}
              className="grid min-w-0 gap-2"
              data-testid="box-score-team"
              data-side={side}
              data-team={team[side]}
            >
              <h3 className="font-semibold">{team[side]}</h3>
              <PlayerTable
                caption={`${team[side]}: batting`}
                playerLabel="Batter"
                columns={BATTING}
                rows={box[side].batting}
                testid="box-batting"
                sub={(r) => slot.get(r)}
              />
              <PlayerTable
                caption={`${team[side]}: pitching`}
                playerLabel="Pitcher"
                columns={pitching}
                rows={box[side].pitching}
                testid="box-pitching"
              />
            </div>
          );
        })}
      </div>
    </section>
  );
}
