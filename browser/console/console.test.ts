/**
 * The live scoring console's vocabulary against the real rules, for all ten sports: a short
 * match made only of console buttons runs from the start to a finished status with the score
 * entered, and every button the console offers in every state passed is accepted by the rules
 * (probed on a copy of the state). Undo (a retraction of the latest event) puts the score back.
 */
import { describe, expect, it } from 'vitest';
import { consoleButtons } from './buttons';
import { parseClock } from './common';
import { eventIds, undoCorrection, undoTarget, type LogEntry } from './session';
import { ConsoleMatch, inputFor, type Step, type StepInput } from '@/test/helpers/console-driver';
import type { ConsoleButton, ConsoleView } from './types';

/** Probe input: side home, a player, fields at their initial values (empty ones filled). */
function probe(b: ConsoleButton, v: ConsoleView) {
  const inp = inputFor(b, { player: 'Probe Player' });
  for (const f of b.fields) if (inp.fields[f.name] === '') inp.fields[f.name] = 'Probe';
  const board = (v.state?.leaderboard as { player: string; status: string; thru: number }[] | undefined) ?? [];
  const golfer = board.find((l) => l.status === 'active');
  if (golfer) {
    inp.player = golfer.player;
    inp.fields.hole = String(golfer.thru + 1);
  }
  if (b.id === 'judge-card') inp.fields.judge = 'Probe Judge';
  return inp;
}

const times = (n: number, step: Step): Step[] => Array.from({ length: n }, () => step);
const home = (player = ''): StepInput => ({ side: 'home', player });
const away = (player = ''): StepInput => ({ side: 'away', player });

/** Runs `steps`, then checks the finish, the score and that no offered button was refused. */
function play(sport: string, steps: Step[], then?: (m: ConsoleMatch) => void): ConsoleMatch {
  const m = new ConsoleMatch(sport, probe).run(steps);
  then?.(m);
  m.buttons(); // probe the final state too
  expect(m.refusals).toEqual([]);
  return m;
}

