import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyEvent, initialState, matchMinute, replayEvents, type AppliedEvent } from '@/lib/football/rules';
import { RuleError } from '@/lib/rules/contract';
import type { FootballState } from '@/lib/football/state';
import type { SourceEvent } from '@/lib/match/events';
import type { FootballPeriod } from '@/lib/football/types';
import { IMPORT_FORMATS } from '@/lib/import/index';
import type { ImportedMatch } from '@/lib/import/types';
import { buildTimeline } from '@/lib/replay/timeline';

const DATA = fileURLToPath(new URL('../../datasets/football/', import.meta.url));
type Pair = [number, number];

async function statsbomb(
  id: string,
  opts: { league: string; season: string; kickoff: string },
): Promise<ImportedMatch> {
  const [m] = await IMPORT_FORMATS.statsbomb(
    [`${DATA}statsbomb/events/${id}.json`, `${DATA}statsbomb/lineups/${id}.json`],
    opts,
  );
  return m;
}
const openfootball = IMPORT_FORMATS.openfootball(
  [
    'openfootball-worldcup.json/2018/worldcup.json',
    'openfootball-worldcup.json/2022/worldcup.json',
    'openfootball-euro.json/2024/euro.json',
  ].map((p) => DATA + p),
  {},
);
async function tournamentMatch(key: string): Promise<ImportedMatch> {
  const m = (await openfootball).find((x) => x.source_key === key);
  if (!m) throw new Error(`no openfootball match ${key}`);
  return m;
}

const at = (base: string, seconds: number) => new Date(Date.parse(base) + seconds * 1000).toISOString();

/**
 * The events of a match in the order a live feed would deliver them, each with a wall time.
 * StatsBomb: the recorded events as imported, at kickoff + clock (+15 min half-time after the 1st half).
 * openfootball: the synthesised timeline of lib/replay/timeline.ts, at kickoff + its match time.
 */
function feed(m: ImportedMatch): AppliedEvent[] {
  if (m.source === 'statsbomb') {
    return m.events.map((e) => ({
      ...e,
      occurred_at: at(m.kickoff, (e.clock_seconds ?? 0) + (e.period === '1st_half' ? 0 : 900)),
    }));
  }
  return buildTimeline(m).events.map((t) => ({ ...t.event, occurred_at: at(m.kickoff, t.at) }));
}

interface Case {
  name: string;
  load: () => Promise<ImportedMatch>;
  ht: Pair;
  /** Score at the end of the 2nd half. */
  ft: Pair;
  /** Score after extra time (null: no extra time). */
  et: Pair | null;
  pens: Pair | null;
  /** [yellow, red] per side. */
  cards: { home: Pair; away: Pair };
  corners: Pair;
  /** Spot checks: the state right after the first event matching `when`. */
  spots?: {
    when: (e: AppliedEvent) => boolean;
    score?: Pair;
    period?: FootballPeriod;
    reds?: Pair;
    minute?: [number, number | null];
  }[];
}

const goalBy = (name: RegExp) => (e: AppliedEvent) => e.type === 'goal' && name.test(e.player ?? '');
const NO_CARDS = { home: [0, 0] as Pair, away: [0, 0] as Pair };

