/**
 * The recorded NHL play-by-play (test/fixtures/upstream/nhl-api-web/) as it stood at successive
 * moments, for the local upstream (test/helpers/upstream-server.ts): `cut` = how many plays (in
 * `sortOrder`) had happened. Before the last play the game is LIVE with the score, shots and
 * clock of the plays so far; at the last it is as recorded (OFF). Options: plays removed (a goal
 * taken back between polls) and a postponed game. Used by the nhl tests and bench/adapters.ts.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { UpstreamRoute } from './upstream-server';

/** The recorded game: 2025 playoffs R1 G1, FLA 6 @ TBL 2. */
export const NHL_PBP_FILE = fileURLToPath(
  new URL('../fixtures/upstream/nhl-api-web/gamecenter_2024030121_play-by-play.json', import.meta.url),
);

/** The recorded shift chart of the same game (api.nhle.com stats REST, MIT recording). */
export const NHL_SHIFTS_FILE = fileURLToPath(
  new URL('../fixtures/upstream/nhl-api-web/stats-rest_shiftcharts_2024030121.json', import.meta.url),
);

/** One row of the shift chart: a shift (`typeCode` 517, `duration` "mm:ss") or a goal marker (505). */
export interface NhlShift {
  playerId: number;
  teamId: number;
  period: number;
  startTime: string;
  endTime: string;
  duration: string | null;
  typeCode: number;
}

/** The recorded shift chart's rows. */
export function readNhlShifts(file = NHL_SHIFTS_FILE): NhlShift[] {
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { data: NhlShift[] }).data;
}

export interface NhlRecording {
  id: number;
  homeTeam: { id: number; abbrev: string; score: number; sog: number };
  awayTeam: { id: number; abbrev: string; score: number; sog: number };
  gameState: string;
  plays: {
    eventId: number;
    sortOrder: number;
    typeDescKey: string;
    timeRemaining: string;
    periodDescriptor: unknown;
    details?: Record<string, unknown>;
  }[];
  [k: string]: unknown;
}

/** The recording, parsed (a fresh copy on each call). */
export function readNhlRecording(file = NHL_PBP_FILE): NhlRecording {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as NhlRecording;
}

/** What a cut may change. */
export interface NhlCutOptions {
  /** eventIds missing from the answer (e.g. a goal taken back upstream). */
  removed?: number[];
  /** The game postponed: gameScheduleState PPD, no plays. */
  postponed?: boolean;
}

const byOrder = (g: NhlRecording) => [...g.plays].sort((a, b) => a.sortOrder - b.sortOrder);

/** Plays in sortOrder after which a goal stands: the cuts at which each goal appears (index + 1), then the end. */
export function nhlGoalCuts(g: NhlRecording): number[] {
  const plays = byOrder(g);
  const cuts = plays.flatMap((p, i) => (p.typeDescKey === 'goal' ? [i + 1] : []));
  return [...cuts, plays.length];
}

/** The play-by-play as it stood after `cut` plays (see the module comment). */
export function nhlPlayByPlayAt(g: NhlRecording, cut: number, opts: NhlCutOptions = {}): NhlRecording {
  const all = byOrder(g);
  if (opts.postponed)
    return {
      ...g,
      gameState: 'FUT',
      gameScheduleState: 'PPD',
      plays: [],
      homeTeam: { ...g.homeTeam, score: 0, sog: 0 },
      awayTeam: { ...g.awayTeam, score: 0, sog: 0 },
    };
  const removed = new Set(opts.removed ?? []);
  const plays = all.slice(0, Math.max(0, cut)).filter((p) => !removed.has(p.eventId));
  if (cut >= all.length && !removed.size) return { ...g, plays };
  const score = { home: 0, away: 0 };
  const sog = { home: 0, away: 0 };
  for (const p of plays) {
    const side = p.details?.eventOwnerTeamId === g.homeTeam.id ? 'home' : 'away';
    if (p.typeDescKey === 'goal') score[side] += 1;
    if (p.typeDescKey === 'goal' || p.typeDescKey === 'shot-on-goal') sog[side] += 1;
  }
  const last = plays.at(-1);
  return {
    ...g,
    gameState: cut >= all.length ? g.gameState : cut === 0 ? 'PRE' : 'LIVE',
    homeTeam: { ...g.homeTeam, score: score.home, sog: sog.home },
    awayTeam: { ...g.awayTeam, score: score.away, sog: sog.away },
    ...(last
      ? { periodDescriptor: last.periodDescriptor, clock: { timeRemaining: last.timeRemaining, running: true } }
      : {}),
    plays,
  };
}

