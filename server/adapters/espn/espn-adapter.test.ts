/**
 * EspnAdapter.poll over real HTTP (the kit's client) against a local upstream serving the
 * recorded ESPN files at the real paths, cut by cut: the World Cup 2026 opener at 30' (the
 * summary failing: scores from the scoreboard alone) and then final with its summary; the ZOZO
 * leaderboard and the UFC card; faults (500, hang, malformed body, 429, an event that
 * disappears). Each batch's events are folded through the sports' real rules; figures are read
 * from the recordings.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesFor } from '@/lib/match/registry';
import { golfLiveStateSchema } from '@/lib/wire/sports/golf';
import { mmaLiveStateSchema } from '@/lib/wire/sports/mma';
import { type LocalUpstream, retryAfter, startUpstream } from '@/test/helpers/upstream-server';
import { upstreamClientFor } from '../kit/http-client';
import { UpstreamError } from '../kit/upstream-error';
import type { AdapterBatch, AdapterState } from '../types';
import { EspnAdapter } from './espn-adapter';
import { parseMinute } from './espn-football';

const DIR = path.join(process.cwd(), 'test/fixtures/upstream/espn');
const load = (f: string) => JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8'));
const WC = load('soccer_fifa.world_scoreboard_20260611.json');
const SUMMARY = load('soccer_fifa.world_summary_760415.EXCERPT.json');
const COMPOSITE = load('teamtracker_all_COMPOSITE.EXCERPT.json');
const NOW = new Date('2026-06-11T19:40:00Z');

/** The World Cup scoreboard as it stood at `minute` of the opener (details up to then, score from them, in progress). */
function wcAt(minute: number | 'final') {
  const board = structuredClone(WC);
  if (minute === 'final') return board;
  const c = board.events.find((e: any) => e.id === '760415').competitions[0];
  c.details = c.details.filter((d: any) => parseMinute(d.clock.displayValue)!.minute <= minute);
  for (const x of c.competitors)
    x.score = String(c.details.filter((d: any) => d.scoringPlay && d.team.id === x.id).length);
  c.status = {
    clock: minute * 60,
    displayClock: `${minute}'`,
    period: 1,
    type: { name: 'STATUS_FIRST_HALF', state: 'in' },
  };
  return board;
}

let up: LocalUpstream;
let board: unknown = WC;
let gone = false;
beforeAll(async () => {
  up = await startUpstream({
    route: (p) => {
      if (p.startsWith('/apis/site/v2/sports/soccer/fifa.world/scoreboard?dates=')) return { body: board };
      if (p === '/apis/site/v2/sports/soccer/fifa.world/summary?event=760415') return { body: SUMMARY };
      const only = (id: string) => ({ body: { events: gone ? [] : COMPOSITE.events.filter((e: any) => e.id === id) } });
      if (p.startsWith('/apis/site/v2/sports/golf/pga/scoreboard')) return only('401465500');
      if (p.startsWith('/apis/site/v2/sports/mma/ufc/scoreboard')) return only('600023847');
      return undefined;
    },
  });
});
afterAll(async () => {
  await up?.close();
});

const adapter = (leagues: string[]) => new EspnAdapter({ baseUrl: up.url, leagues });
async function poll(a: EspnAdapter, state: AdapterState = {}, now = NOW): Promise<AdapterBatch> {
  const http = upstreamClientFor(a, { timeoutMs: 1500 });
  try {
    return await a.poll({ now, http, fetch, state });
  } finally {
    await http.close();
  }
}
/** The projected state of `key` after folding every batch's events for it through its sport's rules. */
function fold(sport: 'golf' | 'mma', batches: AdapterBatch[], key: string) {
  const rules = rulesFor(sport);
  const events = batches.flatMap((b) => b.events.filter((e) => e.source_key === key).map((e) => e.event));
  return rules.project(events.reduce((s, e) => rules.applyEvent(s, e), rules.initialState()));
}