const CASES: Case[] = [
  {
    name: 'Euro 2020 Turkey 0–3 Italy (StatsBomb 3788741)',
    load: () => statsbomb('3788741', { league: 'euro', season: '2020', kickoff: '2021-06-11T19:00:00Z' }),
    ht: [0, 0],
    ft: [0, 3],
    et: null,
    pens: null,
    cards: { home: [2, 0], away: [0, 0] },
    corners: [2, 8],
    spots: [
      { when: goalBy(/Demiral/), score: [0, 1], period: '2nd_half', minute: [53, null] }, // own goal, credited to Italy
      { when: goalBy(/Insigne/), score: [0, 3], minute: [79, null] },
    ],
  },
  {
    name: 'LaLiga 2018-19 Barcelona 2–2 Girona (StatsBomb 15986)',
    load: () => statsbomb('15986', { league: 'laliga', season: '2018-19', kickoff: '2018-09-23T14:45:00Z' }),
    ht: [1, 1],
    ft: [2, 2],
    et: null,
    pens: null,
    cards: { home: [3, 1], away: [5, 0] },
    corners: [8, 2],
    spots: [
      { when: goalBy(/Messi/), score: [1, 0], minute: [19, null] },
      {
        when: (e) => e.type === 'card' && /Lenglet/.test(e.player ?? ''),
        reds: [1, 0],
        period: '1st_half',
        score: [1, 0],
      },
      { when: goalBy(/Piqu/), score: [2, 2], period: '2nd_half', minute: [63, null] },
    ],
  },
  {
    name: 'World Cup 2018 opener Russia 5–0 Saudi Arabia',
    load: () => tournamentMatch('worldcup/2018/2018-06-14/Russia/Saudi Arabia'),
    ht: [2, 0],
    ft: [5, 0],
    et: null,
    pens: null,
    cards: NO_CARDS,
    corners: [0, 0],
    spots: [{ when: goalBy(/Golovin/), score: [5, 0], minute: [90, 4] }],
  },
  {
    name: 'World Cup 2018 final France 4–2 Croatia',
    load: () => tournamentMatch('worldcup/2018/2018-07-15/France/Croatia'),
    ht: [2, 1],
    ft: [4, 2],
    et: null,
    pens: null,
    cards: NO_CARDS,
    corners: [0, 0],
    spots: [{ when: goalBy(/Mand/), score: [1, 0], minute: [18, null] }], // Mandžukić own goal for France
  },
  {
    name: 'World Cup 2018 QF Russia 2–2 Croatia aet, 3–4 pens',
    load: () => tournamentMatch('worldcup/2018/2018-07-07/Russia/Croatia'),
    ht: [1, 1],
    ft: [1, 1],
    et: [2, 2],
    pens: [3, 4],
    cards: NO_CARDS,
    corners: [0, 0],
    spots: [{ when: goalBy(/Vida/), score: [1, 2], period: 'extra_time_1st', minute: [100, null] }],
  },
  {
    name: 'World Cup 2022 final Argentina 3–3 France aet, 4–2 pens',
    load: () => tournamentMatch('worldcup/2022/2022-12-18/Argentina/France'),
    ht: [2, 0],
    ft: [2, 2],
    et: [3, 3],
    pens: [4, 2],
    cards: NO_CARDS,
    corners: [0, 0],
    spots: [
      {
        when: (e) => goalBy(/Messi/)(e) && e.minute === 108,
        score: [3, 2],
        period: 'extra_time_2nd',
        minute: [108, null],
      },
      { when: (e) => goalBy(/Mbapp/)(e) && e.minute === 118, score: [3, 3], period: 'extra_time_2nd' },
    ],
  },
  {
    name: 'World Cup 2022 R16 Morocco 0–0 Spain aet, 3–0 pens (no goals listed)',
    load: () => tournamentMatch('worldcup/2022/2022-12-06/Morocco/Spain'),
    ht: [0, 0],
    ft: [0, 0],
    et: [0, 0],
    pens: [3, 0],
    cards: NO_CARDS,
    corners: [0, 0],
  },
  {
    name: 'Euro 2024 QF Spain 2–1 Germany aet',
    load: () => tournamentMatch('euro/2024/2024-07-05/Spain/Germany'),
    ht: [0, 0],
    ft: [1, 1],
    et: [2, 1],
    pens: null,
    cards: NO_CARDS,
    corners: [0, 0],
    spots: [{ when: goalBy(/Merino/), score: [2, 1], period: 'extra_time_2nd', minute: [119, null] }],
  },
  {
    name: 'Euro 2024 final Spain 2–1 England',
    load: () => tournamentMatch('euro/2024/2024-07-14/Spain/England'),
    ht: [0, 0],
    ft: [2, 1],
    et: null,
    pens: null,
    cards: NO_CARDS,
    corners: [0, 0],
    spots: [{ when: goalBy(/Palmer/), score: [1, 1], minute: [73, null] }],
  },
];