/** `/v1/score/{date}` at a cut: the one game with its state and score. */
export function nhlScoreAt(g: NhlRecording, cut: number, opts: NhlCutOptions = {}) {
  const p = nhlPlayByPlayAt(g, cut, opts);
  return {
    games: [
      {
        id: p.id,
        gameState: p.gameState,
        gameScheduleState: opts.postponed ? 'PPD' : 'OK',
        homeTeam: { id: p.homeTeam.id, abbrev: p.homeTeam.abbrev, score: p.homeTeam.score },
        awayTeam: { id: p.awayTeam.id, abbrev: p.awayTeam.abbrev, score: p.awayTeam.score },
      },
    ],
  };
}

const mmss = (t: string) => {
  const [m, s] = t.split(':').map(Number);
  return m * 60 + s;
};
const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/**
 * The game's box score (`/v1/gamecenter/{id}/boxscore`) as it stood after `cut` plays.
 * CONSTRUCTED, not recorded — no box score of this game was recorded (live-feeds README "Not
 * found") — in the shape of the recorded 2024020600 box score in StefanOOE/mcp-nhl
 * (tests/fixtures/boxscore.json), from the two recordings of this game: skaters' goals, assists,
 * points, power-play goals, shots on goal and penalty minutes from the plays so far, their time on
 * ice from the recorded shift chart's shifts ended by the last play; goalies' shots against,
 * goals against and saves from the shots and goals naming them in `goalieInNetId`. Roster spots
 * without a shift or a play are left out (scratched).
 */
