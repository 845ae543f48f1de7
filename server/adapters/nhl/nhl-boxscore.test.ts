/**
 * The nhl adapter's box-score mapping (nhl-boxscore.ts). No box score of the recorded game
 * 2024030121 was recorded, so the box score here is built by test/helpers/nhl-cuts.ts
 * (nhlBoxScoreAt) in the upstream's shape from the two recordings of the game — the play-by-play
 * and the shift chart (test/fixtures/upstream/nhl-api-web/) — and every expected value is read
 * again from those files here: time on ice = the player's shift durations in the shift chart,
 * goalies' shots against / goals against = the plays naming them in goalieInNetId.
 */
import { describe, expect, it } from 'vitest';
import { foldLog } from '@/lib/match/corrections';
import type { FeedEvent, SportMatchState } from '@/lib/match/state';
import type { IceHockeyBoxLine } from '@/lib/ice-hockey/types';
import { iceHockeyPlayerCategories } from '@/lib/statistics/event-players';
import { nhlBoxScoreAt, nhlGoalCuts, readNhlRecording, readNhlShifts } from '@/test/helpers/nhl-cuts';
import { nhlBoxScoreEvent } from './nhl-boxscore';
import { mapNhlGame, nhlRosterNames } from './nhl-mapping';
import { NhlBoxScoreSchema, NhlPlayByPlaySchema } from './nhl-schemas';

const rec = readNhlRecording();
const shifts = readNhlShifts();
const pbp = NhlPlayByPlaySchema.parse(rec);
const names = nhlRosterNames(pbp);
const roster = rec.rosterSpots as {
  playerId: number;
  teamId: number;
  positionCode: string;
  firstName: { default: string };
  lastName: { default: string };
}[];
const idOf = (last: string) => roster.find((r) => r.lastName.default === last)!.playerId;
const mmss = (t: string) => Number(t.split(':')[0]) * 60 + Number(t.split(':')[1]);
/** A player's time on ice in the recorded shift chart, seconds. */
const shiftSeconds = (playerId: number) =>
  shifts
    .filter((s) => s.playerId === playerId && s.typeCode === 517 && s.duration)
    .reduce((n, s) => n + mmss(s.duration!), 0);
/** Shots on goal and goals the recorded plays charge to a goalie. */
const faced = (goalieId: number) => {
  const on = rec.plays.filter((p) => p.details?.goalieInNetId === goalieId);
  const goals = on.filter((p) => p.typeDescKey === 'goal').length;
  return { shots_against: on.filter((p) => p.typeDescKey === 'shot-on-goal').length + goals, goals_against: goals };
};
const lines = (box: unknown) => {
  const m = nhlBoxScoreEvent(NhlBoxScoreSchema.parse(box), names);
  return { ...m, players: (m.event?.detail.players ?? []) as IceHockeyBoxLine[] };
};

