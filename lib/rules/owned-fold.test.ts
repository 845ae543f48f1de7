/**
 * The owned fold (owned-fold.ts) gives the pure reducer's state after every event of real
 * point-by-point tennis matches, refusals included: events the rules refuse (a point after the
 * match ended, an ace won by the receiver, a marker that disagrees with the points) are slipped
 * in and must leave the state as the reducer leaves it, also right after a checkpoint.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSackmannPbp } from '../import/sackmann';
import { tennisRules } from '../tennis/rules';
import type { SportEvent } from './contract';
import { ownedFold } from './owned-fold';

const csv = readFileSync(
  `${__dirname}/../../datasets/tennis/jeffsackmann-tennis_pointbypoint/pbp_matches_atp_main_current.csv`,
  'utf8',
).split('\n');
const matches = parseSackmannPbp(csv.slice(0, 7).join('\n'));

const bad = (e: SportEvent, i: number): SportEvent[] => [
  { ...e, event_id: `bad-ace-${i}`, type: 'point', detail: { ace: true, server: 'nobody' } },
  { ...e, event_id: `bad-game-${i}`, type: 'game_end', side: 'home', detail: { set: 99 } },
];

describe('ownedFold', () => {
  it.each([1, 3, 64])(
    'matches the pure reducer on 6 bundled matches with refused events (checkpoint every %i)',
    (every) => {
      expect(matches.length).toBe(6);
      for (const m of matches) {
        const events = m.events.flatMap((e, i) => (i % 17 === 5 ? [...bad(e, i), e] : [e]));
        events.push({ ...events.at(-1)!, event_id: 'after-end', type: 'point', detail: {} });
        const fold = ownedFold(tennisRules, every);
        let pure = tennisRules.initialState();
        let refused = 0;
        for (const e of events) {
          let ok = true;
          try {
            pure = tennisRules.applyEvent(pure, e);
          } catch {
            ok = false;
            refused++;
          }
          expect(fold.apply(e)).toBe(ok);
          expect(fold.state).toEqual(pure);
        }
        expect(refused).toBeGreaterThan(2);
        expect(fold.state.status).toBe('finished');
      }
    },
  );

  it('undoes a refusal that half-changed the state (rules that count, then throw on odd values)', () => {
    type S = { n: number[]; events_applied: number };
    const apply = (s: S, e: SportEvent) => {
      s.n.push(Number(e.detail.v));
      if (Number(e.detail.v) % 2) throw new Error('odd');
    };
    const rules = {
      initialState: (): S => ({ n: [], events_applied: 0 }),
      applyEvent: (s: S, e: SportEvent) => {
        const c = structuredClone(s);
        apply(c, e);
        return c;
      },
      applyEventInPlace: apply,
    } as unknown as Parameters<typeof ownedFold<S>>[0];
    const fold = ownedFold(rules, 2);
    const ev = (v: number) => ({
      event_id: `e${v}`,
      type: 'x',
      side: null,
      player: null,
      minute: null,
      period: null,
      clock_seconds: null,
      detail: { v },
    });
    const seen = [0, 2, 3, 4, 6, 7, 8, 9].map((v) => fold.apply(ev(v)));
    expect(seen).toEqual([true, true, false, true, true, false, true, false]);
    expect(fold.state.n).toEqual([0, 2, 4, 6, 8]);
  });
});
