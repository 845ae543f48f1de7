import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalTeamName } from '@/lib/catalogue/teams';
import { replayEvents, type AppliedEvent } from '@/lib/football/rules';
import { parseRetryAfter } from '@/lib/http/retry-after';
import {
  FdoMatchListSchema,
  FdoMatchSchema,
  fdoNeedsDetail,
  fdoResult,
  fdoSeasonLabel,
  mapFdoMatch,
  readFdoState,
  type FdoMatch,
  type MatchTrack,
} from './football-data-org-mapping';
import { startUpstream, type LocalUpstream } from '@/test/helpers/upstream-server';
import { FootballDataOrgAdapter } from './football-data-org';
import { upstreamClientFor } from './kit/http-client';
import { AdapterHttpError, type AdapterEvent } from './types';

const DIR = fileURLToPath(new URL('../../test/fixtures/football-data-org/', import.meta.url));
const DATA = fileURLToPath(new URL('../../datasets/football/', import.meta.url));
const raw = (f: string): unknown => JSON.parse(fs.readFileSync(DIR + f, 'utf8'));
const list = (f: string): FdoMatch[] => FdoMatchListSchema.parse(raw(f)).matches.map((m) => FdoMatchSchema.parse(m));
const single = (f: string): FdoMatch => FdoMatchSchema.parse(raw(f));
const at = (iso: string) => new Date(iso);

const POLLS = ['2023-08-11T1921Z', '2023-08-11T2026Z', '2023-08-11T2057Z'] as const;
const POLL_TIME: Record<string, string> = {
  '2023-08-11T1921Z': '2023-08-11T19:21:30Z',
  '2023-08-11T2026Z': '2023-08-11T20:26:30Z',
  '2023-08-11T2057Z': '2023-08-11T20:57:30Z',
};

/** Applies mapped events with the football rules (as the engine does). */
function play(events: AdapterEvent[]) {
  return replayEvents(events.map((e) => ({ ...e.event, occurred_at: e.occurred_at! }) as AppliedEvent));
}
const ids = (events: AdapterEvent[]) => events.map((e) => e.event.event_id);

describe('recorded responses', () => {
  it('every file is a valid v4 list or Match resource', () => {
    for (const f of fs.readdirSync(DIR).filter((n) => n.endsWith('.json') && !n.startsWith('error'))) {
      const body = raw(f) as { matches?: unknown[] };
      if (Array.isArray(body.matches)) expect(list(f).length, f).toBe(10);
      else expect(single(f).id, f).toBeGreaterThan(0);
    }
  });

  it('scores agree with the bundled datasets (openfootball)', () => {
    const of = JSON.parse(fs.readFileSync(DATA + 'openfootball-football.json/2023-24/en.1.json', 'utf8')) as {
      matches: { date: string; team1: string; team2: string; score: { ht: number[]; ft: number[] } }[];
    };
    const find = (m: FdoMatch) =>
      of.matches.find(
        (o) =>
          canonicalTeamName(o.team1) === canonicalTeamName(m.homeTeam.name!) &&
          canonicalTeamName(o.team2) === canonicalTeamName(m.awayTeam.name!),
      );
    let checked = 0;
    for (const m of list('pl-matches-2023-08-12T1450Z.json')) {
      const o = find(m);
      expect(o, m.homeTeam.name!).toBeDefined();
      expect(o!.date).toBe(new Date(Date.parse(m.utcDate) + 3600e3).toISOString().slice(0, 10)); // BST
      if (m.status === 'FINISHED') {
        expect([m.score.fullTime.home, m.score.fullTime.away]).toEqual(o!.score.ft);
        expect([m.score.halfTime!.home, m.score.halfTime!.away]).toEqual(o!.score.ht);
        checked++;
      }
      if (m.status === 'PAUSED') {
        expect([m.score.fullTime.home, m.score.fullTime.away]).toEqual(o!.score.ht);
        checked++;
      }
    }
    expect(checked).toBe(4);
    const final = single('match-391881-wc-2022-final.json');
    const wc = JSON.parse(fs.readFileSync(DATA + 'openfootball-worldcup.json/2022/worldcup.json', 'utf8')) as {
      matches: {
        round: string;
        score: { ht: number[]; ft: number[]; et: number[]; p: number[] };
        goals1: { minute: number }[];
        goals2: { minute: number }[];
      }[];
    };
    const f = wc.matches.find((m) => m.round === 'Final')!;
    const r = fdoResult(final.score)!;
    expect([r.ht, r.ft, r.et, r.p]).toEqual([f.score.ht, f.score.ft, f.score.et, f.score.p]);
    const minutes = (final.goals as { minute: number; team: { id: number } }[])
      .map((g) => `${g.team.id}:${g.minute}`)
      .sort();
    expect(minutes).toEqual(
      [...f.goals1.map((g) => `762:${g.minute}`), ...f.goals2.map((g) => `773:${g.minute}`)].sort(),
    );
  });
});

