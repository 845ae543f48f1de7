/** The tennis `score` snapshot (lib/tennis/score-snapshot.ts) through the rules' reducer. */
import { describe, expect, it } from 'vitest';
import type { SportEvent } from '../rules/contract';
import { applyEvent, initialState, project } from './rules';

const ev = (type: string, detail: Record<string, unknown> = {}, side: 'home' | 'away' | null = null): SportEvent => ({
  event_id: `${type}-${JSON.stringify(detail)}`,
  type,
  side,
  player: null,
  minute: null,
  period: null,
  clock_seconds: null,
  detail,
});
const run = (...es: SportEvent[]) => es.reduce((s, e) => applyEvent(s, e), initialState());

describe('score snapshot', () => {
  it('starts a scheduled match; sets won from the completed sets, games and server as given, points unknown', () => {
    const s = run(
      ev('score', {
        sets: [
          [3, 6],
          [7, 6],
        ],
        tiebreaks: [null, { home: 8, away: 6 }],
        games: { home: 2, away: 1 },
        server: 'away',
        best_of: 5,
      }),
    );
    const p = project(s);
    expect(p).toMatchObject({ status: 'in_play', period: 'set_3', score: { home: 1, away: 1 } });
    expect(p.state).toMatchObject({ games: { home: 2, away: 1 }, server: 'away', points: null, best_of: 5 });
  });
  it('a later snapshot replaces the earlier; 6-6 in a set is a tie-break; a result ends it', () => {
    const s = run(
      ev('score', { sets: [], games: { home: 1, away: 4 } }),
      ev('score', { sets: [], games: { home: 6, away: 6 } }),
    );
    expect(project(s).state).toMatchObject({ games: { home: 6, away: 6 }, tiebreak: true, server: null });
    const done = applyEvent(
      s,
      ev(
        'result',
        {
          sets: [
            [7, 6],
            [6, 2],
          ],
          tiebreaks: [{ home: 7, away: 3 }, null],
        },
        'home',
      ),
    );
    expect(project(done)).toMatchObject({ status: 'finished', score: { home: 2, away: 0 } });
    expect(() => applyEvent(done, ev('score', { sets: [], games: { home: 0, away: 0 } }))).toThrow(/match is finished/);
  });
  it('refuses malformed snapshots', () => {
    expect(() => run(ev('score', { sets: [[6]], games: { home: 0, away: 0 } }))).toThrow(/detail.sets/);
    expect(() => run(ev('score', { sets: [], games: { home: -1, away: 0 } }))).toThrow(/detail.games/);
    expect(() => run(ev('score', { sets: [], games: { home: 0, away: 0 }, server: 'x' }))).toThrow(/server/);
    expect(() =>
      run(
        ev('score', {
          sets: [
            [6, 0],
            [6, 0],
            [6, 0],
          ],
          games: { home: 0, away: 0 },
          best_of: 3,
        }),
      ),
    ).toThrow(/best of 3/);
  });
});
