/**
 * Win-probability series of real bundled matches: the World Cup 2022 final (openfootball) swings
 * with each of its six goals and ends on Argentina after the shoot-out; the opener Qatar v Ecuador
 * no longer opens level; a finished match of every sport with a timeline ends at 0 or 1.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseOpenfootball } from '../import/openfootball';
import { parseRetrosheet } from '../import/retrosheet';
import { parseSackmannPbp } from '../import/sackmann';
import { parseCricsheet } from '../import/cricsheet';
import { matchTimeline } from '../replay/match-timeline';
import type { AnyImportedMatch } from '../import/types';
import { estimateRunTables } from './baseball';
import { nationalTeamRatings } from './national-teams';
import { prematchProbabilities } from './prematch';
import { winProbabilitySeries, type LoggedEvent } from './series';
import type { InPlayContext } from './inplay';
import type { Sport } from '../sports';

const DATA = `${__dirname}/../../datasets/`;
const read = (p: string) => readFileSync(DATA + p, 'utf8');

const wc = parseOpenfootball(JSON.parse(read('football/openfootball-worldcup.json/2022/worldcup.json')), {
  competition: 'world-cup',
  season: '2022',
  timezone: 'Asia/Qatar',
  sourceName: 'worldcup',
});

function logged(m: AnyImportedMatch): LoggedEvent[] {
  const t0 = Date.parse(m.kickoff);
  return matchTimeline(m).events.map(({ at, event }) => ({
    event,
    occurred_at: new Date(t0 + at * 1000).toISOString(),
  }));
}

const seed = nationalTeamRatings(read('football/martj42-international_results/results.csv'), '2022-11-20');
const wcRated = wc.map((m) => ({
  fixture_id: m.source_key,
  kickoff: m.kickoff,
  competition: 'world-cup',
  home: m.home_team,
  away: m.away_team,
  neutral: true, // tournament fixtures are rated at neutral venues (docs/odds.md), the host too
  home_score: m.result?.ft[0] ?? 0,
  away_score: m.result?.ft[1] ?? 0,
  winner: null,
  finished: m.status === 'finished',
}));
const pre = prematchProbabilities('football', wcRated, seed);

describe('World Cup 2022 (openfootball), rated from international results before the tournament', () => {
  it('the opener Qatar v Ecuador no longer opens level: Ecuador is the favourite', () => {
    const opener = wc.find((m) => m.home_team === 'Qatar' && m.away_team === 'Ecuador')!;
    const p = pre.get(opener.source_key)!;
    expect(p.away).toBeGreaterThan(p.home + 0.1);
    expect(p.home + p.draw! + p.away).toBeCloseTo(1, 12);
  });

  it('the final swings with each of its six goals and ends on Argentina after the shoot-out', () => {
    const final = wc.find((m) => m.round === 'Final')!;
    expect([final.home_team, final.away_team]).toEqual(['Argentina', 'France']);
    const ctx: InPlayContext = { sport: 'football', prematch: pre.get(final.source_key)!, knockout: true };
    const series = winProbabilitySeries(ctx, final.kickoff, logged(final));
    const goals = series.filter((x) => x.event?.type === 'goal');
    const recordedGoals = final.events.filter((e) => e.type === 'goal');
    expect(goals).toHaveLength(recordedGoals.length);
    expect(goals).toHaveLength(6);
    for (const g of goals) {
      const before = series[series.indexOf(g) - 1];
      const scorer = g.event!.side!;
      expect(g[scorer]).toBeGreaterThan(before[scorer] + 0.02);
    }
    const last = series.at(-1)!;
    expect(last.home).toBeGreaterThan(1 - 1e-6);
    expect(last.draw).toBeNull();
  });
});

/** The last point of a finished match's series, for one match of a sport. */
function lastPoint(sport: Sport, m: AnyImportedMatch, extra: Partial<InPlayContext> = {}) {
  const ctx: InPlayContext = {
    sport: sport as InPlayContext['sport'],
    prematch: { home: 0.5, draw: null, away: 0.5, rating: null as never },
    knockout: true,
    ...extra,
  };
  return winProbabilitySeries(ctx, m.kickoff, logged(m)).at(-1)!;
}

describe('finished matches end at 0 or 1 (real play-by-play)', () => {
  it('tennis (Sackmann point by point), the first 12 matches', () => {
    // The file's header and first 12 matches (one per line): parsing all 2,148 takes ~6 s.
    const lines = read('tennis/jeffsackmann-tennis_pointbypoint/pbp_matches_atp_main_current.csv').split('\n');
    const ms = parseSackmannPbp(lines.slice(0, 13).join('\n'));
    expect(ms).toHaveLength(12);
    for (const m of ms) {
      if (m.result?.detail?.outcome && m.result.detail.outcome !== 'completed') continue;
      const last = lastPoint('tennis', m);
      expect(Math.max(last.home, last.away)).toBeGreaterThan(1 - 1e-6);
      expect(last.home > 0.5 ? 'home' : 'away').toBe(m.result!.winner);
    }
  });

  it('tennis: a point won never lowers the winner of the point (serve probabilities updated in play), the first 12 matches', () => {
    const lines = read('tennis/jeffsackmann-tennis_pointbypoint/pbp_matches_atp_main_current.csv').split('\n');
    let checked = 0;
    for (const m of parseSackmannPbp(lines.slice(0, 13).join('\n'))) {
      const ctx: InPlayContext = {
        sport: 'tennis',
        prematch: { home: 0.6, draw: null, away: 0.4, rating: null as never },
        knockout: true,
      };
      const s = winProbabilitySeries(ctx, m.kickoff, logged(m), { all: true });
      for (let i = 2; i < s.length; i++) {
        const e = s[i].event!;
        if (e.type !== 'point' || !e.side) continue;
        const side = e.side;
        expect(s[i][side], `${m.source_key} ${e.event_id}`).toBeGreaterThanOrEqual(s[i - 1][side] - 1e-12);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('baseball (Retrosheet Cubs 2016), run tables estimated from the same file', () => {
    const games = parseRetrosheet(read('baseball/retrosheet/2016/2016CHN.EVN'));
    const run_tables = estimateRunTables(games.map((g) => g.events));
    for (const m of games.slice(0, 10)) {
      const last = lastPoint('baseball', m, { run_tables });
      expect(last.home > 0.5 ? 'home' : 'away').toBe(m.result!.winner);
      expect(Math.max(last.home, last.away)).toBeGreaterThan(1 - 1e-6);
    }
  });

  it('cricket (Cricsheet T20 World Cup 2022 final)', () => {
    const [m] = parseCricsheet(JSON.parse(read('cricket/cricsheet/t20s_json/1298179.json')), { matchId: '1298179' });
    const last = lastPoint('cricket', m);
    expect(last.home > 0.5 ? 'home' : 'away').toBe(m.result!.winner);
  });
});
