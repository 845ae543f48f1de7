/**
 * The ESPN mappers on the recorded files (test/fixtures/upstream/espn/, MIT recordings): each
 * fact the mappers produce is checked against what the test reads from the same file, and every
 * timeline is folded through the sport's real rules (lib/match/registry.ts) to the state it shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toDecimal } from '@/lib/odds/convert';
import { BookmakerSlugSchema, bookmakerSlug } from '@/lib/odds/markets';
import { rulesFor } from '@/lib/match/registry';
import type { Sport } from '@/lib/sports';
import { golfLiveStateSchema } from '@/lib/wire/sports/golf';
import { mmaLiveStateSchema } from '@/lib/wire/sports/mma';
import type { EspnLeague, EspnMapped } from './espn-common';
import { mapFootball, parseMinute } from './espn-football';
import { mapGolf, toParOf } from './espn-golf';
import { decisionOf, mapMmaCard } from './espn-mma';
import { espnOddsTicks } from './espn-odds';
import { eventTicks } from '../odds-api/odds-api-match';

const DIR = path.join(process.cwd(), 'test/fixtures/upstream/espn');
const load = (f: string) => JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8'));
const WC = load('soccer_fifa.world_scoreboard_20260611.json');
const SUMMARY = load('soccer_fifa.world_summary_760415.EXCERPT.json');
const MLS = load('soccer_usa.1_scoreboard_20220917.EXCERPT.json');
const COMPOSITE = load('teamtracker_all_COMPOSITE.EXCERPT.json');
const league = (p: string, sport: Sport, competition: string): EspnLeague => ({
  path: p,
  sport,
  competition,
  competition_name: competition,
});
const K0 = '2026-06-11T18:00:00Z';
const event = (file: { events: any[] }, id: string) => file.events.find((e) => e.id === id);

/** The projection after folding the mapped events through the sport's rules. */
function fold(m: EspnMapped) {
  const rules = rulesFor(m.fixture.sport as Exclude<Sport, 'football'>);
  return rules.project(m.events.reduce((s, e) => rules.applyEvent(s, e), rules.initialState()));
}