describe('console vocabulary: a short match per sport through the real rules', () => {
  it('football: kick-off, goal, card, substitution, half time, second half, goal, full time', () => {
    const m = play('football', [
      ['period-start'],
      ['goal', { ...home('A. Striker'), minute: 23 }],
      ['card-yellow', away('B. Defender')],
      ['substitution', { ...home('C. Mid'), fields: { replacement: 'D. Sub' } }],
      ['corner', away()],
      ['period-end'],
      ['period-start'],
      ['goal-penalty', away('E. Forward')],
      ['own-goal', away('F. Back')],
      ['full-time'],
    ]);
    expect(m.view).toMatchObject({ status: 'finished', period: 'full_time', score: { home: 1, away: 2 } });
    expect(m.log[1].event).toMatchObject({
      type: 'goal',
      side: 'home',
      player: 'A. Striker',
      minute: 23,
      period: '1st_half',
    });
  });

  it('basketball: four quarters, the leader wins at the end of Q4', () => {
    const quarter: Step[] = [
      ['two', home('H1')],
      ['three', away('A1')],
      ['free-throw', home('H2')],
      ['foul', away('A2')],
      ['period-end'],
    ];
    const m = play('basketball', [
      ['period-start'],
      ...quarter,
      ['period-start'],
      ['timeout', away()],
      ...quarter,
      ['period-start'],
      ['substitution', { ...home('H3'), fields: { replaced: 'H1' } }],
      ...quarter,
      ['period-start'],
      ['two', home()],
      ...quarter,
    ]);
    expect(m.view).toMatchObject({ status: 'finished', period: 'final', score: { home: 14, away: 12 } });
  });

  it('ice hockey: three periods, goals, a penalty, 2–1', () => {
    const m = play('ice-hockey', [
      ['period-start'],
      ['goal', { ...home('H. Winger'), clock_seconds: 600 }],
      ['shot', away()],
      ['period-end'],
      ['period-start'],
      ['penalty-minor', away('A. Dman')],
      ['goal', home('H. Center')],
      ['period-end'],
      ['period-start'],
      ['goal', away('A. Wing')],
      ['period-end'],
    ]);
    expect(m.view).toMatchObject({ status: 'finished', period: 'final', score: { home: 2, away: 1 } });
  });

  it('rugby: try, conversion, penalty goal, card, halves, full time', () => {
    const m = play('rugby', [
      ['period-start'],
      ['try', home('H. Wing')],
      ['conversion', home('H. Fly')],
      ['penalty-goal', away('A. Kick')],
      ['period-end'],
      ['period-start'],
      ['card-yellow', away('A. Lock')],
      ['try', away('A. Centre')],
      ['drop-goal', home('H. Fly')],
      ['full-time'],
    ]);
    expect(m.view).toMatchObject({ status: 'finished', period: 'full_time', score: { home: 10, away: 8 } });
  });

  it('tennis: best of 3 won 6–0 6–0 with aces, double faults and points', () => {
    const m = play('tennis', [
      ['match-start', home()],
      ...times(4, ['ace']),
      ...times(4, ['double-fault']),
      ...times(40, ['point', home()]),
    ]);
    expect(m.view).toMatchObject({ status: 'finished', score: { home: 2, away: 0 } });
  });

  it('cricket: a one-over chase, won by the side batting second', () => {
    const m = play('cricket', [
      ['toss', { side: 'home', fields: { decision: 'bat' } }],
      ['innings-start', { side: 'home', fields: { overs: '1' } }],
      ['runs-4', home('H1')],
      ['runs-1'],
      ['wide'],
      ['dot'],
      ['runs-6'],
      ['runs-2'],
      ['runs-1'],
      ['innings-start', away()],
      ['wicket', { player: 'A1', fields: { kind: 'bowled' } }],
      ['dot'],
      ['runs-4'],
      ['runs-4'],
      ['runs-6'],
      ['runs-2'],
    ]);
    expect(m.view).toMatchObject({ status: 'finished', score: { home: 15, away: 16 } });
    expect((m.view.state?.result as { winner: string }).winner).toBe('away');
  });

  it('baseball: a nine-inning game ended by the rules (home leads after the top of the 9th)', () => {
    const m = new ConsoleMatch('baseball', probe).run([
      ['home-run', { player: 'Away Slugger' }],
      ...times(3, ['strikeout']),
      ['walk'],
      ['home-run', { player: 'Home Slugger' }],
      ['single'],
      ['stolen-base'],
      ['out'],
      ['pitching-change', away('Reliever')],
      ['out'],
      ['out'],
    ]);
    for (let i = 0; i < 60 && m.view.status !== 'finished'; i++) m.press('out');
    m.buttons();
    expect(m.refusals).toEqual([]);
    expect(m.view).toMatchObject({ status: 'finished', period: 'final', score: { home: 2, away: 1 } });
  });

  it('golf: two rounds, a cut, the result', () => {
    const round = (strokes: Record<string, number[]>): Step[] =>
      Object.entries(strokes).flatMap(([player, s]) =>
        s.map((n, i): Step => ['hole', { player, fields: { hole: String(i + 1), strokes: String(n), par: '4' } }]),
      );
    const m = play('golf', [
      ['round-start', { fields: { players: 'P. One, P. Two, P. Three' } }],
      ...round({ 'P. One': [3, 4, 4], 'P. Two': [4, 4, 5], 'P. Three': [5, 6, 6] }),
      ['round-end'],
      ['cut', { fields: { cut_line: '3' } }],
      ['round-start'],
      ...round({ 'P. One': [4, 4, 4], 'P. Two': [3, 3, 3] }),
      ['round-end'],
      ['result'],
    ]);
    expect(m.view).toMatchObject({ status: 'finished', period: 'final', score: { home: 0, away: 0 } });
    expect(m.view.state?.result).toMatchObject({ winner: 'P. Two', to_par: -2 });
  });

  it('mma: round 1 to the red corner on the cards, KO for the blue corner in round 2', () => {
    const m = play('mma', [
      ['bout-start'],
      ['round-start'],
      ['knockdown', home()],
      ['takedown', away()],
      ['round-end'],
      ...['Judge A', 'Judge B', 'Judge C'].map(
        (judge): Step => ['judge-card', { fields: { judge, home: '10', away: '9' } }],
      ),
      ['round-start'],
      ['strike', away()],
      ['ko', { side: 'away', fields: { time: '1:12' } }],
    ]);
    expect(m.view).toMatchObject({ status: 'finished', period: 'final', score: { home: 1, away: 0 } });
    expect(m.view.state?.result).toMatchObject({ winner: 'away', method: 'TKO', round: 2, time_seconds: 72 });
  });

  it('esports: best of 1, the map won 13–5, the series result', () => {
    const m = play('esports', [
      ['map-start', { fields: { map: 'Mirage', best_of: '1' } }],
      ...times(5, ['round', away()]),
      ...times(13, ['round', home()]),
      ['map-end'],
      ['result'],
    ]);
    expect(m.view).toMatchObject({ status: 'finished', period: 'final', score: { home: 1, away: 0 } });
  });
});