const pair = (x: { home: number; away: number } | null) => (x ? [x.home, x.away] : null);

describe('applyEvent on real matches', () => {
  it.each(CASES)('$name', async (c) => {
    const m = await c.load();
    const events = feed(m);
    const states: FootballState[] = [];
    let s = initialState();
    for (const e of events) states.push((s = applyEvent(s, e)));
    const after = (type: string, period: FootballPeriod) => {
      const i = events.findIndex((e) => e.type === type && e.period === period);
      expect(i, `${type} ${period}`).toBeGreaterThanOrEqual(0);
      return { state: states[i], atMs: Date.parse(events[i].occurred_at) };
    };

    // Final state.
    const final = c.et ?? c.ft;
    expect(s.status).toBe('finished');
    expect(s.period).toBe('full_time');
    expect(pair(s.score)).toEqual(final);
    expect(pair(s.halftime_score)).toEqual(c.ht);
    expect(pair(s.penalties)).toEqual(c.pens);
    expect([s.cards.home.yellow, s.cards.home.red]).toEqual(c.cards.home);
    expect([s.cards.away.yellow, s.cards.away.red]).toEqual(c.cards.away);
    expect(pair(s.corners)).toEqual(c.corners);
    expect(s.result).toBeNull(); // the goals alone reproduce the score: no `result` event was needed
    expect(s.clock?.running).toBe(false);
    expect(s.events_applied).toBe(events.length);
    expect(s).toEqual(replayEvents(events));
    // At full time the stopped clock reads 90+x, or 120+x after extra time.
    expect(matchMinute(s, Date.parse(events.at(-1)!.occurred_at) + 3_600_000).minute).toBe(c.et ? 120 : 90);

    // Half time: a break, the half-time score recorded, the clock stopped at minute 45(+x).
    const ht = after('period_end', '1st_half');
    expect([ht.state.status, ht.state.period]).toEqual(['break', 'half_time']);
    expect(pair(ht.state.score)).toEqual(c.ht);
    expect(pair(ht.state.halftime_score)).toEqual(c.ht);
    expect(ht.state.clock?.running).toBe(false);
    expect(matchMinute(ht.state, ht.atMs + 10 * 60_000).minute).toBe(45);
    const second = after('period_start', '2nd_half');
    expect([second.state.status, second.state.period]).toEqual(['in_play', '2nd_half']);
    expect(matchMinute(second.state, second.atMs)).toEqual({ minute: 46, stoppage: null });

    if (c.et) {
      const ninety = after('period_end', '2nd_half');
      expect([ninety.state.status, ninety.state.period]).toEqual(['break', 'before_extra_time']);
      expect(pair(ninety.state.score)).toEqual(c.ft);
      const et1 = after('period_start', 'extra_time_1st');
      expect([et1.state.status, et1.state.period]).toEqual(['in_play', 'extra_time_1st']);
      expect(matchMinute(et1.state, et1.atMs)).toEqual({ minute: 91, stoppage: null });
      expect(after('period_end', 'extra_time_1st').state.period).toBe('extra_time_half_time');
      const et2 = after('period_start', 'extra_time_2nd');
      expect([et2.state.status, et2.state.period]).toEqual(['in_play', 'extra_time_2nd']);
      expect(matchMinute(et2.state, et2.atMs)).toEqual({ minute: 106, stoppage: null });
    } else {
      expect(after('full_time', '2nd_half').state.score).toEqual(s.score);
      expect(events.some((e) => e.period === 'extra_time_1st')).toBe(false);
    }
    if (c.pens) {
      const afterEt = after('period_end', 'extra_time_2nd');
      expect([afterEt.state.status, afterEt.state.period]).toEqual(['break', 'before_penalties']);
      expect(pair(afterEt.state.score)).toEqual(c.et);
      const so = after('period_start', 'penalties');
      expect([so.state.status, so.state.period, so.state.penalties]).toEqual(['in_play', 'penalties', null]);
      const kicks = after('shootout', 'penalties');
      expect([kicks.state.period, pair(kicks.state.penalties), pair(kicks.state.score)]).toEqual([
        'penalties',
        c.pens,
        c.et,
      ]);
    } else {
      expect(events.some((e) => e.period === 'penalties')).toBe(false);
    }

    // Every goal: the running clock reads the goal's recorded minute when it happens.
    for (const [i, e] of events.entries()) {
      if (e.type !== 'goal') continue;
      expect(matchMinute(states[i], Date.parse(e.occurred_at)), `${e.player} ${e.minute}+${e.stoppage}`).toEqual({
        minute: e.minute,
        stoppage: e.stoppage,
      });
      expect(states[i].last_event).toMatchObject({
        event_id: e.event_id,
        type: 'goal',
        side: e.side,
        player: e.player,
      });
    }
    for (const spot of c.spots ?? []) {
      const i = events.findIndex(spot.when);
      expect(i).toBeGreaterThanOrEqual(0);
      const st = states[i];
      if (spot.score) expect(pair(st.score)).toEqual(spot.score);
      if (spot.period) expect(st.period).toBe(spot.period);
      if (spot.reds) expect([st.cards.home.red, st.cards.away.red]).toEqual(spot.reds);
      if (spot.minute)
        expect(matchMinute(st, Date.parse(events[i].occurred_at))).toEqual({
          minute: spot.minute[0],
          stoppage: spot.minute[1],
        });
    }
  });
});