describe('mapping a match list', () => {
  const matches = list('pl-matches-2023-08-12T1450Z.json');
  const now = at('2023-08-12T14:50:30Z');
  const mapped = matches.map((m) => mapFdoMatch(m, { slug: 'premier-league', now })!);

  it('maps matches to fixtures of the catalogue competition', () => {
    expect(mapped).toHaveLength(10);
    expect(mapped[0].fixture).toEqual({
      source_key: 'football-data.org/v4/matches/435943',
      competition: 'premier-league',
      season: '2023-24',
      round: 'Matchday 1',
      group: null,
      venue: null,
      kickoff: '2023-08-11T19:00:00.000Z',
      home_team: 'Burnley FC',
      away_team: 'Manchester City FC',
    });
    expect(mapped.map((x) => canonicalTeamName(x.fixture.home_team))).toContain('Brighton & Hove Albion');
    expect(mapped.flatMap((x) => x.skipped)).toEqual([]);
  });

  it('finished matches first seen finished get their result only; live ones their periods and goals', () => {
    const byId = new Map(mapped.map((x, i) => [matches[i].id, x]));
    expect(ids(byId.get(435943)!.events)).toEqual(['fdo:435943:result']);
    expect(byId.get(435943)!.events[0].event.detail).toEqual({ ht: [0, 2], ft: [0, 3], et: null, p: null });
    expect(byId.get(435943)!.track.done).toBe(true);
    // Brighton 1-0 Luton at half-time (PAUSED): 1st half, the goal known from the score, the break.
    expect(ids(byId.get(435946)!.events)).toEqual([
      'fdo:435946:period_start:1st_half',
      'fdo:435946:goal:home:1',
      'fdo:435946:period_end:1st_half',
    ]);
    const brighton = play(byId.get(435946)!.events);
    expect(brighton).toMatchObject({
      status: 'break',
      period: 'half_time',
      score: { home: 1, away: 0 },
      halftime_score: { home: 1, away: 0 },
    });
    // Everton v Fulham, IN_PLAY 50 minutes after kickoff: still the 1st half (no minute upstream).
    expect(ids(byId.get(435947)!.events)).toEqual(['fdo:435947:period_start:1st_half']);
    expect(play(byId.get(435947)!.events)).toMatchObject({ status: 'in_play', period: '1st_half' });
    // Timed matches: nothing yet.
    expect(byId.get(435952)!.events).toEqual([]);
    const arsenal = play(byId.get(435944)!.events);
    expect(arsenal).toMatchObject({
      status: 'finished',
      score: { home: 2, away: 1 },
      halftime_score: { home: 2, away: 0 },
    });
  });

  it('occurred_at estimates stay between kickoff and the poll', () => {
    for (const x of mapped)
      for (const e of x.events) {
        expect(Date.parse(e.occurred_at!)).toBeLessThanOrEqual(now.getTime());
        expect(Date.parse(e.occurred_at!)).toBeGreaterThanOrEqual(Date.parse(x.fixture.kickoff));
      }
    const brighton = mapped.find((x) => x.fixture.source_key.endsWith('435946'))!;
    expect(brighton.events[0].occurred_at).toBe('2023-08-12T14:00:00.000Z');
  });
});