describe('nhl box score → box_score event (game 2024030121, box built from its play-by-play and shift chart)', () => {
  const final = lines(nhlBoxScoreAt(rec, shifts, rec.plays.length));

  it('the final box score: one line per dressed player, full roster names, id nhl:<game>:box:final', () => {
    expect(final.event?.event_id).toBe(`nhl:${rec.id}:box:final`);
    expect(final.final).toBe(true);
    expect(final.skipped).toEqual([]);
    const dressed = new Set(shifts.filter((s) => s.typeCode === 517).map((s) => s.playerId));
    for (const id of dressed)
      expect(
        final.players.some((l) => l.player_id === String(id)),
        String(id),
      ).toBe(true);
    const bennett = final.players.find((l) => l.player_id === String(idOf('Bennett')))!;
    expect(bennett).toMatchObject({ player: 'Sam Bennett', side: 'away', position: 'C' });
  });

  it('skaters: TOI from the shift chart; G, A, P, SOG, PIM as the plays count them', () => {
    for (const l of final.players.filter((x) => x.position !== 'G')) {
      const id = Number(l.player_id);
      expect(l.toi_seconds, l.player).toBe(shiftSeconds(id));
      const mine = rec.plays.filter((p) => p.periodDescriptor && (p.details ?? {}).scoringPlayerId === id);
      expect(l.goals, l.player).toBe(mine.filter((p) => p.typeDescKey === 'goal').length);
      const assists = rec.plays.filter(
        (p) => p.typeDescKey === 'goal' && (p.details?.assist1PlayerId === id || p.details?.assist2PlayerId === id),
      ).length;
      expect([l.assists, l.points], l.player).toEqual([assists, l.goals + assists]);
      const sog = rec.plays.filter(
        (p) =>
          (p.typeDescKey === 'shot-on-goal' && p.details?.shootingPlayerId === id) ||
          (p.typeDescKey === 'goal' && p.details?.scoringPlayerId === id),
      ).length;
      expect(l.shots, l.player).toBe(sog);
      const pim = rec.plays
        .filter((p) => p.typeDescKey === 'penalty' && p.details?.committedByPlayerId === id)
        .reduce((n, p) => n + Number(p.details?.duration ?? 0), 0);
      expect(l.pim, l.player).toBe(pim);
    }
  });

  it('goalies: shots against, saves and goals against from the plays naming them; TOI from the shift chart', () => {
    const goalies = final.players.filter((x) => x.position === 'G');
    expect(goalies.length).toBeGreaterThanOrEqual(2);
    for (const g of goalies) {
      const id = Number(g.player_id);
      const f = faced(id);
      expect(g, g.player).toMatchObject({
        ...f,
        saves: f.shots_against - f.goals_against,
        toi_seconds: shiftSeconds(id),
      });
    }
    const bob = goalies.find((g) => g.player === 'Sergei Bobrovsky')!;
    expect(bob.goals_against).toBe(rec.homeTeam.score); // every Tampa Bay goal was on him
  });

  it('player statistics read the box score: TOI and SV% per goalie; the events alone give no TOI', () => {
    const events = [...mapNhlGame(pbp).events, final.event!];
    const match = {
      fixture_id: 1,
      sport: 'ice-hockey',
      home_team: 'TBL',
      away_team: 'FLA',
      events: events.map((e) => ({ ...e, occurred_at: '' })),
    } as never;
    const [scorers, goalies] = iceHockeyPlayerCategories([match]);
    const vas = idOf('Vasilevskiy');
    const f = faced(vas);
    expect(goalies.rows.find((r) => r.player === 'Andrei Vasilevskiy')).toMatchObject({
      team: 'TBL',
      games: 1,
      ...f,
      save_pct: Math.round(((f.shots_against - f.goals_against) / f.shots_against) * 1000) / 1000,
      toi_minutes: Math.round(shiftSeconds(vas) / 6) / 10,
    });
    const bennett = scorers.rows.find((r) => r.player === 'Sam Bennett')!;
    expect(bennett.toi_minutes).toBe(Math.round(shiftSeconds(idOf('Bennett')) / 6) / 10);
    const [fromEvents, goaliesFromEvents] = iceHockeyPlayerCategories([
      { ...(match as object), events: mapNhlGame(pbp).events.map((e) => ({ ...e, occurred_at: '' })) } as never,
    ]);
    expect(fromEvents.rows.find((r) => r.player === 'Sam Bennett')).toMatchObject({
      goals: bennett.goals,
      toi_minutes: null,
    });
    // The play-by-play alone names the goalie of every shot: the same saves, no TOI.
    expect(goaliesFromEvents.rows.find((r) => r.player === 'Andrei Vasilevskiy')).toMatchObject({
      ...f,
      toi_minutes: null,
    });
  });

  it('mid-game: a snapshot per period with the time on ice so far; accepted by the rules after the final too', () => {
    const cut = nhlGoalCuts(rec)[3];
    const mid = lines(nhlBoxScoreAt(rec, shifts, cut));
    const period = (
      rec.plays.slice().sort((a, b) => a.sortOrder - b.sortOrder)[cut - 1].periodDescriptor as { number: number }
    ).number;
    expect(mid.event?.event_id).toBe(`nhl:${rec.id}:box:p${period}`);
    expect(mid.final).toBe(false);
    const bob = (l: IceHockeyBoxLine[]) => l.find((g) => g.player === 'Sergei Bobrovsky')!.toi_seconds;
    expect(bob(mid.players)).toBeGreaterThan(0);
    expect(bob(mid.players)).toBeLessThan(bob(final.players));
    const state = foldLog(
      'ice-hockey',
      [...mapNhlGame(pbp).events, mid.event!, final.event!].map((event: FeedEvent) => ({
        event,
        occurred_at: '2025-04-23T01:00:00.000Z',
      })),
      { playoff: true },
    ) as SportMatchState;
    expect(state).toMatchObject({ status: 'finished', score: { home: rec.homeTeam.score, away: rec.awayTeam.score } });
  });

  it('a goalie line with saveShotsAgainst only, and an unreadable line skipped (not the box)', () => {
    const box = structuredClone(nhlBoxScoreAt(rec, shifts, rec.plays.length)) as any;
    const g = box.playerByGameStats.homeTeam.goalies[0];
    delete g.shotsAgainst;
    delete g.saves;
    g.saveShotsAgainst = '25/27';
    box.playerByGameStats.awayTeam.forwards[0].toi = 'soon';
    const m = lines(box);
    expect(m.players.find((l) => l.player_id === String(g.playerId))).toMatchObject({
      shots_against: 27,
      saves: 25,
    });
    expect(m.skipped).toHaveLength(1);
    expect(m.skipped[0].item).toMatch(/away forwards\[0\]/);
  });
});
