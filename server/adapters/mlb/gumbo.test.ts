/**
 * The GUMBO mappers on the recorded game (test/fixtures/upstream/mlb-statsapi/, MIT: Houston
 * Astros 3 @ Toronto Blue Jays 1, 2024-07-01): every fact checked against the recorded feed,
 * box score, line score and schedule read here, folded through the real baseball rules and the
 * real statistics / box-score modules.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IngestEventSchema } from '@/lib/wire/ops';
import { baseballBoxScore } from '@/lib/baseball/box-score';
import { project, replayEvents } from '@/lib/baseball/rules';
import { computeBaseballStatistics } from '@/lib/baseball/statistics';
import type { Advance } from '@/lib/baseball/types';
import type { ImportedSportMatch } from '@/lib/rules/contract';
import { mapGumboEvents } from './gumbo-events';
import { fixtureOfFeed, fixtureOfScheduleGame, gameState, scheduleGames } from './gumbo-fixture';
import { GumboFeedSchema } from './gumbo-schema';

const dir = (f: string) => fileURLToPath(new URL(`../../../test/fixtures/upstream/mlb-statsapi/${f}`, import.meta.url));
const read = (f: string): any => JSON.parse(readFileSync(dir(f), 'utf8'));
const raw = read('game_744914_feed_live.json');
const box = read('game_744914_boxscore.json');
const linescore = read('game_744914_linescore.json');
const feed = GumboFeedSchema.parse(raw);
const mapped = mapGumboEvents(feed);
const events = mapped.events.map((m) => m.event);
const final = replayEvents(events);
const name = (id: number): string => raw.gameData.players[`ID${id}`].fullName;
const allPlays: any[] = raw.liveData.plays.allPlays;

describe('GUMBO feed/live 744914 → baseball events', () => {
  it('every play is used and accepted by the baseball rules; the game ends final with the line score’s runs', () => {
    expect(mapped.skipped).toEqual([]);
    expect(mapped.final).toBe(true);
    expect(project(final)).toMatchObject({
      status: 'finished',
      score: { home: linescore.teams.home.runs, away: linescore.teams.away.runs },
    });
    expect([linescore.teams.away.runs, linescore.teams.home.runs]).toEqual([3, 1]);
  });

  it('every event passes the ingest schema of POST /v1/ops/events (what the runner checks)', () => {
    for (const e of events) {
      const r = IngestEventSchema.safeParse({ ...e, fixture_id: 1 });
      expect(r.success, `${e.event_id}: ${JSON.stringify(r.error?.issues)}`).toBe(true);
    }
  });

  it('one plate_appearance per completed play (68), with batter, pitcher and ids from the matchup', () => {
    const pas = events.filter((e) => e.type === 'plate_appearance');
    expect(pas).toHaveLength(allPlays.filter((p) => p.about.isComplete).length);
    pas.forEach((e, i) => {
      const p = allPlays[i];
      expect(e).toMatchObject({
        event_id: `mlb/744914/play/${p.about.atBatIndex}`,
        side: p.about.halfInning === 'top' ? 'away' : 'home',
        player: p.matchup.batter.fullName,
        period: `${p.about.halfInning}_${p.about.inning}`,
      });
      expect(e.detail).toMatchObject({
        batter_id: String(p.matchup.batter.id),
        pitcher_id: String(p.matchup.pitcher.id),
      });
    });
  });

  it('the scoring plays: batter, pitcher and runs of each are the feed’s, home runs among them', () => {
    const scoring: number[] = raw.liveData.plays.scoringPlays;
    expect(scoring).toHaveLength(3);
    let before = { away: 0, home: 0 };
    for (const i of scoring) {
      const p = allPlays[i];
      const e = events.find((x) => x.event_id === `mlb/744914/play/${i}`)!;
      const runs = (e.detail.advances as Advance[]).filter((a) => a.to === 'H' && !a.out).length;
      const after = { away: p.result.awayScore, home: p.result.homeScore };
      const side = p.about.halfInning === 'top' ? 'away' : 'home';
      expect(runs).toBe(after[side] - before[side]);
      expect(e.player).toBe(p.matchup.batter.fullName);
      expect(e.detail.pitcher).toBe(p.matchup.pitcher.fullName);
      expect(e.detail.outcome).toBe(p.result.eventType === 'home_run' ? 'home_run' : expect.any(String));
      before = after;
    }
    const hrs = events
      .filter((e) => e.type === 'plate_appearance' && e.detail.outcome === 'home_run')
      .map((e) => e.player);
    expect(hrs).toEqual(
      allPlays.filter((p) => p.result.eventType === 'home_run').map((p) => p.matchup.batter.fullName),
    );
    expect(hrs).toEqual(['Jeremy Peña', 'Yordan Alvarez', 'Ernie Clement']);
  });

  it('half-inning changes: one half_inning_end per half but the last (the game ends on it)', () => {
    const halves = new Set(allPlays.map((p) => `${p.about.inning}-${p.about.halfInning}`));
    const ends = events.filter((e) => e.type === 'half_inning_end');
    expect(ends).toHaveLength(halves.size - 1);
    expect(ends.map((e) => e.event_id.split('/').at(-1))).toEqual([...halves].slice(0, -1));
  });

  it('pitching changes and substitutions are the feed’s substitution actions', () => {
    const actions = allPlays.flatMap((p) =>
      p.playEvents.filter((x: any) => /substitution|switch/.test(x.details?.eventType ?? '')),
    );
    const pitching = actions
      .filter((x) => x.details.eventType === 'pitching_substitution')
      .map((x) => name(x.player.id));
    expect(events.filter((e) => e.type === 'pitching_change').map((e) => e.player)).toEqual(pitching);
    expect(pitching).toContain('Josh Hader');
    expect(events.filter((e) => e.type === 'substitution')).toHaveLength(actions.length - pitching.length);
  });

  it('game end: the result carries the decisions W Brown / L Rodríguez / S Hader and each pitcher’s ER from the box score', () => {
    const result = events.at(-1)!;
    const d = raw.liveData.decisions;
    expect(result).toMatchObject({
      type: 'result',
      detail: {
        home: 1,
        away: 3,
        innings: 9,
        winning_pitcher: { id: String(d.winner.id), name: d.winner.fullName },
        losing_pitcher: { id: String(d.loser.id), name: d.loser.fullName },
        save: { id: String(d.save.id), name: d.save.fullName },
      },
    });
    expect([d.winner.fullName, d.loser.fullName, d.save.fullName]).toEqual([
      'Hunter Brown',
      'Yariel Rodríguez',
      'Josh Hader',
    ]);
    const er = (result.detail.earned_runs as { pitcher_id: string; er: number }[]).map((x) => [x.pitcher_id, x.er]);
    const fromBox = (['away', 'home'] as const).flatMap((s) =>
      box.teams[s].pitchers.map((id: number) => [
        String(id),
        box.teams[s].players[`ID${id}`].stats.pitching.earnedRuns,
      ]),
    );
    expect(er).toEqual(fromBox);
  });

  it('line score: runs by inning and R/H/E per team equal the recorded linescore', () => {
    const innings: any[] = linescore.innings;
    expect(final.line_score.away).toEqual(innings.map((i) => i.away.runs));
    expect(final.line_score.home).toEqual(innings.filter((i) => i.home.runs !== undefined).map((i) => i.home.runs));
    for (const side of ['home', 'away'] as const) {
      expect([final.runs[side], final.hits[side], final.errors[side], final.left_on_base[side]]).toEqual([
        linescore.teams[side].runs,
        linescore.teams[side].hits,
        linescore.teams[side].errors,
        linescore.teams[side].leftOnBase,
      ]);
    }
  });

  it('box score: every batter’s AB, H, HR, RBI, BB, SO and every pitcher’s IP, H, ER, BB, SO equal the recorded boxscore', () => {
    const earned = events.at(-1)!.detail.earned_runs as { pitcher_id: string; er: number }[];
    const match = {
      sport: 'baseball',
      source_key: 'mlb/744914',
      home_team: 'home',
      away_team: 'away',
      events,
      result: { detail: { earned_runs: earned } },
    };
    const stats = computeBaseballStatistics([match as unknown as ImportedSportMatch]);
    const ours = baseballBoxScore(events, earned)!;
    for (const side of ['away', 'home'] as const) {
      const team = box.teams[side];
      for (const id of team.batters as number[]) {
        const b = team.players[`ID${id}`].stats.batting;
        if (!b.plateAppearances) continue;
        const line = stats.batting.find((x) => x.player_id === String(id));
        expect(line, name(id)).toMatchObject({
          ab: b.atBats,
          h: b.hits,
          hr: b.homeRuns,
          rbi: b.rbi,
          bb: b.baseOnBalls,
          so: b.strikeOuts,
        });
      }
      for (const id of team.pitchers as number[]) {
        const p = team.players[`ID${id}`].stats.pitching;
        const line = ours[side].pitching.find((x) => x.player_id === String(id));
        expect(line, name(id)).toMatchObject({
          ip: p.inningsPitched,
          h: p.hits,
          er: p.earnedRuns,
          bb: p.baseOnBalls,
          so: p.strikeOuts,
        });
        const era = stats.pitching.find((x) => x.player_id === String(id))!;
        expect(era.era).toBeCloseTo((27 * p.earnedRuns) / p.outs, 10);
      }
    }
  });

  it('the fixture: MLB league, the feed’s season, teams, venue and first pitch (UTC)', () => {
    expect(fixtureOfFeed(feed)).toEqual({
      sport: 'baseball',
      source_key: 'mlb/744914',
      competition: 'mlb',
      competition_name: 'Major League Baseball',
      season: raw.gameData.game.season,
      round: null,
      group: null,
      venue: raw.gameData.venue.name,
      kickoff: raw.gameData.datetime.dateTime,
      home_team: raw.gameData.teams.home.name,
      away_team: raw.gameData.teams.away.name,
    });
  });

  it('a cut of the feed mid-game maps to the plays so far; an in-progress play adds nothing yet', () => {
    const cut = structuredClone(raw);
    cut.gameData.status = { abstractGameState: 'Live', codedGameState: 'I', detailedState: 'In Progress' };
    // Play 29 (Peña's home run) in progress: two pitches seen, no result and no runner movement yet.
    cut.liveData.plays.allPlays = allPlays.slice(0, 30).map((p: any, i: number) =>
      i === 29
        ? {
            ...p,
            result: { type: 'atBat' },
            runners: [],
            playEvents: p.playEvents.slice(0, 2),
            about: { ...p.about, isComplete: false },
          }
        : p,
    );
    const m = mapGumboEvents(GumboFeedSchema.parse(cut));
    expect(m).toMatchObject({ live: true, final: false, skipped: [] });
    const ids = m.events.map((e) => e.event.event_id);
    expect(ids).toEqual(mapped.events.map((e) => e.event.event_id).slice(0, ids.length));
    expect(ids).toContain('mlb/744914/play/28');
    expect(ids).not.toContain('mlb/744914/play/29');
    expect(project(replayEvents(m.events.map((e) => e.event))).score).toEqual({ home: 0, away: 0 });
  });

  it('a postponed game is a status event, nothing else', () => {
    const pp = structuredClone(raw);
    pp.gameData.status = { abstractGameState: 'Final', codedGameState: 'D', detailedState: 'Postponed' };
    pp.liveData.plays.allPlays = [];
    const m = mapGumboEvents(GumboFeedSchema.parse(pp));
    expect(m.events.map((e) => [e.event.type, e.event.detail])).toEqual([['status', { status: 'postponed' }]]);
  });
});

describe('schedule 2024-07-01', () => {
  it('lists its games with their state and fixture', () => {
    const body = read('schedule_sportId1_2024-07-01.json');
    const { games, skipped } = scheduleGames(body);
    expect(skipped).toEqual([]);
    const recorded = body.dates.flatMap((d: any) => d.games);
    expect(games.map((g) => g.gamePk)).toEqual(recorded.map((g: any) => g.gamePk));
    expect(games.map((g) => gameState(g.status))).toEqual(recorded.map(() => 'final'));
    const hou = fixtureOfScheduleGame(games.find((g) => g.gamePk === 744914)!);
    expect(hou).toMatchObject({
      home_team: 'Toronto Blue Jays',
      away_team: 'Houston Astros',
      kickoff: '2024-07-01T19:07:00Z',
    });
  });
});