describe('mapping one match across polls', () => {
  function run(files: string[], start?: MatchTrack) {
    let track = start;
    const all: AdapterEvent[][] = [];
    for (const f of files) {
      const stamp = /(\d{4}-\d{2}-\d{2}T\d{4}Z)/.exec(f)![1];
      const r = mapFdoMatch(single(f), { slug: 'premier-league', now: at(POLL_TIME[stamp]), prev: track })!;
      expect(r.skipped).toEqual([]);
      all.push(r.events);
      track = r.track;
    }
    return { all, track: track! };
  }
  const files = POLLS.map((p) => `match-435943-${p}.json`);

  it('emits each poll’s new events in an order the rules accept', () => {
    const { all, track } = run(files);
    expect(all.map(ids)).toEqual([
      ['fdo:435943:period_start:1st_half', 'fdo:435943:goal:away:1'],
      [
        'fdo:435943:sub:23+0:3222:7825',
        'fdo:435943:goal:away:2',
        'fdo:435943:card:44+0:146792:RED',
        'fdo:435943:period_end:1st_half',
        'fdo:435943:period_start:2nd_half',
      ],
      ['fdo:435943:goal:away:3', 'fdo:435943:period_end:2nd_half', 'fdo:435943:full_time', 'fdo:435943:result'],
    ]);
    const goal = all[0][1];
    expect(goal.event).toMatchObject({
      type: 'goal',
      side: 'away',
      player: 'Erling Haaland',
      minute: 4,
      stoppage: null,
      period: '1st_half',
      clock_seconds: 180,
    });
    expect(goal.occurred_at).toBe('2023-08-11T19:05:00.000Z');
    expect(all[1][0].event).toMatchObject({
      type: 'substitution',
      side: 'away',
      player: 'Kevin De Bruyne',
      detail: { replacement: 'Mateo Kovačić' },
    });
    expect(all[1][2].event).toMatchObject({
      type: 'card',
      side: 'home',
      player: 'Anass Zaroury',
      minute: 44,
      detail: { card: 'red' },
    });
    // The 2nd half started 22 minutes before the 67th minute was read.
    expect(all[1][4].occurred_at).toBe('2023-08-11T20:04:30.000Z');
    const state = play(all.flat());
    expect(state).toMatchObject({
      status: 'finished',
      period: 'full_time',
      score: { home: 0, away: 3 },
      halftime_score: { home: 0, away: 2 },
      cards: { home: { yellow: 0, red: 1 }, away: { yellow: 0, red: 0 } },
      result: { ht: [0, 2], ft: [0, 3], et: null, p: null },
    });
    expect(track).toMatchObject({ phase: 4, goals: { home: 0, away: 3 }, done: true, status: 'FINISHED' });
    expect(fdoNeedsDetail(single(files[2]), track)).toBe(false);
  });

  it('is idempotent: the same data again yields nothing; without state the same ids come back', () => {
    const { all, track } = run(files);
    expect(run([files[2]], track).all).toEqual([[]]);
    const again = run([files[1]], run(files.slice(0, 2)).track);
    expect(again.all[0]).toEqual([]);
    const fresh = run([files[2]]).all[0];
    expect(new Set(ids(fresh))).toEqual(new Set(ids(all.flat())));
  });

  it('goals known first from the score are not counted again when their details arrive', () => {
    const first = run([files[0]]);
    // Poll 2 from the list only (no goals array): the 2nd goal comes from the score.
    const listItem = list('pl-matches-2023-08-11T2026Z.json')[0];
    const r2 = mapFdoMatch(
      { ...listItem, minute: 67 },
      { slug: 'premier-league', now: at('2023-08-11T20:26:30Z'), prev: first.track },
    )!;
    expect(ids(r2.events)).toEqual([
      'fdo:435943:goal:away:2',
      'fdo:435943:period_end:1st_half',
      'fdo:435943:period_start:2nd_half',
    ]);
    expect(r2.events[0].event).toMatchObject({ period: '1st_half', player: null, minute: null });
    const r3 = mapFdoMatch(single(files[2]), {
      slug: 'premier-league',
      now: at('2023-08-11T20:57:30Z'),
      prev: r2.track,
    })!;
    expect(ids(r3.events)).toEqual([
      'fdo:435943:sub:23+0:3222:7825',
      'fdo:435943:card:44+0:146792:RED',
      'fdo:435943:goal:away:3',
      'fdo:435943:period_end:2nd_half',
      'fdo:435943:full_time',
      'fdo:435943:result',
    ]);
    expect(play([...first.all[0], ...r2.events, ...r3.events]).score).toEqual({ home: 0, away: 3 });
  });

  it('a match seen only at the end still gets a complete timeline when details are available', () => {
    const { all } = run([files[2]]);
    expect(all[0].map((e) => e.event.type)).toEqual([
      'period_start',
      'goal',
      'substitution',
      'goal',
      'card',
      'period_end',
      'period_start',
      'goal',
      'period_end',
      'full_time',
      'result',
    ]);
  });
});