export function nhlBoxScoreAt(g: NhlRecording, shifts: readonly NhlShift[], cut: number): Record<string, unknown> {
  const p = nhlPlayByPlayAt(g, cut);
  const last = p.plays.at(-1) as (NhlRecording['plays'][number] & { timeInPeriod?: string }) | undefined;
  const lastPeriod = (last?.periodDescriptor as { number: number } | undefined)?.number ?? 0;
  const lastAt = last?.timeInPeriod ? mmss(last.timeInPeriod) : 0;
  const ended = cut >= g.plays.length;
  const toi = new Map<number, number>();
  for (const s of shifts)
    if (
      s.typeCode === 517 &&
      s.duration &&
      (ended || s.period < lastPeriod || (s.period === lastPeriod && mmss(s.endTime) <= lastAt))
    )
      toi.set(s.playerId, (toi.get(s.playerId) ?? 0) + mmss(s.duration));
  type Line = Record<string, number | string | { default: string }>;
  const lines = new Map<number, Line>();
  const roster = g.rosterSpots as {
    teamId: number;
    playerId: number;
    firstName: { default: string };
    lastName: { default: string };
    sweaterNumber: number;
    positionCode: string;
  }[];
  for (const r of roster) {
    const base = {
      playerId: r.playerId,
      sweaterNumber: r.sweaterNumber,
      name: { default: `${r.firstName.default[0]}. ${r.lastName.default}` },
      position: r.positionCode,
      pim: 0,
      toi: clock(toi.get(r.playerId) ?? 0),
    };
    lines.set(
      r.playerId,
      r.positionCode === 'G'
        ? { ...base, shotsAgainst: 0, saves: 0, goalsAgainst: 0 }
        : { ...base, goals: 0, assists: 0, points: 0, powerPlayGoals: 0, sog: 0 },
    );
  }
  const add = (id: unknown, k: string, n = 1) => {
    const l = typeof id === 'number' ? lines.get(id) : undefined;
    if (l && typeof l[k] === 'number') l[k] = (l[k] as number) + n;
  };
  const used = new Set<number>([...toi.keys()]);
  for (const play of p.plays as (NhlRecording['plays'][number] & { situationCode?: string })[]) {
    const d = play.details ?? {};
    const shootout = (play.periodDescriptor as { periodType: string }).periodType === 'SO';
    for (const k of [
      'scoringPlayerId',
      'shootingPlayerId',
      'assist1PlayerId',
      'assist2PlayerId',
      'committedByPlayerId',
    ])
      if (typeof d[k] === 'number') used.add(d[k] as number);
    if (shootout) continue;
    if (play.typeDescKey === 'goal') {
      add(d.scoringPlayerId, 'goals');
      add(d.scoringPlayerId, 'points');
      add(d.scoringPlayerId, 'sog');
      for (const a of [d.assist1PlayerId, d.assist2PlayerId]) {
        add(a, 'assists');
        add(a, 'points');
      }
      const [awayG, awayS, homeS, homeG] = (play.situationCode ?? '1551').split('').map(Number);
      const home = d.eventOwnerTeamId === g.homeTeam.id;
      if ((home ? homeS > awayS : awayS > homeS) && (home ? awayG : homeG) === 1)
        add(d.scoringPlayerId, 'powerPlayGoals');
      add(d.goalieInNetId, 'shotsAgainst');
      add(d.goalieInNetId, 'goalsAgainst');
    } else if (play.typeDescKey === 'shot-on-goal') {
      add(d.shootingPlayerId, 'sog');
      add(d.goalieInNetId, 'shotsAgainst');
      add(d.goalieInNetId, 'saves');
    } else if (play.typeDescKey === 'penalty') add(d.committedByPlayerId, 'pim', Number(d.duration ?? 0));
  }
  for (const l of lines.values())
    if (l.position === 'G') {
      l.saveShotsAgainst = `${l.saves}/${l.shotsAgainst}`;
      if ((l.shotsAgainst as number) > 0) l.savePctg = (l.saves as number) / (l.shotsAgainst as number);
    }
  const team = (teamId: number) => {
    const of = (pos: (c: string) => boolean) =>
      roster
        .filter((r) => r.teamId === teamId && pos(r.positionCode) && used.has(r.playerId))
        .map((r) => lines.get(r.playerId));
    return { forwards: of((c) => 'CLR'.includes(c)), defense: of((c) => c === 'D'), goalies: of((c) => c === 'G') };
  };
  return {
    id: g.id,
    season: g.season,
    gameType: g.gameType,
    constructed: 'by test/helpers/nhl-cuts.ts from the recorded play-by-play and shift chart, not recorded',
    gameState: p.gameState,
    ...(last ? { periodDescriptor: last.periodDescriptor } : {}),
    homeTeam: p.homeTeam,
    awayTeam: p.awayTeam,
    playerByGameStats: { homeTeam: team(g.homeTeam.id), awayTeam: team(g.awayTeam.id) },
  };
}

/**
 * A route for the local upstream answering api-web.nhle.com's paths at the upstream's current
 * cut: `/v1/score/{date}`, `/v1/gamecenter/{id}/play-by-play`, and — when `box()` says so —
 * `/v1/gamecenter/{id}/boxscore` (nhlBoxScoreAt; else a 404, as when the box score is not
 * available). `opts()` and `box()` are read on every request.
 */
export function nhlRoute(
  g: NhlRecording,
  cut: () => number,
  opts: () => NhlCutOptions = () => ({}),
  box: () => readonly NhlShift[] | null = () => null,
): UpstreamRoute {
  return (path) => {
    if (path.startsWith('/v1/score/')) return { body: nhlScoreAt(g, cut(), opts()) };
    if (path === `/v1/gamecenter/${g.id}/play-by-play`) return { body: nhlPlayByPlayAt(g, cut(), opts()) };
    const shifts = box();
    if (shifts && path === `/v1/gamecenter/${g.id}/boxscore`) return { body: nhlBoxScoreAt(g, shifts, cut()) };
    return undefined;
  };
}
