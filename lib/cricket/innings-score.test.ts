/** The cricket `innings_score` snapshot (lib/cricket/apply-event.ts) through the rules' reducer. */
import { describe, expect, it } from 'vitest';
import type { SportEvent } from '../rules/contract';
import { applyEvent, initialState, project } from './rules';

let n = 0;
const score = (side: 'home' | 'away', detail: Record<string, unknown>): SportEvent => ({
  event_id: `s${++n}`,
  type: 'innings_score',
  side,
  player: null,
  minute: null,
  period: null,
  clock_seconds: null,
  detail,
});
const run = (...es: SportEvent[]) => es.reduce((s, e) => applyEvent(s, e), initialState());

describe('innings_score', () => {
  it('opens innings in order, replaces totals; the chase and a derived result follow the laws', () => {
    const s = run(
      score('home', { innings: 1, runs: 150, wickets: 6, overs: '19.2', overs_limit: 20 }),
      score('home', { innings: 1, runs: 155, wickets: 6, overs: '20', closed: true, reason: 'overs_complete' }),
      score('away', { innings: 2, runs: 125, wickets: 3, overs: 16 }),
    );
    const p = project(s);
    expect(p).toMatchObject({ status: 'in_play', period: 'innings_2', score: { home: 155, away: 125 } });
    expect(p.state).toMatchObject({ required_runs: 31, required_balls: 24 });
    const won = applyEvent(s, score('away', { innings: 2, runs: 156, wickets: 4, overs: '18.3' }));
    expect(project(won).state).toMatchObject({ result: { kind: 'win', winner: 'away', by: { wickets: 6 } } });
  });
  it('refuses the wrong side, a skipped innings, bad overs and snapshots after the result', () => {
    const one = run(score('home', { innings: 1, runs: 10, wickets: 0, overs: '2' }));
    expect(() => applyEvent(one, score('away', { innings: 1, runs: 1, wickets: 0, overs: '1' }))).toThrow(/not away's/);
    expect(() => applyEvent(one, score('away', { innings: 3, runs: 1, wickets: 0, overs: '1' }))).toThrow(/neither/);
    expect(() => applyEvent(one, score('home', { innings: 1, runs: 1, wickets: 0, overs: '1.6' }))).toThrow(/overs/);
  });
});