describe('extra time, shoot-outs and other statuses', () => {
  it('maps the World Cup 2022 final (extra time, penalties) to a timeline the rules accept', () => {
    const m = single('match-391881-wc-2022-final.json');
    expect(fdoSeasonLabel('world-cup', m)).toBe('2022');
    const r = mapFdoMatch(m, { slug: 'world-cup', now: at('2022-12-19T00:30:00Z') })!;
    expect(r.fixture).toMatchObject({
      competition: 'world-cup',
      season: '2022',
      round: 'Final',
      venue: 'Lusail Iconic Stadium',
      home_team: 'Argentina',
    });
    expect(
      r.events.map(
        (e) =>
          `${e.event.type}${e.event.period ? `/${e.event.period}` : ''}${e.event.minute ? `@${e.event.minute}` : ''}`,
      ),
    ).toEqual([
      'period_start/1st_half',
      'goal/1st_half@23',
      'goal/1st_half@36',
      'period_end/1st_half',
      'period_start/2nd_half',
      'goal/2nd_half@80',
      'goal/2nd_half@81',
      'period_end/2nd_half',
      'period_start/extra_time_1st',
      'period_end/extra_time_1st',
      'period_start/extra_time_2nd',
      'goal/extra_time_2nd@108',
      'goal/extra_time_2nd@118',
      'period_end/extra_time_2nd',
      'period_start/penalties',
      'shootout/penalties',
      'period_end/penalties',
      'full_time/full_time',
      'result/full_time',
    ]);
    const ets = r.events
      .filter((e) => e.event.period === 'extra_time_2nd' && e.event.type === 'goal')
      .map((e) => e.event.stoppage);
    expect(ets).toEqual([null, null]); // 108' and 118' are regulation minutes of extra time's 2nd half
    expect(r.events[1].event.detail).toEqual({ penalty: true });
    const state = play(r.events);
    expect(state).toMatchObject({
      status: 'finished',
      score: { home: 3, away: 3 },
      penalties: { home: 4, away: 2 },
      halftime_score: { home: 2, away: 0 },
    });
  });

  it('derives results for extra time and shoot-outs from the v4 score parts', () => {
    expect(
      fdoResult({
        duration: 'EXTRA_TIME',
        fullTime: { home: 2, away: 1 },
        halfTime: { home: 0, away: 0 },
        regularTime: { home: 1, away: 1 },
        extraTime: { home: 1, away: 0 },
      }),
    ).toEqual({
      ht: [0, 0],
      ft: [1, 1],
      et: [2, 1],
      p: null,
    });
    expect(
      fdoResult({
        duration: 'PENALTY_SHOOTOUT',
        fullTime: { home: 5, away: 4 },
        halfTime: null,
        penalties: { home: 4, away: 3 },
      }),
    ).toEqual({
      ht: null,
      ft: [1, 1],
      et: [1, 1],
      p: [4, 3],
    });
    expect(fdoResult({ fullTime: { home: null, away: null } })).toBeNull();
  });

  const base = () => ({ ...list('pl-matches-2023-08-11T1921Z.json')[9] }); // Man Utd v Wolves, TIMED
  const now = at('2023-08-14T12:00:00Z');

  it('SCHEDULED/TIMED: nothing; POSTPONED → status postponed; rescheduled → status scheduled', () => {
    const scheduled = mapFdoMatch({ ...base(), status: 'SCHEDULED' }, { slug: 'premier-league', now })!;
    expect(scheduled.events).toEqual([]);
    const postponed = mapFdoMatch(
      { ...base(), status: 'POSTPONED' },
      { slug: 'premier-league', now, prev: scheduled.track },
    )!;
    expect(postponed.events.map((e) => [e.event.event_id, e.event.detail])).toEqual([
      ['fdo:435952:status:postponed:2023-08-14T19:00:00.000Z', { status: 'postponed' }],
    ]);
    expect(
      mapFdoMatch({ ...base(), status: 'POSTPONED' }, { slug: 'premier-league', now, prev: postponed.track })!.events,
    ).toEqual([]);
    const again = mapFdoMatch(
      { ...base(), status: 'TIMED', utcDate: '2023-09-20T18:45:00Z' },
      { slug: 'premier-league', now, prev: postponed.track },
    )!;
    expect(ids(again.events)).toEqual(['fdo:435952:status:scheduled:2023-09-20T18:45:00.000Z']);
    expect(play([...postponed.events, ...again.events]).status).toBe('scheduled');
    const cancelled = mapFdoMatch({ ...base(), status: 'CANCELLED' }, { slug: 'premier-league', now })!;
    expect(play(cancelled.events).status).toBe('abandoned');
  });

  it('SUSPENDED → suspended, then resumed; AWARDED → result only', () => {
    const live = {
      ...base(),
      status: 'IN_PLAY' as const,
      minute: 30,
      score: { ...base().score, fullTime: { home: 0, away: 0 } },
    };
    const t = at('2023-08-14T19:31:00Z');
    const a = mapFdoMatch(live, { slug: 'premier-league', now: t })!;
    const b = mapFdoMatch({ ...live, status: 'SUSPENDED' }, { slug: 'premier-league', now: t, prev: a.track })!;
    const c = mapFdoMatch({ ...live, minute: 31 }, { slug: 'premier-league', now: t, prev: b.track })!;
    expect([...ids(a.events), ...ids(b.events), ...ids(c.events)]).toEqual([
      'fdo:435952:period_start:1st_half',
      'fdo:435952:status:suspended:1',
      'fdo:435952:status:resumed:1',
    ]);
    expect(play([...a.events, ...b.events]).status).toBe('suspended');
    expect(play([...a.events, ...b.events, ...c.events]).status).toBe('in_play');
    const awarded = mapFdoMatch(
      { ...live, status: 'AWARDED', score: { ...live.score, fullTime: { home: 3, away: 0 } } },
      { slug: 'premier-league', now: t, prev: c.track },
    )!;
    expect(ids(awarded.events)).toEqual(['fdo:435952:result']);
  });

  it('an own goal is credited from the running score; malformed incidents are skipped and reported', () => {
    const m = single('match-435943-2023-08-11T1921Z.json');
    const r = mapFdoMatch(
      {
        ...m,
        score: { ...m.score, fullTime: { home: 1, away: 1 } },
        goals: [
          ...(m.goals ?? []),
          {
            minute: 15,
            injuryTime: null,
            type: 'OWN',
            team: { id: 65, name: 'Manchester City FC' },
            scorer: { id: 1, name: 'Rúben Dias' },
            score: { home: 1, away: 1 },
          },
          { minute: 'x', type: 'REGULAR', team: { id: 65 } },
        ],
        bookings: [
          { minute: 12, team: { id: 999, name: 'Someone Else' }, player: { name: 'Nobody' }, card: 'YELLOW' },
          { minute: 13, team: { id: 328 }, player: { name: 'A' }, card: 'BLUE' },
        ],
      },
      { slug: 'premier-league', now: at('2023-08-11T19:21:30Z') },
    )!;
    const own = r.events.find((e) => e.event.detail.own_goal)!;
    expect(own.event).toMatchObject({ event_id: 'fdo:435943:goal:home:1', side: 'home', player: 'Rúben Dias' });
    expect(r.skipped.map((s) => s.item)).toEqual([
      'match 435943 goals[2]',
      'match 435943 bookings[1]',
      'match 435943 bookings[0]',
    ]);
    expect(play(r.events).score).toEqual({ home: 1, away: 1 });
  });

  it('reads unreadable state as empty', () => {
    expect(readFdoState(undefined)).toEqual({ v: 1, matches: {} });
    expect(readFdoState({ v: 1, matches: { 1: { nonsense: true } } })).toEqual({ v: 1, matches: {} });
  });
});