describe('football', () => {
  const wc = league('soccer/fifa.world', 'football', 'world-cup');
  it('World Cup opener 760415 from the scoreboard alone: teams, goals by scorer, cards, full time', () => {
    const raw = event(WC, '760415');
    const c = raw.competitions[0];
    const m = mapFootball(raw, wc)!;
    const home = c.competitors.find((x: any) => x.homeAway === 'home');
    const away = c.competitors.find((x: any) => x.homeAway === 'away');
    expect([m.fixture.home_team, m.fixture.away_team]).toEqual([home.team.displayName, away.team.displayName]);
    expect(m.fixture.kickoff).toBe(new Date(c.date).toISOString().replace('.000Z', 'Z'));
    const goals = m.events.filter((e) => e.type === 'goal');
    const fileGoals = c.details.filter((d: any) => d.scoringPlay);
    expect(goals.map((g) => [g.player, g.minute])).toEqual(
      fileGoals.map((d: any) => [d.athletesInvolved[0].displayName, parseMinute(d.clock.displayValue)!.minute]),
    );
    expect(goals.filter((g) => g.side === 'home')).toHaveLength(Number(home.score));
    const reds = c.details.filter((d: any) => d.redCard).length;
    expect(m.events.filter((e) => e.type === 'card' && e.detail.card === 'red')).toHaveLength(reds);
    expect(m.events.at(-1)!.type).toBe('full_time');
    expect(m.skipped).toEqual([]);
  });

  it('with the summary: substitutions and cards from keyEvents, each incident once', () => {
    const m = mapFootball(event(WC, '760415'), wc, SUMMARY)!;
    const kinds = (t: string) => SUMMARY.keyEvents.filter((k: any) => k.type.type === t).length;
    expect(m.events.filter((e) => e.type === 'substitution')).toHaveLength(kinds('substitution'));
    expect(m.events.filter((e) => e.type === 'card' && e.detail.card === 'yellow')).toHaveLength(kinds('yellow-card'));
    expect(m.events.filter((e) => e.type === 'card' && e.detail.card === 'red')).toHaveLength(kinds('red-card'));
    expect(m.events.filter((e) => e.type === 'goal')).toHaveLength(
      SUMMARY.keyEvents.filter((k: any) => k.scoringPlay).length,
    );
    const sub = SUMMARY.keyEvents.find((k: any) => k.type.type === 'substitution');
    const mine = m.events.find((e) => e.type === 'substitution')!;
    // ESPN names the player coming on first, then the one going off.
    expect([mine.player, mine.detail.replacement]).toEqual([
      sub.participants[1].athlete.displayName,
      sub.participants[0].athlete.displayName,
    ]);
    expect(new Set(m.events.map((e) => e.event_id)).size).toBe(m.events.length);
    // The same incidents from the scoreboard alone keep their ids (one event, whichever feed read it).
    const alone = new Set(mapFootball(event(WC, '760415'), wc)!.events.map((e) => e.event_id));
    expect(m.events.filter((e) => e.type === 'goal' || e.type === 'card').every((e) => alone.has(e.event_id))).toBe(
      true,
    );
  });

  it('MLS 2022-09-17 in progress: periods reached, own goal credited to the scoring side, the clock', () => {
    const raw = event(MLS, '623600');
    const c = raw.competitions[0];
    const m = mapFootball(raw, league('soccer/usa.1', 'football', 'mls'))!;
    expect(c.status.type.state).toBe('in');
    expect(m.events.map((e) => `${e.type}:${e.period ?? ''}`).filter((x) => x.startsWith('period'))).toEqual([
      'period_start:1st_half',
      'period_end:1st_half',
      'period_start:2nd_half',
    ]);
    const og = c.details.find((d: any) => d.ownGoal);
    const mine = m.events.find((e) => e.type === 'goal' && e.detail.own_goal)!;
    expect(mine.player).toBe(og.athletesInvolved[0].displayName);
    const credited = c.competitors.find((x: any) => x.team.id === og.team.id).homeAway;
    expect(mine.side).toBe(credited);
    expect(m.events.at(-1)).toMatchObject({
      type: 'clock',
      detail: { clock_seconds: Math.round(c.status.clock), running: true },
    });
    expect(m.events.some((e) => e.type === 'full_time')).toBe(false);
  });

  it('a scheduled match is a fixture with no events; a final one folds to its score', () => {
    const pre = MLS.events.find((e: any) => e.status.type.state === 'pre');
    expect(mapFootball(pre, league('soccer/usa.1', 'football', 'mls'))!.events).toEqual([]);
    for (const raw of MLS.events.filter((e: any) => e.status.type.state === 'post')) {
      const m = mapFootball(raw, league('soccer/usa.1', 'football', 'mls'))!;
      const score = Object.fromEntries(raw.competitions[0].competitors.map((x: any) => [x.homeAway, Number(x.score)]));
      const goals = (side: string) => m.events.filter((e) => e.type === 'goal' && e.side === side).length;
      expect([goals('home'), goals('away')]).toEqual([score.home, score.away]);
    }
  });
});

