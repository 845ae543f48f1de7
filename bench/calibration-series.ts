/**
 * Pre-match probabilities and in-play series of every bundled finished match, per sport — shared
 * by bench/calibration.ts (their accuracy) and bench/win-probability.ts (their cost).
 */
import { matchTimeline } from '@/lib/replay/match-timeline';
import type { AnyImportedMatch, ImportedMatch } from '@/lib/import/types';
import type { ImportedSportMatch } from '@/lib/rules/contract';
import { estimateRunTables, type RunTables } from '@/lib/win-probability/baseball';
import type { InPlayContext } from '@/lib/win-probability/inplay';
import { nationalTeamRatings } from '@/lib/win-probability/national-teams';
import { type Prematch, prematchProbabilities } from '@/lib/win-probability/prematch';
import type { LoggedEvent } from '@/lib/win-probability/series';
import { isPlayoffMatch } from '@/lib/import/sport-timeline';
import { footballLeagues, ratedFootball, ratedSport, read, sportMatches, tournaments } from './calibration-data';

/** The match's logged events (kickoff + replay offsets). */
export function logged(m: AnyImportedMatch): LoggedEvent[] {
  const t0 = Date.parse(m.kickoff);
  return matchTimeline(m).events.map(({ at, event }) => ({
    event,
    occurred_at: new Date(t0 + at * 1000).toISOString(),
  }));
}

/** One finished match with its pre-match probability and in-play context. */
export interface Case {
  sport: InPlayContext['sport'];
  group: string;
  match: AnyImportedMatch;
  prematch: Prematch;
  /** Outcome: 'home' | 'draw' | 'away' of the market the pre-match line prices. */
  outcome: 'home' | 'draw' | 'away';
  ctx: InPlayContext;
  /** Closing 1X2 fair probabilities per bookmaker (football-data). */
  closing?: Record<string, { home: number; draw: number; away: number }>;
  /** The in-play series ends on this side (knockouts: the side that went through). */
  final_winner?: 'home' | 'away' | null;
}

const outcomeOf = (h: number, a: number): Case['outcome'] => (h > a ? 'home' : h < a ? 'away' : 'draw');

function closingOf(m: ImportedMatch): Case['closing'] {
  const out: NonNullable<Case['closing']> = {};
  for (const b of ['pinnacle', 'bet365']) {
    const q = m.odds.filter((o) => o.bookmaker === b && o.market === '1X2' && o.kind === 'closing');
    const get = (s: string) => q.find((o) => o.selection === s)?.price;
    const [h, d, a] = [get('home'), get('draw'), get('away')];
    if (!h || !d || !a) continue;
    const t = 1 / h + 1 / d + 1 / a;
    out[b] = { home: 1 / h / t, draw: 1 / d / t, away: 1 / a / t };
  }
  return out;
}

/** Every bundled finished match of every sport with a model (golf, MMA, esports: no bundled data). */
export function buildCases(opts: { tennisPbpLimit?: number } = {}): { cases: Case[]; runTables: RunTables } {
  const cases: Case[] = [];
  // Football leagues: one rating pool over the three bundled league seasons.
  const leagues = footballLeagues().filter((m) => m.result);
  const lp = prematchProbabilities(
    'football',
    leagues.map((m) => ratedFootball(m, false)),
  );
  for (const m of leagues) {
    const pre = lp.get(m.source_key)!;
    cases.push({
      sport: 'football',
      group: `football ${m.competition} ${m.season}`,
      match: m,
      prematch: pre,
      outcome: outcomeOf(m.result!.ft[0], m.result!.ft[1]),
      ctx: { sport: 'football', prematch: pre, knockout: false },
      closing: closingOf(m),
    });
  }
  // Tournaments: neutral, national teams seeded from international results before each tournament.
  const tour = tournaments().filter((m) => m.result);
  const intl = read('football/martj42-international_results/results.csv');
  for (const season of [...new Set(tour.map((m) => `${m.competition}|${m.season}`))]) {
    const ms = tour.filter((m) => `${m.competition}|${m.season}` === season);
    const first = ms.map((m) => m.kickoff).sort()[0];
    const pre = prematchProbabilities(
      'football',
      ms.map((m) => ratedFootball(m, true)),
      nationalTeamRatings(intl, first),
    );
    for (const m of ms) {
      const knockout = Boolean(m.round && !/group|matchday/i.test(m.round));
      const r = m.result!;
      const s = r.et ?? r.ft;
      const w = s[0] > s[1] ? 'home' : s[0] < s[1] ? 'away' : r.p ? (r.p[0] > r.p[1] ? 'home' : 'away') : null;
      cases.push({
        sport: 'football',
        group: `football ${m.competition} ${m.season}`,
        match: m,
        prematch: pre.get(m.source_key)!,
        outcome: outcomeOf(r.ft[0], r.ft[1]),
        ctx: { sport: 'football', prematch: pre.get(m.source_key)!, knockout },
        final_winner: knockout ? w : undefined,
      });
    }
  }
  const baseballGames = sportMatches.baseball();
  const runTables = estimateRunTables(baseballGames.map((g) => g.events));
  const sports: [InPlayContext['sport'], ImportedSportMatch[]][] = [
    ['basketball', sportMatches.basketball()],
    ['ice-hockey', sportMatches['ice-hockey']()],
    ['rugby', sportMatches.rugby()],
    ['tennis', sportMatches.tennis()],
    ['baseball', baseballGames],
    ['cricket', sportMatches.cricket()],
  ];
  for (const [sport, ms] of sports) {
    const done = ms.filter((m) => m.result);
    const pre = prematchProbabilities(sport, done.map(ratedSport));
    for (const m of done) {
      const p = pre.get(m.source_key)!;
      const w = m.result!.winner;
      cases.push({
        sport,
        group: sport,
        match: m,
        prematch: p,
        outcome: w ?? 'draw',
        ctx: { sport, prematch: p, knockout: sport !== 'rugby' || isPlayoffMatch(m), run_tables: runTables },
        final_winner: w,
      });
    }
  }
  // Point-by-point tennis (2017): no 2017 ratings in the store, so every match starts at ½.
  const pbp = sportMatches['tennis-pbp']().filter((m) => m.result);
  for (const m of pbp.slice(0, opts.tennisPbpLimit ?? pbp.length)) {
    const p: Prematch = { home: 0.5, draw: null, away: 0.5, rating: null as never };
    cases.push({
      sport: 'tennis',
      group: 'tennis point-by-point 2017',
      match: m,
      prematch: p,
      outcome: m.result!.winner ?? 'draw',
      ctx: { sport: 'tennis', prematch: p, knockout: true },
      final_winner: m.result!.winner,
    });
  }
  return { cases, runTables };
}
