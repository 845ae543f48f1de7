import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { baseballLiveStateSchema } from '@/lib/wire/sports/baseball';
import { basketballLiveStateSchema } from '@/lib/wire/sports/basketball';
import { cricketLiveStateSchema } from '@/lib/wire/sports/cricket';
import { esportsLiveStateSchema } from '@/lib/wire/sports/esports';
import { golfLiveStateSchema } from '@/lib/wire/sports/golf';
import { iceHockeyLiveStateSchema } from '@/lib/wire/sports/ice-hockey';
import { mmaLiveStateSchema } from '@/lib/wire/sports/mma';
import { rugbyLiveStateSchema } from '@/lib/wire/sports/rugby';
import { tennisLiveStateSchema } from '@/lib/wire/sports/tennis';
import { liveMatch, STATES } from '@/test/fixtures/wire/live-matches';
import { sportLine } from './index';

const SCHEMAS = {
  cricket: cricketLiveStateSchema,
  tennis: tennisLiveStateSchema,
  baseball: baseballLiveStateSchema,
  basketball: basketballLiveStateSchema,
  'ice-hockey': iceHockeyLiveStateSchema,
  rugby: rugbyLiveStateSchema,
  golf: golfLiveStateSchema,
  mma: mmaLiveStateSchema,
  esports: esportsLiveStateSchema,
};

/** Rendered markup with tags removed and spaces collapsed. */
const text = (n: ReactNode) =>
  renderToStaticMarkup(createElement(Fragment, null, n))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const html = (n: ReactNode) => renderToStaticMarkup(createElement(Fragment, null, n));

/** Everything a sport renders on the card and in the header. */
function all(sport: string, m = liveMatch(sport)) {
  const l = sportLine(sport);
  return {
    home: text(l.side?.(m, 'home')),
    away: text(l.side?.(m, 'away')),
    marker: text(l.marker?.(m, 'home')) + '|' + text(l.marker?.(m, 'away')),
    summary: text(l.summary?.(m, Date.parse(m.updated_at))),
    notes: text(l.notes?.(m)),
    board: html(l.board?.(m, Date.parse(m.updated_at))),
    rows: text(l.rows?.(m)),
    headline: l.headline ? `${l.headline(m, 'home')} – ${l.headline(m, 'away')}` : '',
  };
}

describe('sport lines', () => {
  it('test states are valid wire states', () => {
    for (const [sport, schema] of Object.entries(SCHEMAS))
      expect(() => schema.parse(STATES[sport]), sport).not.toThrow();
  });
  it('cricket: runs/wickets (overs), batting side, the chase', () => {
    const r = all('cricket');
    expect(r.home).toBe('159/6 (20 ov)');
    expect(r.away).toBe('138/5 (17.5 ov)');
    expect(r.headline).toBe('159/6 – 138/5');
    expect(r.marker).toBe('|batting');
    expect(r.summary).toBe('Target 160 · need 22 from 13 balls · B Stokes* · b. Shaheen Shah Afridi');
    expect(r.board).toContain('data-testid="cricket-innings"');
    const done = all(
      'cricket',
      liveMatch('cricket', {
        status: 'finished',
        state: {
          ...STATES.cricket,
          result: { kind: 'win', winner: 'home', by: { runs: 5 }, method: null, eliminator: null, derived: true },
        },
      }),
    );
    expect(done.summary).toBe('Home Side won by 5 runs');
    expect(all('cricket', liveMatch('cricket', { state: { ...STATES.cricket, innings: [] } })).away).toBe('Yet to bat');
  });
  it('tennis: sets, games, points and the server', () => {
    const r = all('tennis');
    expect(r.home).toBe('6 6 5 3 30');
    expect(r.away).toBe('4 7 2 AD');
    expect(r.marker).toBe('|serving');
    expect(r.summary).toBe('Sets 1–1 · Away Side serving');
  });
  it('baseball: R H E, outs and bases', () => {
    const r = all('baseball');
    expect(r.home).toBe('3 6 hits 0 errors');
    expect(r.marker).toBe('|batting');
    expect(r.summary).toContain('Runners on 1st and 3rd');
    expect(r.summary).toContain('2 outs');
    expect(r.board).toContain('data-testid="baseball-line-score"');
  });
  it('basketball and ice hockey: fouls, power play, line scores', () => {
    expect(all('basketball').summary).toBe('Fouls 3–5 · bonus: Home Side');
    expect(all('basketball').board).toMatch(/Q1.*Q4/);
    expect(all('ice-hockey').summary).toBe('Power play Home Side (5 on 4)');
    expect(all('ice-hockey').board).toContain('SOG');
  });
  it('rugby: tries beside the score, sin bin', () => {
    const r = all('rugby');
    expect(r.home).toBe('3 T tries, 24');
    expect(r.summary).toBe("Sin bin: J Smith (back 70')");
    expect(r.notes).toContain('HT 10–6');
  });
  it('golf: top five of the leaderboard', () => {
    const r = all('golf');
    expect(r.rows).toContain('Sample Classic');
    expect(r.rows).toContain('1 Sample Player 1 −6 , round finished F');
    expect(r.rows).not.toContain('Sample Player 6');
  });
  it('mma and esports: knockdowns, rounds on the current map', () => {
    expect(all('mma').home).toBe('KD 1 knockdowns, 1 rounds won');
    expect(all('mma').summary).toBe('KD 1–0 · Sig. strikes 23–17 · TD 1–0');
    // The header names the bout's place on its card and its weight class; without them, no line.
    expect(all('mma').notes).toBe('Bout 12 of 13 · Lightweight KD 1–0 · Sig. strikes 23–17 · TD 1–0');
    const bare = liveMatch('mma');
    bare.state = { ...(bare.state as object), card: null, weight_class: null };
    expect(all('mma', bare).notes).toBe('KD 1–0 · Sig. strikes 23–17 · TD 1–0');
    // No judge's card yet (ESPN's bouts): knockdowns only, no rounds-won "0" as if it were a score.
    const espn = liveMatch('mma', { score: { home: 0, away: 0 } });
    espn.state = { ...(espn.state as object), scorecards: [] };
    expect(all('mma', espn).home).toBe('KD 1 knockdowns,');
    expect(all('esports').home).toBe('9 rounds on this map, 1 maps');
    expect(all('esports').summary).toBe('Map 2 Mirage: 9–7 · best of 3');
  });
  it('survives missing or foreign state', () => {
    for (const sport of [...Object.keys(SCHEMAS), 'football', 'curling']) {
      for (const state of [null, {}, { innings: 'x', sets: {}, leaderboard: [1], line_score: 3 }]) {
        expect(() => all(sport, liveMatch(sport, { state }))).not.toThrow();
      }
    }
  });
});