describe('console vocabulary: status changes and undo', () => {
  it('offers postpone before the start and suspend / resume / abandon during play, for every sport', () => {
    for (const sport of [
      'football',
      'basketball',
      'cricket',
      'tennis',
      'baseball',
      'ice-hockey',
      'golf',
      'rugby',
      'mma',
      'esports',
    ]) {
      const m = new ConsoleMatch(sport, probe);
      expect(consoleButtons(sport, m.view).map((b) => b.id)).toContain('status-postponed');
      m.press('status-postponed').press('status-scheduled').press('status-abandoned');
      expect(m.view.status).toBe('abandoned');
      expect(m.refusals).toEqual([]);
    }
    const f = new ConsoleMatch('football', probe).run([['period-start'], ['status-suspended']]);
    expect(f.view.status).toBe('suspended');
    f.run([['status-resumed'], ['goal', home('X')]]);
    expect(f.view).toMatchObject({ status: 'in_play', score: { home: 1, away: 0 } });
  });

  it('undo retracts the latest event that is not a correction and not retracted; the score goes back', () => {
    const m = new ConsoleMatch('football', probe).run([['period-start'], ['goal', home('A')], ['goal', away('B')]]);
    expect(m.view.score).toEqual({ home: 1, away: 1 });
    const log: LogEntry[] = m.log.map((x, i) => ({ seq: 10 + i, event_id: x.event_id, ...x.event, retracted: false }));
    const target = undoTarget(log)!;
    expect(target.event_id).toBe(m.log[2].event_id);
    expect(undoCorrection(1, 'console-1-9-abcdef', target)).toEqual({
      fixture_id: 1,
      event_id: 'console-1-9-abcdef',
      target_event_id: target.event_id,
      action: 'retract',
      reason: 'Undo in the live scoring console',
    });
    expect(m.rebuiltWithout(new Set([target.event_id])).score).toEqual({ home: 1, away: 0 });
    // The next undo skips the retracted event and the correction itself.
    const after: LogEntry[] = [
      ...log.map((e) => (e.event_id === target.event_id ? { ...e, retracted: true } : e)),
      { ...log[0], seq: 99, event_id: 'c', type: 'correction', retracted: false },
    ];
    expect(undoTarget(after)!.event_id).toBe(m.log[1].event_id);
    expect(undoTarget([])).toBeNull();
  });

  it('event ids are console-<fixture>-<counter>-<random6>, unique per session', () => {
    const next = eventIds(42, 'x1y2z3');
    expect([next(), next()]).toEqual(['console-42-1-x1y2z3', 'console-42-2-x1y2z3']);
    expect(eventIds(42)()).toMatch(/^console-42-1-[a-z0-9]{6}$/);
    expect(parseClock('1:12')).toBe(72);
    expect(() => parseClock('soon')).toThrow(/m:ss/);
  });
});