describe('football: the World Cup 2026 opener followed cut by cut', () => {
  it('at 30′ with the summary failing: the scoreboard alone gives the fixture, the goal and cards so far, the clock', async () => {
    board = wcAt(30);
    up.inject({ kind: 'status', status: 500, body: '{}' }, { match: /summary/ });
    const a = adapter(['soccer/fifa.world']);
    const first = await poll(a);
    const paths = up.requests.map((r) => r.path.split('?')[0]);
    expect(paths).toContain('/apis/site/v2/sports/soccer/fifa.world/scoreboard');
    expect(up.requests.some((r) => r.path.includes('dates=20260611'))).toBe(true);
    const key = 'espn/soccer/fifa.world/760415';
    expect(first.fixtures.find((f) => f.source_key === key)).toMatchObject({
      home_team: 'Mexico',
      away_team: 'South Africa',
      competition: 'world-cup',
      season: '2026',
    });
    const mine = first.events.filter((e) => e.source_key === key).map((e) => e.event);
    expect(mine.filter((e) => e.type === 'goal').map((e) => [e.player, e.minute])).toEqual([['Julián Quiñones', 9]]);
    expect(mine.at(-1)).toMatchObject({ type: 'clock', detail: { clock_seconds: 1800 } });
    expect(first.skipped!.some((s) => /summary/.test(s.item) && /scoreboard alone/.test(s.reason))).toBe(true);
    expect(first.pacing).toEqual({ live: true });

    // Full time, the summary back: only what is new arrives (subs, later goals and cards, period events, full time), with the odds.
    board = wcAt('final');
    const second = await poll(a, first.state, new Date('2026-06-11T21:00:00Z'));
    const next = second.events.filter((e) => e.source_key === key).map((e) => e.event);
    const sentBefore = new Set(mine.map((e) => e.event_id));
    expect(next.some((e) => sentBefore.has(e.event_id))).toBe(false);
    expect(next.filter((e) => e.type === 'substitution')).toHaveLength(
      SUMMARY.keyEvents.filter((k: any) => k.type.type === 'substitution').length,
    );
    expect(next.filter((e) => e.type === 'goal').map((e) => e.player)).toEqual(['Raúl Jiménez']);
    expect(next.at(-1)!.type).toBe('full_time');
    const books = new Set(second.odds!.filter((t) => t.source_key === key).map((t) => t.tick.bookmaker));
    expect([...books].sort()).toEqual(['bet-365', 'draftkings']);
    // After the end the summary is read once: the next poll asks for the scoreboard only, and sends nothing new.
    up.requests.length = 0;
    const third = await poll(a, second.state, new Date('2026-06-11T21:05:00Z'));
    expect(up.requests.map((r) => r.path)).not.toContain('/apis/site/v2/sports/soccer/fifa.world/summary?event=760415');
    expect(third.events.filter((e) => e.source_key === key)).toEqual([]);
  });
});

describe('golf and MMA from the composite recording', () => {
  it('golf/pga: the ZOZO Championship in round 4 as a leaderboard', async () => {
    const b = await poll(adapter(['golf/pga']));
    const raw = COMPOSITE.events.find((e: any) => e.id === '401465500');
    const p = fold('golf', [b], 'espn/golf/pga/401465500');
    const board = golfLiveStateSchema.parse(p.state).leaderboard;
    expect([p.status, p.period, board.length]).toEqual(['in_play', 'round_4', raw.competitions[0].competitors.length]);
    expect(board[0].player).toBe(raw.competitions[0].competitors[0].athlete.displayName);
    expect(b.fixtures[0]).toMatchObject({
      sport: 'golf',
      competition: 'pga-tour',
      home_team: raw.name,
      away_team: 'Field',
    });
  });
  it('mma/ufc: the Fight Night card, one fixture per bout in card order', async () => {
    const b = await poll(adapter(['mma/ufc']));
    const raw = COMPOSITE.events.find((e: any) => e.id === '600023847');
    expect(b.fixtures).toHaveLength(raw.competitions.length);
    const main = raw.competitions.at(-1);
    const st = mmaLiveStateSchema.parse(fold('mma', [b], `espn/mma/ufc/${raw.id}/${main.id}`).state);
    expect(st.card).toEqual({ name: raw.name, order: raw.competitions.length, bouts: raw.competitions.length });
    expect(b.fixtures.every((f) => f.round === raw.name)).toBe(true);
  });
  it('an event that disappears upstream: nothing new, no error, its fixture kept in the state', async () => {
    const a = adapter(['golf/pga']);
    const b1 = await poll(a);
    gone = true;
    try {
      const b2 = await poll(a, b1.state);
      expect([b2.fixtures, b2.events]).toEqual([[], []]);
      expect(Object.keys((b2.state as any).fixtures)).toContain('espn/golf/pga/401465500');
    } finally {
      gone = false;
    }
  });
});

describe('faults', () => {
  const a = () => adapter(['soccer/fifa.world']);
  it('500, 429 (with its Retry-After) and a hang on the scoreboard throw for the runner to back off', async () => {
    up.inject({ kind: 'status', status: 500, body: '{}' }, { match: /scoreboard/ });
    await expect(poll(a())).rejects.toBeInstanceOf(UpstreamError);
    up.inject(retryAfter(7), { match: /scoreboard/ });
    await expect(poll(a())).rejects.toMatchObject({ retryAfterMs: 7000 });
    up.inject({ kind: 'hang' }, { match: /scoreboard/ });
    const t0 = Date.now();
    await expect(poll(a())).rejects.toBeInstanceOf(UpstreamError);
    expect(Date.now() - t0).toBeLessThan(10_000);
  });
  it('a malformed scoreboard is skipped and reported, nothing stored', async () => {
    up.inject({ kind: 'malformed' }, { match: /scoreboard/ });
    const b = await poll(a());
    expect([b.fixtures, b.events]).toEqual([[], []]);
    expect(b.skipped!.length).toBeGreaterThan(0);
  });
});
