/**
 * The cdn.nba.com mappers on the recorded game (test/fixtures/upstream/nba-cdn/, MIT: Golden
 * State Warriors 99 @ Brooklyn Nets 125, 2020-12-22): every fact checked against the recorded
 * play-by-play and box score read here, folded through the real basketball rules and the real
 * player statistics.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IngestEventSchema } from '@/lib/wire/ops';
import { applyEvent, initialState, project } from '@/lib/basketball/rules';
import { playerStatistics } from '@/lib/statistics/players';
import type { StatsMatch } from '@/lib/statistics/types';
import { boxScoreEvent, clockSeconds, mapPlayByPlay } from './cdn-events';
import { fixtureOfGame, gameInfoOf, gameInfoOfBox, nbaSeasonOf } from './cdn-game';
import { NbaBoxScoreSchema, NbaGameSchema } from './cdn-schema';

const dir = (f: string) => fileURLToPath(new URL(`../../../test/fixtures/upstream/nba-cdn/${f}`, import.meta.url));
const read = (f: string): any => JSON.parse(readFileSync(dir(f), 'utf8'));
const pbp = read('playbyplay_0022000001.json');
const rawBox = read('boxscore_0022000001.json');
const box = NbaBoxScoreSchema.parse(rawBox);
const game = gameInfoOfBox(box);
const mapped = mapPlayByPlay(pbp, game);
const events = mapped.events.map((m) => m.event);
const actions: any[] = pbp.game.actions;
const last = actions.at(-1);

describe('play-by-play 0022000001 → basketball events', () => {
  it('every action is accepted by the rules; final GSW 99 BKN 125 as the last action and the box score say', () => {
    expect(mapped.skipped).toEqual([]);
    expect(mapped.final).toBe(true);
    const s = events.reduce(applyEvent, initialState());
    const score = { home: Number(last.scoreHome), away: Number(last.scoreAway) };
    expect(project(s)).toMatchObject({ status: 'finished', score });
    expect(score).toEqual({ home: rawBox.game.homeTeam.score, away: rawBox.game.awayTeam.score });
    expect([game.away.name, score.away, game.home.name, score.home]).toEqual([
      'Golden State Warriors',
      99,
      'Brooklyn Nets',
      125,
    ]);
    expect(s.line_score.home).toEqual(rawBox.game.homeTeam.periods.map((p: any) => p.score));
    expect(s.line_score.away).toEqual(rawBox.game.awayTeam.periods.map((p: any) => p.score));
  });

  it('every made shot (2pt, 3pt, free throw) is one scoring event with its player, side and running score', () => {
    const made = actions.filter((a) => ['2pt', '3pt', 'freethrow'].includes(a.actionType) && a.shotResult === 'Made');
    const scoring = events.filter((e) => (e.type === 'field_goal' || e.type === 'free_throw') && e.detail.made);
    expect(scoring.map((e) => e.event_id)).toEqual(made.map((a) => `nba/0022000001/${a.actionNumber}`));
    let running = { home: 0, away: 0 };
    scoring.forEach((e, i) => {
      const a = made[i];
      expect(e).toMatchObject({ player: a.playerNameI, side: a.teamId === game.home.teamId ? 'home' : 'away' });
      const points = a.actionType === '3pt' ? 3 : a.actionType === '2pt' ? 2 : 1;
      running = { ...running, [e.side!]: running[e.side!] + points };
      expect(running).toEqual({ home: Number(a.scoreHome), away: Number(a.scoreAway) });
      expect(e.detail.score).toEqual(running);
    });
  });

  it('fouls, timeouts, substitutions, period starts/ends: one event per action of the file', () => {
    const count = (type: string, sub?: string) =>
      actions.filter((a) => a.actionType === type && (sub === undefined || a.subType === sub)).length;
    const of = (type: string) => events.filter((e) => e.type === type).length;
    expect(of('foul')).toBe(count('foul'));
    expect(of('timeout')).toBe(count('timeout'));
    expect(of('substitution')).toBe(count('substitution', 'in'));
    expect(of('period_start')).toBe(count('period', 'start'));
    expect(of('period_end')).toBe(count('period', 'end'));
    expect([of('foul'), of('timeout'), of('substitution'), of('period_end')]).toEqual([46, 9, 48, 4]);
    const sub = events.find((e) => e.type === 'substitution')!;
    expect(sub.detail.replaced).toEqual(expect.any(String));
  });

  it('every event passes the ingest schema of POST /v1/ops/events (what the runner checks)', () => {
    for (const e of events) {
      const r = IngestEventSchema.safeParse({ ...e, fixture_id: 1 });
      expect(r.success, `${e.event_id}: ${JSON.stringify(r.error?.issues)}`).toBe(true);
    }
  });

  it('game end: a result with the final score, no overtime', () => {
    expect(events.at(-1)).toMatchObject({ type: 'result', detail: { home: 125, away: 99, overtimes: 0 } });
  });

  it('clock readings: PT11M32.00S = 692 s; q1–q4, then ot1…', () => {
    expect(clockSeconds('PT11M32.00S')).toBe(692);
    expect(clockSeconds('PT00M00.50S')).toBe(0.5);
    expect(events[0]).toMatchObject({ type: 'period_start', period: 'q1', clock_seconds: 720 });
  });

  it('an action edited upstream keeps its id with new content; a deleted one is missing (what the ledger turns into corrections)', () => {
    const edited = structuredClone(pbp);
    const three = edited.game.actions.find((a: any) => a.actionType === '3pt' && a.shotResult === 'Made');
    three.playerNameI = 'X. Edited';
    three.edited = '2020-12-23T03:00:00Z';
    const firstFt = edited.game.actions.findIndex((a: any) => a.actionType === 'freethrow');
    const deleted = edited.game.actions.splice(firstFt, 1)[0];
    const m = mapPlayByPlay(edited, game);
    expect(m.events.find((e) => e.event.event_id === `nba/0022000001/${three.actionNumber}`)!.event.player).toBe(
      'X. Edited',
    );
    expect(m.events.some((e) => e.event.event_id === `nba/0022000001/${deleted.actionNumber}`)).toBe(false);
  });
});

describe('box score 0022000001 → a box_score event and player statistics', () => {
  const { event, skipped } = boxScoreEvent(box);
  const lines = event!.detail.players as any[];

  it('one line per player who played, with the file’s MIN, PTS, REB, AST, STL, BLK, TO and FG/3P/FT', () => {
    expect(skipped).toEqual([]);
    expect(event!.event_id).toBe('nba/0022000001/box/final');
    const played = [...rawBox.game.homeTeam.players, ...rawBox.game.awayTeam.players].filter(
      (p: any) => p.played === '1',
    );
    expect(lines).toHaveLength(played.length);
    for (const p of played) {
      const s = p.statistics;
      expect(lines.find((l) => l.player_id === String(p.personId))).toMatchObject({
        player: p.nameI,
        seconds: Math.round(clockSeconds(s.minutes)!),
        points: s.points,
        rebounds: s.reboundsTotal,
        assists: s.assists,
        steals: s.steals,
        blocks: s.blocks,
        turnovers: s.turnovers,
        fgm: s.fieldGoalsMade,
        fga: s.fieldGoalsAttempted,
        tpm: s.threePointersMade,
        tpa: s.threePointersAttempted,
        ftm: s.freeThrowsMade,
        fta: s.freeThrowsAttempted,
        fouls: s.foulsPersonal,
      });
    }
  });

  it('player statistics of the game: Irving 26 first, then Durant 22; points from the box equal those counted from the play-by-play', () => {
    const m = (evs: typeof events): StatsMatch => ({
      fixture_id: 1,
      sport: 'basketball',
      competition: 'nba',
      season: '2020-21',
      home_team: game.home.name,
      away_team: game.away.name,
      kickoff: game.kickoff!,
      status: 'finished',
      score: { home: 125, away: 99 },
      winner: 'home',
      result_detail: null,
      events: evs,
      stats: null,
    });
    const withBox = playerStatistics('basketball', [m([...events, event!])]).categories[0].rows as any[];
    const fromPbp = playerStatistics('basketball', [m(events)]).categories[0].rows as any[];
    const top = [...rawBox.game.homeTeam.players, ...rawBox.game.awayTeam.players].sort(
      (a: any, b: any) => b.statistics.points - a.statistics.points,
    );
    expect(withBox.slice(0, 2).map((r) => [r.player, r.points])).toEqual(
      top.slice(0, 2).map((p: any) => [p.nameI, p.statistics.points]),
    );
    expect(withBox[0]).toMatchObject({ player: 'K. Irving', points: 26, team: 'Brooklyn Nets' });
    for (const r of withBox) expect(fromPbp.find((x) => x.player === r.player)?.points ?? 0, r.player).toBe(r.points);
    expect(withBox[0].minutes).toBeCloseTo(clockSeconds(top[0].statistics.minutes)! / 60, 1);
  });
});

describe('games and fixtures', () => {
  it('the box score names the fixture: NBA 2020-21, Barclays Center, tip-off 00:00 UTC', () => {
    expect(nbaSeasonOf('0022000001')).toBe('2020-21');
    expect(fixtureOfGame(game, '1970-01-01T00:00:00Z')).toEqual({
      sport: 'basketball',
      source_key: 'nba/0022000001',
      competition: 'nba',
      competition_name: 'NBA',
      season: '2020-21',
      round: null,
      group: null,
      venue: rawBox.game.arena.arenaName,
      kickoff: rawBox.game.gameTimeUTC,
      home_team: 'Brooklyn Nets',
      away_team: 'Golden State Warriors',
    });
  });

  it('a scoreboard game (the box score’s own header fields, shape of todaysScoreboard_00.json) gives the same teams', () => {
    const g = rawBox.game;
    const sb = NbaGameSchema.parse({
      gameId: g.gameId,
      gameStatus: g.gameStatus,
      gameStatusText: g.gameStatusText,
      gameTimeUTC: g.gameTimeUTC,
      homeTeam: {
        teamId: g.homeTeam.teamId,
        teamName: g.homeTeam.teamName,
        teamCity: g.homeTeam.teamCity,
        teamTricode: g.homeTeam.teamTricode,
        score: g.homeTeam.score,
      },
      awayTeam: {
        teamId: g.awayTeam.teamId,
        teamName: g.awayTeam.teamName,
        teamCity: g.awayTeam.teamCity,
        teamTricode: g.awayTeam.teamTricode,
        score: g.awayTeam.score,
      },
    });
    expect(gameInfoOf(sb)).toMatchObject({ home: game.home, away: game.away, kickoff: game.kickoff, status: 3 });
  });
});
