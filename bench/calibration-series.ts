/**
 * Pre-match probabilities and in-play series of every bundled finished match, per sport — shared
 * by bench/calibration.ts (their accuracy) and bench/win-probability.ts (their cost).
 */
import type { AnyImportedMatch, ImportedMatch } from '@/lib/import/types';
import type { ImportedSportMatch } from '@/lib/rules/contract';
import { estimateRunTables, type RunTables } from '@/lib/win-probability/baseball';
import type { InPlayContext } from '@/lib/win-probability/inplay';
import { fiveThirtyEightSeed } from '@/lib/win-probability/fivethirtyeight-seed';
import { nationalTeamRatings } from '@/lib/win-probability/national-teams';
import { type Prematch, prematchProbabilities } from '@/lib/win-probability/prematch';
import type { LoggedEvent } from '@/lib/win-probability/series';
import { recordedLog } from '@/lib/win-probability/recorded-log';
import { isPlayoffMatch } from '@/lib/import/sport-timeline';
import { IMPORT_FORMATS } from '@/lib/import';
import path from 'node:path';
import { DATA, footballLeagues, ratedFootball, ratedSport, read, sportMatches, tournaments } from './calibration-data';

/** The match's logged events (kickoff + replay offsets; lib/win-probability/recorded-log.ts). */
export const logged = (m: AnyImportedMatch): LoggedEvent[] => recordedLog(m);

/** One finished match with its pre-match probability and in-play context. */
export interface Case {
  sport: InPlayContext['sport'];
  group: string;
  match: AnyImportedMatch;
  prematch: Prematch;
  /** Outcome: 'home' | 'draw' | 'away' of the market the pre-match line prices. */
  outcome: 'home' | 'draw' | 'away';
  ctx: InPlayContext;
  /** Closing fair probabilities per bookmaker, margin removed (football-data 1X2; tennis-data moneyline: draw 0). */
  closing?: Record<string, { home: number; draw: number | null; away: number }>;
  /** The in-play series ends on this side (knockouts: the side that went through). */
  final_winner?: 'home' | 'away' | null;
}

const outcomeOf = (h: number, a: number): Case['outcome'] => (h > a ? 'home' : h < a ? 'away' : 'draw');

/** Closing fair 1X2 per bookmaker (football-data.co.uk Pinnacle / Bet365 closing), margin removed proportionally. */
export function closingOf(m: ImportedMatch): Case['closing'] {
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

/** Closing moneyline fair probabilities per bookmaker (tennis-data.co.uk Bet365 / Pinnacle), margin removed proportionally. */
function sportClosingOf(m: ImportedSportMatch): Case['closing'] {
  const out: NonNullable<Case['closing']> = {};
  for (const b of ['pinnacle', 'bet365']) {
    const q = (m.odds ?? []).filter((o) => o.bookmaker === b && o.market === 'moneyline' && o.kind === 'closing');
    const h = q.find((o) => o.selection === 'home')?.price;
    const a = q.find((o) => o.selection === 'away')?.price;
    if (!h || !a) continue;
    const t = 1 / h + 1 / a;
    out[b] = { home: 1 / h / t, draw: null, away: 1 / a / t };
  }
  return out;
}

/** ATP 2024 results with the tennis-data.co.uk workbook's odds read onto them (the store's import). */
async function tennisWithOdds(): Promise<ImportedSportMatch[]> {
  return (await IMPORT_FORMATS['sackmann-atp'](
    [
      path.join(DATA, 'tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv'),
      path.join(DATA, 'tennis/tennis-data.co.uk/2024/2024.xlsx'),
    ],
    {},
  )) as ImportedSportMatch[];
}

/**
 * Every bundled finished match of every sport with a model (golf, MMA, esports: no bundled data).
 * The point-by-point tennis matches (2017) are rated from the point-by-point matches played
 * before each of them (the store has no other 2017 results).
 */
export async function buildCases(
  opts: {
    tennisPbpLimit?: number;
    /** false: NBA/NHL start at 1500 (the "before" of docs/odds.md's seed comparison). */
    seed538?: boolean;
  } = {},
): Promise<{ cases: Case[]; runTables: RunTables }> {
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
    ['tennis', await tennisWithOdds()],
    ['baseball', baseballGames],
    ['cricket', sportMatches.cricket()],
  ];
  for (const [sport, ms] of sports) {
    const done = ms.filter((m) => m.result);
    // NBA and NHL start from FiveThirtyEight's season-start ratings (published before the season).
    const seed =
      opts.seed538 === false
        ? undefined
        : sport === 'basketball'
          ? fiveThirtyEightSeed(read('basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv'), 'basketball')
          : sport === 'ice-hockey'
            ? fiveThirtyEightSeed(read('ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv'), 'ice-hockey')
            : undefined;
    const pre = prematchProbabilities(sport, done.map(ratedSport), seed);
    for (const m of done) {
      // A tennis walkover has no play: bookmakers void it and the model does not rate it, so neither is scored on it
      // (retirements stay: the match was played, the workbook keeps its closing prices, and both are scored on it).
      if (sport === 'tennis' && m.result!.detail.outcome === 'walkover') continue;
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
        closing: sport === 'tennis' ? sportClosingOf(m) : undefined,
      });
    }
  }
  // Point-by-point tennis (2017): rated from the earlier point-by-point matches only.
  const pbp = sportMatches['tennis-pbp']().filter((m) => m.result);
  const pbpPre = prematchProbabilities('tennis', pbp.map(ratedSport));
  for (const m of pbp.slice(0, opts.tennisPbpLimit ?? pbp.length)) {
    const p: Prematch = pbpPre.get(m.source_key)!;
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