describe('odds', () => {
  it('pickcenter: DraftKings 1X2 (a draw is priced), spread and total, opening and current; Bet 365 from its own prices', () => {
    const ticks = espnOddsTicks('760415', [...SUMMARY.pickcenter, ...SUMMARY.odds], '2026-06-11T18:00:00Z');
    const dk = SUMMARY.pickcenter[0];
    const find = (book: string, market: string, sel: string, phase: string) =>
      ticks.find(
        (t) => t.bookmaker === book && t.market === market && t.selection === sel && t.tick_id.includes(`:${phase}:`),
      );
    expect(find('draftkings', '1X2', 'home', 'open')!.price).toBe(dk.moneyline.home.open.odds);
    expect(find('draftkings', '1X2', 'home', 'now')!.price).toBe(dk.moneyline.home.close.odds);
    expect(find('draftkings', '1X2', 'draw', 'now')!.price).toBe(dk.moneyline.draw.close.odds);
    expect(find('draftkings', 'spread', 'home', 'now')!.line).toBe(Number(dk.pointSpread.home.close.line));
    expect(find('draftkings', 'over_under', 'over', 'now')!).toMatchObject({
      line: 2.5,
      price: dk.total.over.close.odds,
    });
    // American −230 is 1 + 100/230 in decimal odds.
    expect(toDecimal(find('draftkings', '1X2', 'home', 'now')!.price)).toBeCloseTo(1 + 100 / 230, 3);
    const b365 = SUMMARY.odds.find((o: any) => o.provider.name === 'Bet 365');
    expect(find('bet-365', '1X2', 'away', 'now')!.price).toBe(b365.awayTeamOdds.odds.value);
    // Opening ticks come first (a line's opening is its first tick); re-reading gives the same ids.
    expect(ticks.findIndex((t) => t.tick_id.includes(':now:'))).toBeGreaterThan(
      ticks.findLastIndex((t) => t.tick_id.includes(':open:')),
    );
    expect(espnOddsTicks('760415', SUMMARY.pickcenter, 'later').map((t) => t.tick_id)).toEqual(
      ticks.filter((t) => t.bookmaker === 'draftkings').map((t) => t.tick_id),
    );
  });

  it('cricket (no draw priced): Bet 365 fractional prices as a two-way moneyline', () => {
    const c = event(COMPOSITE, '1324647').competitions[0];
    const ticks = espnOddsTicks('1324647', c.odds, '2023-01-01T05:00:00Z');
    expect(ticks.map((t) => [t.bookmaker, t.market, t.selection, t.price])).toEqual([
      ['bet-365', 'moneyline', 'home', c.odds[0].homeTeamOdds.odds.summary],
      ['bet-365', 'moneyline', 'away', c.odds[0].awayTeamOdds.odds.summary],
    ]);
  });

  it('one bookmaker, one slug across sources: ESPN providers take the shared bookmakerSlug (NBA CDN, The Odds API too)', () => {
    const entries = [...SUMMARY.pickcenter, ...SUMMARY.odds, ...event(MLS, '623604').competitions[0].odds];
    const names = [...new Set(entries.map((o: any) => o.provider?.name).filter(Boolean))] as string[];
    expect(names.length).toBeGreaterThan(1);
    const books = new Set(espnOddsTicks('x', entries, K0).map((t) => t.bookmaker));
    expect([...books].sort()).toEqual([...new Set(names.map(bookmakerSlug))].sort());
    // A name the old ESPN-only slug kept whole: capped at 40 like every other source's, so it passes the wire's rule.
    const long = structuredClone(SUMMARY.pickcenter[0]);
    long.provider.name = 'Très Long Sportsbook International Betting Exchange Ltd';
    const [t] = espnOddsTicks('x', [long], K0);
    expect(t.bookmaker).toBe(bookmakerSlug(long.provider.name));
    expect(BookmakerSlugSchema.safeParse(t.bookmaker).success).toBe(true);
    // DraftKings priced by ESPN and by The Odds API (its key `draftkings`) is the same bookmaker.
    const oddsApi = eventTicks(
      {
        id: 'e',
        bookmakers: [
          {
            key: 'draftkings',
            title: 'DraftKings',
            markets: [
              {
                key: 'h2h',
                outcomes: [
                  { name: 'A', price: 2 },
                  { name: 'B', price: 1.8 },
                ],
              },
            ],
          },
        ],
      },
      (n) => (n === 'A' ? 'home' : 'away'),
      K0,
    );
    expect(books.has(oddsApi[0].bookmaker)).toBe(true);
  });

  it('MLS scoreboard odds: each provider with a full 1X2 is a bookmaker with its current prices', () => {
    const raw = event(MLS, '623604');
    const ticks = espnOddsTicks(raw.id, raw.competitions[0].odds, '2022-09-17T18:00:00Z');
    const full = raw.competitions[0].odds.filter((o: any) => o.homeTeamOdds?.moneyLine && o.awayTeamOdds?.moneyLine);
    for (const o of full) {
      const home = ticks.find(
        (t) => t.market === '1X2' && t.selection === 'home' && t.price === `+${o.homeTeamOdds.moneyLine}`,
      );
      expect(home, o.provider.name).toBeTruthy();
    }
  });
});