// ---- hand-made events -------------------------------------------------------------------------

const T0 = '2024-07-14T19:00:00.000Z';
let n = 0;
function ev(type: SourceEvent['type'], fields: Partial<AppliedEvent> & { secs?: number } = {}): AppliedEvent {
  const { secs = 0, ...rest } = fields;
  return {
    event_id: `e${++n}`,
    type,
    side: null,
    player: null,
    minute: null,
    stoppage: null,
    period: null,
    clock_seconds: null,
    detail: {},
    occurred_at: at(T0, secs),
    ...rest,
  };
}
const ms = (secs: number) => Date.parse(T0) + secs * 1000;
const kickoff = (detail: Record<string, unknown> = {}) =>
  applyEvent(initialState(), ev('period_start', { period: '1st_half', detail }));
const status = (st: FootballState, value: string, secs: number) =>
  applyEvent(st, ev('status', { detail: { status: value }, secs }));

describe('status machine', () => {
  it('kick-off puts a scheduled match in play with a running clock', () => {
    expect(initialState()).toMatchObject({
      status: 'scheduled',
      period: 'not_started',
      clock: null,
      score: { home: 0, away: 0 },
    });
    const s = kickoff();
    expect(s).toMatchObject({
      status: 'in_play',
      period: '1st_half',
      clock: { running: true, clock_seconds: 0, as_of: T0, rate: 1 },
    });
  });

  it('postponed, then scheduled again', () => {
    const p = status(initialState(), 'postponed', 0);
    expect([p.status, p.period]).toEqual(['postponed', 'not_started']);
    expect(status(p, 'scheduled', 60).status).toBe('scheduled');
  });

  it('suspended in play → resumed restores in_play and restarts the clock where it stopped', () => {
    const sus = status(kickoff(), 'suspended', 600);
    expect([sus.status, sus.suspended_from, sus.clock?.running, sus.clock?.clock_seconds]).toEqual([
      'suspended',
      'in_play',
      false,
      600,
    ]);
    expect(matchMinute(sus, ms(5000))).toEqual({ minute: 10, stoppage: null }); // frozen at 10:00 while suspended
    const res = status(sus, 'resumed', 2000);
    expect([res.status, res.suspended_from, res.period]).toEqual(['in_play', null, '1st_half']);
    expect(res.clock).toEqual({ running: true, clock_seconds: 600, as_of: at(T0, 2000), rate: 1 });
    expect(matchMinute(res, ms(2060))).toEqual({ minute: 12, stoppage: null });
  });

  it('suspended at half time → resumed restores break and keeps the clock stopped', () => {
    const ht = applyEvent(kickoff(), ev('period_end', { period: '1st_half', clock_seconds: 2700, secs: 2760 }));
    const res = status(status(ht, 'suspended', 3000), 'resumed', 3300);
    expect([res.status, res.period, res.clock?.running]).toEqual(['break', 'half_time', false]);
  });

  it('a repeated suspension still resumes to the status before the first one', () => {
    const twice = status(status(kickoff(), 'suspended', 600), 'suspended', 900);
    expect(status(twice, 'resumed', 1200).status).toBe('in_play');
  });

  it('abandoned stops the clock; an unknown status is a RuleError', () => {
    const ab = status(kickoff(), 'abandoned', 1200);
    expect([ab.status, ab.clock?.running, ab.clock?.clock_seconds]).toEqual(['abandoned', false, 1200]);
    expect(() => status(kickoff(), 'cancelled', 10)).toThrow(RuleError);
  });
});

