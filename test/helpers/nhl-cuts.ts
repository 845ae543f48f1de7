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

/**
 * A route for the local upstream answering api-web.nhle.com's paths at the upstream's current
 * cut: `/v1/score/{date}`, `/v1/gamecenter/{id}/play-by-play` (the box score 404s, as when it
 * is not available). `opts()` is read on every request.
 */
export function nhlRoute(g: NhlRecording, cut: () => number, opts: () => NhlCutOptions = () => ({})): UpstreamRoute {
  return (path) => {
    if (path.startsWith('/v1/score/')) return { body: nhlScoreAt(g, cut(), opts()) };
    if (path === `/v1/gamecenter/${g.id}/play-by-play`) return { body: nhlPlayByPlayAt(g, cut(), opts()) };
    return undefined;
  };
}
