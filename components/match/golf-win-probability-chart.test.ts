import { describe, expect, it } from 'vitest';
import { sampleGolfMatches } from '@/lib/sample/golf';
import { golfWinProbabilitySeries } from '@/lib/win-probability/golf-series';
import { chartPlayers, GOLF_CHART_PLAYERS, golfLines, golfSwings } from './golf-win-probability-chart';
import { MIN_SWING } from './win-probability-chart';

const m = sampleGolfMatches()[0];
const log = m.events.map((event, i) => ({
  event,
  occurred_at: new Date(Date.parse(m.kickoff) + i * 6e4).toISOString(),
}));
const points = golfWinProbabilitySeries(new Map(), m.kickoff, log);
const winner = (m.result!.detail as { winner: string }).winner;
const probOf = (i: number, player: string) => points[i].field.find((f) => f.player === player)?.probability ?? 0;

describe('golf chart data from the sample tournament series', () => {
  it('draws the winner first and at most 5 leaders, one step per point, the winner ending at 100 %', () => {
    const players = chartPlayers(points);
    expect(players[0]).toBe(winner);
    expect(players.length).toBe(GOLF_CHART_PLAYERS);
    const lines = golfLines(points, players);
    expect(lines[0].last).toBe(1);
    for (const l of lines) expect(l.d.match(/[ML]/g)!.length).toBe(points.length);
  });

  it('marks at most 3 swings, each the rise of its player between two points, in series order', () => {
    const swings = golfSwings(points);
    expect(swings.length).toBeGreaterThan(0);
    expect(swings.length).toBeLessThanOrEqual(3);
    for (const s of swings) {
      expect(s.delta).toBeGreaterThanOrEqual(MIN_SWING);
      expect(probOf(s.index, s.player) - probOf(s.index - 1, s.player)).toBeCloseTo(s.delta, 12);
    }
    expect(swings.map((s) => s.index)).toEqual([...swings.map((s) => s.index)].sort((a, b) => a - b));
  });
});