describe('matchMinute', () => {
  it('reads 0 before kick-off and 90 for a finished match without a clock', () => {
    expect(matchMinute(initialState(), ms(0))).toEqual({ minute: 0, stoppage: null });
    expect(matchMinute({ ...initialState(), status: 'finished', period: 'full_time' }, ms(0))).toEqual({
      minute: 90,
      stoppage: null,
    });
  });

  it('a running clock with rate 60 advances one match minute per real second', () => {
    const s = kickoff({ clock_rate: 60 });
    expect(s.clock?.rate).toBe(60);
    expect(matchMinute(s, ms(0))).toEqual({ minute: 1, stoppage: null });
    expect(matchMinute(s, ms(1))).toEqual({ minute: 2, stoppage: null });
    expect(matchMinute(s, ms(30))).toEqual({ minute: 31, stoppage: null });
    expect(matchMinute(s, ms(44.99))).toEqual({ minute: 45, stoppage: null });
    expect(matchMinute(s, ms(46))).toEqual({ minute: 45, stoppage: 2 });
    expect(matchMinute(s, ms(-10))).toEqual({ minute: 1, stoppage: null }); // never before the reading
  });

  it('stoppage: clock at 45*60+100 s in the 1st half reads 45+2', () => {
    expect(matchMinute(kickoff(), ms(45 * 60 + 100))).toEqual({ minute: 45, stoppage: 2 });
    const corrected = applyEvent(
      kickoff(),
      ev('clock', { detail: { clock_seconds: 45 * 60 + 100, running: true }, secs: 50 }),
    );
    expect(matchMinute(corrected, ms(50))).toEqual({ minute: 45, stoppage: 2 });
  });

  it('half time reads 45, the 2nd half starts at 46, extra time at 91 and 106', () => {
    const ht = applyEvent(kickoff(), ev('period_end', { period: '1st_half', clock_seconds: 2700, secs: 2760 }));
    expect(matchMinute(ht, ms(3000))).toEqual({ minute: 45, stoppage: null });
    const h2 = applyEvent(ht, ev('period_start', { period: '2nd_half', secs: 3600 }));
    expect(h2.clock).toEqual({ running: true, clock_seconds: 2700, as_of: at(T0, 3600), rate: 1 });
    expect(matchMinute(h2, ms(3600))).toEqual({ minute: 46, stoppage: null });
    expect(matchMinute(h2, ms(3659))).toEqual({ minute: 46, stoppage: null });
    expect(matchMinute(h2, ms(3660))).toEqual({ minute: 47, stoppage: null });
    const et1 = applyEvent(h2, ev('period_start', { period: 'extra_time_1st', secs: 7000 }));
    expect(matchMinute(et1, ms(7000))).toEqual({ minute: 91, stoppage: null });
    expect(matchMinute(et1, ms(7000 + 15 * 60 + 30))).toEqual({ minute: 105, stoppage: 1 });
    const et2 = applyEvent(et1, ev('period_start', { period: 'extra_time_2nd', secs: 8000 }));
    expect(matchMinute(et2, ms(8000))).toEqual({ minute: 106, stoppage: null });
  });

  it('a stopped clock reads the minute it stopped in; on a whole minute, that completed minute', () => {
    const end = (clock: number) => applyEvent(kickoff(), ev('full_time', { clock_seconds: clock, secs: 6000 }));
    expect(matchMinute(end(90 * 60), ms(9999))).toEqual({ minute: 90, stoppage: null });
    expect(matchMinute(end(93 * 60 + 5), ms(9999))).toEqual({ minute: 90, stoppage: 4 });
    expect(matchMinute(end(94 * 60), ms(9999))).toEqual({ minute: 90, stoppage: 4 });
    const ht = applyEvent(kickoff(), ev('period_end', { period: '1st_half', clock_seconds: 47 * 60, secs: 2900 }));
    expect(matchMinute(ht, ms(3000))).toEqual({ minute: 45, stoppage: 2 });
  });
});