describe('FootballDataOrgAdapter.poll against a local upstream', () => {
  type Route = (url: URL) => { status?: number; headers?: Record<string, string>; body: unknown };
  let up: LocalUpstream;
  beforeAll(async () => {
    up = await startUpstream();
  });
  afterAll(async () => {
    await up?.close();
  });
  /** One poll of `adapter` through the kit's client against the local upstream answering `route`. */
  const pollWith = async (adapter: FootballDataOrgAdapter, route: Route, now: Date) => {
    up.requests.length = 0;
    up.route = (_path, url) => route(url);
    const http = upstreamClientFor(adapter);
    try {
      return await adapter.poll({ now, http, fetch, state: {} });
    } finally {
      await http.close();
    }
  };
  const paths = () => up.requests.map((r) => r.path);

  it('lists each competition for the date window with the token, and fetches live matches', async () => {
    const adapter = new FootballDataOrgAdapter({
      token: 'secret',
      competitions: ['pl'],
      baseUrl: `${up.url}/`,
      daysBack: 1,
      daysAhead: 3,
    });
    const batch = await pollWith(
      adapter,
      (url) =>
        url.pathname === '/v4/matches/435943'
          ? { body: raw('match-435943-2023-08-11T1921Z.json') }
          : { body: raw('pl-matches-2023-08-11T1921Z.json') },
      at('2023-08-11T19:21:30Z'),
    );
    expect(paths()).toEqual([
      '/v4/competitions/PL/matches?dateFrom=2023-08-10&dateTo=2023-08-14',
      '/v4/matches/435943',
    ]);
    expect(up.requests.every((r) => r.headers['x-auth-token'] === 'secret')).toBe(true);
    expect(batch.fixtures).toHaveLength(10);
    expect(ids(batch.events)).toEqual(['fdo:435943:period_start:1st_half', 'fdo:435943:goal:away:1']);
    expect(Object.keys((batch.state as { matches: object }).matches)).toHaveLength(10);
  });

  it('throws AdapterHttpError with the wait on 429 (Retry-After, else X-RequestCounter-Reset)', async () => {
    const now = at('2023-08-11T19:21:30Z');
    const adapter = () => new FootballDataOrgAdapter({ token: 't', competitions: ['PL'], baseUrl: up.url });
    await expect(
      pollWith(adapter(), () => ({ status: 429, headers: { 'retry-after': '32' }, body: raw('error-429.json') }), now),
    ).rejects.toMatchObject({ status: 429, retryAfterMs: 32_000 });
    const err = await pollWith(
      adapter(),
      () => ({ status: 429, headers: { 'x-requestcounter-reset': '7' }, body: raw('error-429.json') }),
      now,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdapterHttpError);
    expect(err).toMatchObject({ retryAfterMs: 7_000, kind: 'http' });
    await expect(pollWith(adapter(), () => ({ status: 503, body: 'down' }), now)).rejects.toMatchObject({
      status: 503,
    });
  });

  it('skips (and reports) malformed bodies and items, and competitions outside the plan', async () => {
    const good = raw('pl-matches-2023-08-12T1450Z.json') as { matches: unknown[] };
    const adapter = new FootballDataOrgAdapter({
      token: 't',
      competitions: ['BL1', 'EC', 'PL'],
      details: false,
      baseUrl: up.url,
    });
    const batch = await pollWith(
      adapter,
      (url) => {
        if (url.pathname.includes('/BL1/'))
          return { status: 403, body: { message: 'The resource you are looking for is restricted.', errorCode: 403 } };
        if (url.pathname.includes('/EC/')) return { body: '<html>gateway</html>' };
        return {
          body: {
            ...good,
            matches: [{ id: 1 }, { ...(good.matches[1] as object), status: 'LIVE_NOW' }, ...good.matches.slice(2)],
          },
        };
      },
      at('2023-08-12T14:50:30Z'),
    );
    expect(batch.fixtures).toHaveLength(8);
    expect(batch.skipped!.map((s) => s.item)).toEqual([
      '/v4/competitions/BL1/matches?dateFrom=2023-08-11&dateTo=2023-08-19',
      '/v4/competitions/EC/matches?dateFrom=2023-08-11&dateTo=2023-08-19',
      'PL matches[0] (match 1)',
      'PL matches[1] (match 435944)',
    ]);
    expect(batch.skipped![0].reason).toContain('restricted');
    expect(batch.skipped![1].reason).toContain('not JSON');
  });

  it('refuses unknown competitions and a missing token', () => {
    expect(() => new FootballDataOrgAdapter({ token: 't', competitions: ['CL'] })).toThrow(/not supported/);
    expect(() => new FootballDataOrgAdapter({ token: ' ', competitions: ['PL'] })).toThrow(/token/);
  });

  it('parseRetryAfter reads seconds and HTTP dates', () => {
    const now = at('2023-08-11T19:00:00Z');
    expect(parseRetryAfter('5', { nowMs: now.getTime() })).toBe(5000);
    expect(parseRetryAfter('Fri, 11 Aug 2023 19:00:30 GMT', { nowMs: now.getTime() })).toBe(30_000);
    expect(parseRetryAfter('soon', { nowMs: now.getTime() })).toBeNull();
    expect(parseRetryAfter(null, { nowMs: now.getTime() })).toBeNull();
  });
});