describe('golf: the ZOZO Championship (round 4 in progress) as a leaderboard', () => {
  const raw = event(COMPOSITE, '401465500');
  const m = mapGolf(raw, league('golf/pga', 'golf', 'pga-tour'))!;
  const p = fold(m);
  const board = golfLiveStateSchema.parse(p.state).leaderboard;
  const field = raw.competitions[0].competitors;
  it('in play in round 4; every player of the field with their total to par and strokes per round', () => {
    expect([p.status, p.period, m.fixture.home_team, m.fixture.away_team]).toEqual([
      'in_play',
      'round_4',
      raw.name,
      'Field',
    ]);
    expect(board).toHaveLength(field.length);
    for (const c of field) {
      const line = board.find((l) => l.player === c.athlete.displayName)!;
      expect(line.to_par).toBe(toParOf(c.score));
      expect(line.rounds.slice(0, 3)).toEqual(c.linescores.slice(0, 3).map((l: any) => l.value));
      expect(line.thru).toBe(c.linescores[3]?.linescores?.length ?? 0);
    }
  });
  it('positions share ties ("T5"); the leader is alone in first', () => {
    const best = Math.min(...field.map((c: any) => toParOf(c.score)!));
    const leaders = field.filter((c: any) => toParOf(c.score) === best);
    expect(board[0]).toMatchObject({
      position: leaders.length === 1 ? '1' : 'T1',
      player: leaders[0].athlete.displayName,
    });
    const tied = board.filter((l) => l.to_par === board[4].to_par);
    expect(tied.length).toBeGreaterThan(1);
    expect(tied.every((l) => l.position === `T${board.indexOf(tied[0]) + 1}`)).toBe(true);
  });
});

describe('MMA: the UFC Fight Night card as bouts', () => {
  const raw = event(COMPOSITE, '600023847');
  const bouts = mapMmaCard(raw, league('mma/ufc', 'mma', 'ufc'));
  it('every bout on the card in order, with its weight class, corners and the card name as round', () => {
    expect(bouts).toHaveLength(raw.competitions.length);
    bouts.forEach((b, i) => {
      const c = raw.competitions[i];
      const st = mmaLiveStateSchema.parse(fold(b).state);
      expect(st.card).toEqual({ name: raw.name, order: i + 1, bouts: raw.competitions.length });
      expect(st.weight_class).toBe(c.type.abbreviation);
      expect(st.scheduled_rounds).toBe(c.format.regulation.periods);
      const red = c.competitors.find((x: any) => x.order === 1).athlete.displayName;
      expect([b.fixture.home_team, b.fixture.round]).toEqual([red, raw.name]);
    });
  });
  it('finished bouts: winner, round and time; decisions by the judges, a stoppage without a named method', () => {
    for (const [i, c] of raw.competitions.entries()) {
      const p = fold(bouts[i]);
      const st = mmaLiveStateSchema.parse(p.state);
      if (c.status.type.state !== 'post') {
        expect(st.result).toBeNull();
        continue;
      }
      const w = c.competitors.find((x: any) => x.winner);
      const side = w.order === 1 ? 'home' : 'away';
      expect(st.result).toMatchObject({ winner: side, round: c.status.period, time_seconds: c.status.clock });
      if (c.status.clock === 300 && c.status.period === c.format.regulation.periods) {
        const judges = (x: any) => x.linescores[0].linescores.map((l: any) => l.value);
        const [h, a] = [1, 2].map((o) => judges(c.competitors.find((x: any) => x.order === o)));
        expect(st.result!.method).toBe(decisionOf(h, a, side));
        expect(st.result!.method).toBe('UD');
      } else expect(st.result!.method).toBeNull();
    }
  });
  it('the bout in progress: round 1 with the time left from the elapsed clock', () => {
    const i = raw.competitions.findIndex((c: any) => c.status.type.state === 'in');
    const p = fold(bouts[i]);
    const st = mmaLiveStateSchema.parse(p.state);
    expect([p.status, st.round, st.clock_seconds]).toEqual([
      'in_play',
      raw.competitions[i].status.period,
      300 - raw.competitions[i].status.clock,
    ]);
  });
  it('decisionOf: split and majority from the judges', () => {
    expect(decisionOf([29, 28, 29], [28, 29, 28], 'home')).toBe('SD');
    expect(decisionOf([29, 28, 29], [28, 28, 28], 'home')).toBe('MD');
    expect(decisionOf([28, 28, 28], [29, 29, 29], 'home')).toBeNull();
  });
});
