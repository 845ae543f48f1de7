/**
 * The incremental golf fold (GolfSeriesFold, what the live follower keeps between events:
 * server/read/live-golf-win-probability.ts) against the full series: on each finished sample
 * tournament (lib/sample/golf.ts, the sandbox's golf log: a cut, a withdrawal, a playoff), the
 * fold's last point after every event equals the last point of golfWinProbabilitySeries over
 * the log up to that event — the point REST serves once that event is in (checked after every
 * event other than a hole and after every 7th hole: the full series per prefix is quadratic).
 */
import { describe, expect, it } from 'vitest';
import { sampleGolfMatches } from '../sample/golf';
import { GolfSeriesFold, golfPrematchPoint, golfRatings, golfWinProbabilitySeries } from './golf-series';
import type { LoggedEvent } from './series';

const logOf = (m: ReturnType<typeof sampleGolfMatches>[number]): LoggedEvent[] =>
  m.events.map((event, i) => ({ event, occurred_at: new Date(Date.parse(m.kickoff) + i * 60_000).toISOString() }));

const finished = sampleGolfMatches().filter((m) => m.status === 'finished');

describe('incremental golf fold', () => {
  it('after every event of each sample tournament: the full series’ last point over the log so far', () => {
    for (const [k, m] of finished.entries()) {
      const ratings = golfRatings(finished.slice(0, k).map(logOf), m.kickoff);
      const log = logOf(m);
      // Seeded from the first event's prefix, as the follower is once an event has moved the series.
      const fold = new GolfSeriesFold(ratings, golfPrematchPoint(ratings, m.kickoff, log.slice(0, 1)));
      let moved = 0;
      for (let i = 0; i < log.length; i++) {
        const before = fold.last;
        const p = fold.step(log[i]);
        if (p) moved += 1;
        else expect(fold.last).toBe(before);
        if (log[i].event.type === 'hole_completed' && i % 7 !== 0 && i !== log.length - 1) continue;
        expect(fold.last, `tournament ${k} event ${i} (${log[i].event.type})`).toEqual(
          golfWinProbabilitySeries(ratings, m.kickoff, log.slice(0, i + 1)).at(-1),
        );
      }
      expect(moved).toBe(golfWinProbabilitySeries(ratings, m.kickoff, log).length - 1);
    }
  }, 120_000);

  it('an event the rules refuse (a hole played twice) moves nothing and the fold goes on', () => {
    const m = finished[0];
    const log = logOf(m);
    const at = log.findIndex((e) => e.event.type === 'hole_completed');
    const fold = new GolfSeriesFold(new Map(), golfPrematchPoint(new Map(), m.kickoff, log));
    for (const e of log.slice(0, at + 1)) fold.step(e);
    const last = fold.last;
    expect(fold.step({ ...log[at], event: { ...log[at].event, event_id: 'again' } })).toBeNull();
    expect(fold.last).toBe(last);
    for (const e of log.slice(at + 1)) fold.step(e);
    expect(fold.last).toEqual(golfWinProbabilitySeries(new Map(), m.kickoff, log).at(-1));
  });
});