describe('rule errors, results and purity', () => {
  it('rejects an unknown event type and team events without a side', () => {
    const s = kickoff();
    expect(() => applyEvent(s, ev('var_check' as SourceEvent['type']))).toThrow(RuleError);
    expect(() => applyEvent(s, ev('goal', { player: 'X' }))).toThrow(/needs side/);
    expect(() => applyEvent(s, ev('card', { side: 'left' as 'home', detail: { card: 'red' } }))).toThrow(RuleError);
    expect(() => applyEvent(s, ev('corner'))).toThrow(RuleError);
    expect(() => applyEvent(s, ev('result', { detail: { ht: null } }))).toThrow(RuleError);
    expect(() => applyEvent(s, ev('clock', { detail: { clock_seconds: -1 } }))).toThrow(RuleError);
  });

  it('a result event overrides the score (after extra time and penalties when given)', () => {
    let s = applyEvent(kickoff(), ev('goal', { side: 'home', secs: 600 }));
    s = applyEvent(s, ev('result', { detail: { ht: [1, 0], ft: [2, 1], et: null, p: null }, secs: 6000 }));
    expect([s.status, s.period, pair(s.score), pair(s.halftime_score), s.penalties]).toEqual([
      'finished',
      'full_time',
      [2, 1],
      [1, 0],
      null,
    ]);
    expect(s.result).toEqual({ ht: [1, 0], ft: [2, 1], et: null, p: null });
    expect(s.clock).toMatchObject({ running: false, clock_seconds: 90 * 60 });
    const aet = applyEvent(initialState(), ev('result', { detail: { ht: [2, 0], ft: [2, 2], et: [3, 3], p: [4, 2] } }));
    expect([pair(aet.score), pair(aet.halftime_score), pair(aet.penalties), aet.clock?.clock_seconds]).toEqual([
      [3, 3],
      [2, 0],
      [4, 2],
      120 * 60,
    ]);
    expect(matchMinute(aet, ms(0))).toEqual({ minute: 120, stoppage: null });
  });

  it('does not mutate its inputs', () => {
    const prev = applyEvent(kickoff(), ev('card', { side: 'away', detail: { card: 'yellow' }, secs: 300 }));
    const goal = ev('goal', {
      side: 'away',
      player: 'Palmer',
      minute: 73,
      period: '2nd_half',
      detail: { penalty: true },
      secs: 5300,
    });
    const [prevCopy, goalCopy] = [structuredClone(prev), structuredClone(goal)];
    const next = applyEvent(prev, goal);
    expect(prev).toEqual(prevCopy);
    expect(goal).toEqual(goalCopy);
    expect(next).not.toBe(prev);
    expect([next.score.away, prev.score.away, next.events_applied, prev.events_applied]).toEqual([1, 0, 3, 2]);
    const frozen = Object.freeze(structuredClone(prev));
    expect(() => applyEvent(frozen, goal)).not.toThrow();
    const list = [ev('period_start', { period: '1st_half' }), goal];
    const listCopy = structuredClone(list);
    expect(replayEvents(list).score).toEqual({ home: 0, away: 1 });
    expect(list).toEqual(listCopy);
  });
});
